import type { PortalCard } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/cards/remove: unlinks one of the customer's cards (identify
 * sessions). Errors: 1003 (HTTP 404) not one of their cards.
 */
export const removeCardAction: SessionAction<{ card_id: number }, PortalCard> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<PortalCard>(uuid, '/cards/remove', variables),
};
