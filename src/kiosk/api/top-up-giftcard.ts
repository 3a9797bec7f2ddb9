import type { AwaitingPayment, GiftcardTopUpResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/top-up (top_up_giftcards); a session that holds its
 * top-ups answers `awaiting_payment` (the cashier confirms the payment first). Errors: 5001
 * unknown card, 1003 inactive card, 5002 expired, 5006 digital card already topped up, 5008
 * above the maximum, amount_set_by_session, giftcard_top_up_done.
 */
export const topUpGiftcardAction: SessionAction<
  { giftcard_uuid: string; amount_in_cents: number },
  GiftcardTopUpResult | AwaitingPayment
> = {
  changes: true,
  send: (uuid, variables) =>
    postSessionAction<GiftcardTopUpResult | AwaitingPayment>(uuid, '/giftcards/top-up', variables),
  apply: (uuid, result, queryClient) => {
    if (!('awaiting_payment' in result)) return;
    updateSession(queryClient, uuid, (s) => ({
      ...s,
      payment_hold: { ...result.awaiting_payment, giftcard: null },
    }));
  },
};
