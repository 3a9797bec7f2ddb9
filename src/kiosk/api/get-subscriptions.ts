import { useQuery } from '@tanstack/react-query';
import type { PortalSubscription } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/subscriptions: the customer's e-mail subscriptions. */
export function subscriptionsQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalSubscription[]>(uuid, 'subscriptions');
}

/** The customer's e-mail subscriptions (identify sessions). */
export function useSubscriptions(uuid: string) {
  return useQuery(subscriptionsQueryOptions(uuid));
}
