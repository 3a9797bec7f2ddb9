import type { GiftcardTopUpResult } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/top-up (top_up_giftcards). Errors: 5001 unknown card,
 * 1003 inactive card, 5002 expired, 5006 digital card already
 * topped up, 5008 above the maximum.
 */
export const topUpGiftcardAction: SessionAction<
  { giftcard_uuid: string; amount_in_cents: number },
  GiftcardTopUpResult
> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<GiftcardTopUpResult>(uuid, '/giftcards/top-up', variables),
};
