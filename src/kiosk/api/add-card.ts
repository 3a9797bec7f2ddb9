import type { PortalCard } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/cards: adds a scanned card to the customer (identify sessions).
 * Errors: 60004 inactive card, 60014 someone else's card, 60006 created meanwhile.
 */
export const addCardAction: SessionAction<{ value: string }, PortalCard> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<PortalCard>(uuid, '/cards', variables),
};
