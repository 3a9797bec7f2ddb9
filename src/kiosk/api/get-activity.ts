import { useQuery } from '@tanstack/react-query';
import type { PortalActivity } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/activity: the customer's recent activity, newest first (at most 50). */
export function activityQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalActivity[]>(uuid, 'activity');
}

/** The customer's recent activity (identify sessions). */
export function useActivity(uuid: string) {
  return useQuery(activityQueryOptions(uuid));
}
