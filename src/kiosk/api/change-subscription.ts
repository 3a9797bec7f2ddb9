import type { z } from 'zod';
import type { PortalSubscription, subscriptionChangeRequest } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';
import { sessionResourceKey } from './session-resource';

/**
 * POST /portal/api/sessions/{uuid}/subscriptions: subscribe or unsubscribe the customer; a double
 * opt-in subscription answers PENDING_CONFIRMATION. Errors: 55030 unknown subscription type.
 * The answer replaces its line in the cached list at once.
 */
export const changeSubscriptionAction: SessionAction<
  z.infer<typeof subscriptionChangeRequest>,
  PortalSubscription
> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<PortalSubscription>(uuid, '/subscriptions', variables),
  apply: (uuid, changed, queryClient) =>
    queryClient.setQueryData<PortalSubscription[]>(sessionResourceKey(uuid, 'subscriptions'), (list) =>
      list?.map((item) => (item.id === changed.id ? changed : item)),
    ),
};
