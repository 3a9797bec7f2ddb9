import { useQuery } from '@tanstack/react-query';
import type { PortalCard } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/cards: the customer's cards (values as their last 4 characters). */
export function cardsQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalCard[]>(uuid, 'cards');
}

/** The customer's cards (identify sessions). */
export function useCards(uuid: string) {
  return useQuery(cardsQueryOptions(uuid));
}
