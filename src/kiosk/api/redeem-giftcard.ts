import type { GiftcardRedeemResult, PortalSessionState } from '../../contract/portal';
import { sessionKey } from './get-session';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/redeem: charges min(balance, remaining) to the card
 * (redeem_giftcards). Errors: 1003 (HTTP 409) nothing remains or one card only; 5001 unknown card,
 * 1003 inactive card, 5002 expired, 5003 empty.
 */
export function redeemGiftcard(
  uuid: string,
  variables: ActionVariables<{ giftcard_uuid: string }>,
): Promise<GiftcardRedeemResult> {
  return postSessionAction<GiftcardRedeemResult>(uuid, '/giftcards/redeem', variables);
}

/**
 * The pay-with-a-gift-card action of a session. Its answer updates the cached session's payment at
 * once, so the next screen never shows the state before it (the refetch follows).
 */
export function useRedeemGiftcard(uuid: string) {
  return useSessionAction(uuid, redeemGiftcard, (result, queryClient) =>
    queryClient.setQueryData<PortalSessionState>(sessionKey(uuid), (session) =>
      session
        ? {
            ...session,
            giftcard_payment: {
              payments: result.payments,
              paid_in_cents: result.paid_in_cents,
              remaining_in_cents: result.remaining_in_cents,
            },
          }
        : session,
    ),
  );
}
