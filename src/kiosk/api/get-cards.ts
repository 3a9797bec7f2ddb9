import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { portalCard } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/cards: the customer's cards (values as their last 4 characters). */
export function cardsQueryOptions(uuid: string) {
  return sessionResourceOptions(uuid, 'cards', z.array(portalCard));
}

/** The customer's cards (identify sessions). */
export function useCards(uuid: string) {
  return useQuery(cardsQueryOptions(uuid));
}
