import type { ContactProof } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

// The session's proof changes at once with the answer.
const applyProof: SessionAction<unknown, ContactProof>['apply'] = (uuid, proof, queryClient) =>
  updateSession(queryClient, uuid, (s) => ({ ...s, contact_proof: proof }));

/**
 * POST /portal/api/sessions/{uuid}/verification/send: a six-digit code to the address of the
 * customer known by e-mail (docs/trust-model.md). Errors: verification_locked (three codes sent,
 * or five tries), customer_not_identified.
 */
export const sendCodeAction: SessionAction<Record<string, never>, ContactProof> = {
  changes: false,
  send: (uuid, variables) => postSessionAction<ContactProof>(uuid, '/verification/send', variables),
  apply: applyProof,
};

/**
 * POST /portal/api/sessions/{uuid}/verification/verify: the code the customer typed; once right,
 * they are proven for the session. Errors: verification_code_wrong, verification_code_expired,
 * verification_locked.
 */
export const verifyCodeAction: SessionAction<{ code: string }, ContactProof> = {
  changes: false,
  send: (uuid, variables) => postSessionAction<ContactProof>(uuid, '/verification/verify', variables),
  apply: applyProof,
};
