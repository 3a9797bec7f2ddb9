import type { PortalCard } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/cards: adds a scanned card to the customer (identify sessions).
 * Errors: 60004 inactive card, 60014 someone else's card, 60006 created meanwhile.
 */
export function addCard(uuid: string, variables: ActionVariables<{ value: string }>): Promise<PortalCard> {
  return postSessionAction<PortalCard>(uuid, '/cards', variables);
}

/** The add-a-card action of a session. */
export function useAddCard(uuid: string) {
  return useSessionAction(uuid, addCard);
}
