import type { PortalCreditReception } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/receipt-tokens/claim: the credits of a scanned receipt code for
 * the identified customer (docs/receipt-tokens.md). Errors: customer_not_identified,
 * loyalty_token_invalid, loyalty_token_expired, loyalty_token_claimed; 404 where the service takes
 * no receipts.
 */
export const claimReceiptAction: SessionAction<{ value: string }, PortalCreditReception> = {
  changes: true,
  send: (uuid, variables) =>
    postSessionAction<PortalCreditReception>(uuid, '/receipt-tokens/claim', variables),
  apply: (uuid, result, queryClient) =>
    updateSession(queryClient, uuid, (s) => ({ ...s, contact: result.contact })),
};
