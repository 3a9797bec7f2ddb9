import type { PortalCreditReception } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/receipt-tokens/claim: the customer collects the credits of a
 * scanned receipt code (identify sessions; docs/receipt-tokens.md). Errors: 1003
 * loyalty_token_invalid (no receipt code, or a changed one), loyalty_token_expired,
 * loyalty_token_claimed, 1015 above the maximum per reception.
 */
export const claimReceiptAction: SessionAction<{ value: string }, PortalCreditReception> = {
  changes: true,
  send: (uuid, variables) =>
    postSessionAction<PortalCreditReception>(uuid, '/receipt-tokens/claim', variables),
  apply: (uuid, reception, queryClient) =>
    updateSession(queryClient, uuid, (s) => ({ ...s, contact: reception.contact })),
};
