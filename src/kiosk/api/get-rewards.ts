import { useQuery } from '@tanstack/react-query';
import type { PortalReward } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/rewards: the account's active rewards, for the identified customer. */
export function rewardsQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalReward[]>(uuid, 'rewards');
}

/** The rewards the customer portal lists (identify sessions). */
export function useRewards(uuid: string) {
  return useQuery(rewardsQueryOptions(uuid));
}
