import type { PortalGiftcard } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/scan: the gift card a scanned or typed code names
 * (redeem_giftcards, top_up_giftcards). Errors: 5001 unknown card.
 */
export const scanGiftcardAction: SessionAction<{ value: string }, PortalGiftcard> = {
  changes: false,
  send: async (uuid, variables) =>
    (await postSessionAction<{ giftcard: PortalGiftcard }>(uuid, '/giftcards/scan', variables)).giftcard,
};
