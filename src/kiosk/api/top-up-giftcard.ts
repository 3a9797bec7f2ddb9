import type { GiftcardTopUpResult } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/top-up (top_up_giftcards). Errors: 5001 unknown card,
 * 1003 inactive card, 5002 expired, 5006 digital card already topped up, 5008 above the maximum.
 */
export function topUpGiftcard(
  uuid: string,
  variables: ActionVariables<{ giftcard_uuid: string; amount_in_cents: number }>,
): Promise<GiftcardTopUpResult> {
  return postSessionAction<GiftcardTopUpResult>(uuid, '/giftcards/top-up', variables);
}

/** The gift-card top-up action of a session. */
export function useTopUpGiftcard(uuid: string) {
  return useSessionAction(uuid, topUpGiftcard);
}
