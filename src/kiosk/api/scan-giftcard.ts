import type { PortalGiftcard } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/giftcards/scan: the gift card a scanned or typed code names
 * (redeem_giftcards, top_up_giftcards). Errors: 5001 unknown card.
 */
export async function scanGiftcard(
  uuid: string,
  variables: ActionVariables<{ value: string }>,
): Promise<PortalGiftcard> {
  return (await postSessionAction<{ giftcard: PortalGiftcard }>(uuid, '/giftcards/scan', variables)).giftcard;
}

/** The gift-card scan action of a session. */
export function useScanGiftcard(uuid: string) {
  return useSessionAction(uuid, scanGiftcard);
}
