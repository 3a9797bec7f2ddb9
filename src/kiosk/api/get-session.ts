import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalSessionState } from '../../contract/portal';
import { toApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { PORTAL_API, sessionPath } from './client';

/** Query key of one session's state; every session mutation and stream event invalidates it. */
export function sessionKey(uuid: string) {
  return ['portal-session', uuid] as const;
}

/** GET /portal/api/sessions/{uuid}. Errors: 404 unknown session, 410 expired (ApiError). */
export function getSession(uuid: string, signal?: AbortSignal): Promise<PortalSessionState> {
  return request<PortalSessionState>(PORTAL_API, { method: 'GET', path: sessionPath(uuid), signal });
}

/** The session query; `poll` refetches an open session every 10 s (while the live stream is down). */
export function sessionQueryOptions(uuid: string, poll = false) {
  return queryOptions({
    queryKey: sessionKey(uuid),
    queryFn: ({ signal }) => getSession(uuid, signal),
    retry: (failures, error) => toApiError(error).retryable && failures < 3,
    refetchInterval: (query) => (poll && query.state.data?.status === 'open' ? 10_000 : false),
  });
}

/** The session a kiosk screen renders from (server state: never copied into a store). */
export function useSession(uuid: string, options: { poll?: boolean } = {}) {
  return useQuery(sessionQueryOptions(uuid, options.poll));
}

/**
 * Changes the cached session at once with what an action's answer says (its refetch follows), so
 * the next screen never shows the state before the action.
 */
export function updateSession(
  queryClient: QueryClient,
  uuid: string,
  change: (session: PortalSessionState) => PortalSessionState,
): void {
  queryClient.setQueryData<PortalSessionState>(sessionKey(uuid), (session) => session && change(session));
}
