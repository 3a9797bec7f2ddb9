import type { PortalContact } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/terms/accept: the proven customer accepts the account's terms,
 * which they had not accepted yet (registered where the terms were not shown to them). Errors:
 * proof_required, customer_not_identified.
 */
export const acceptTermsAction: SessionAction<Record<string, never>, PortalContact> = {
  changes: true,
  send: async (uuid, variables) =>
    (await postSessionAction<{ contact: PortalContact }>(uuid, '/terms/accept', variables)).contact,
  apply: (uuid, contact, queryClient) => updateSession(queryClient, uuid, (s) => ({ ...s, contact })),
};
