import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { portalSubscription } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/subscriptions: the customer's e-mail subscriptions. */
export function subscriptionsQueryOptions(uuid: string) {
  return sessionResourceOptions(uuid, 'subscriptions', z.array(portalSubscription));
}

/** The customer's e-mail subscriptions (identify sessions). */
export function useSubscriptions(uuid: string) {
  return useQuery(subscriptionsQueryOptions(uuid));
}
