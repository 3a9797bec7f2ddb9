import { useQuery } from '@tanstack/react-query';
import type { PortalStats } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/stats: the customer's visits, last visit and credits earned. */
export function statsQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalStats>(uuid, 'stats');
}

/** The identified customer's visit stats (identify sessions). */
export function useStats(uuid: string) {
  return useQuery(statsQueryOptions(uuid));
}
