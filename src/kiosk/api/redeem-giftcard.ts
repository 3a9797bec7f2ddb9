import type { GiftcardRedeemResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/redeem: charges min(balance, remaining) to the card
 * (redeem_giftcards). Errors: 1003 (HTTP 409) nothing remains or one card only; 5001 unknown card,
 * 1003 inactive card, 5002 expired, 5003 empty. Its answer updates the cached session's payment at
 * once, so the next screen never shows the state before it.
 */
export const redeemGiftcardAction: SessionAction<{ giftcard_uuid: string }, GiftcardRedeemResult> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<GiftcardRedeemResult>(uuid, '/giftcards/redeem', variables),
  apply: (uuid, result, queryClient) =>
    updateSession(queryClient, uuid, (session) => ({
      ...session,
      giftcard_payment: {
        payments: result.payments,
        paid_in_cents: result.paid_in_cents,
        remaining_in_cents: result.remaining_in_cents,
      },
    })),
};
