import type { z } from 'zod';
import type { PortalSubscription, subscriptionChangeRequest } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';
import { sessionResourceKey } from './session-resource';

type SubscriptionChange = z.infer<typeof subscriptionChangeRequest>;

/**
 * POST /portal/api/sessions/{uuid}/subscriptions: subscribe or unsubscribe the customer; a double
 * opt-in subscription answers PENDING_CONFIRMATION. Errors: 55030 unknown subscription type.
 */
export function changeSubscription(
  uuid: string,
  variables: ActionVariables<SubscriptionChange>,
): Promise<PortalSubscription> {
  return postSessionAction<PortalSubscription>(uuid, '/subscriptions', variables);
}

/** The subscription toggle of a session; the answer replaces its line in the cached list at once. */
export function useChangeSubscription(uuid: string) {
  return useSessionAction(uuid, changeSubscription, (changed, queryClient) =>
    queryClient.setQueryData<PortalSubscription[]>(sessionResourceKey(uuid, 'subscriptions'), (list) =>
      list?.map((item) => (item.id === changed.id ? changed : item)),
    ),
  );
}
