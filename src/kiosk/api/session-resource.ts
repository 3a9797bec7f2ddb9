import { queryOptions } from '@tanstack/react-query';
import { toApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { PORTAL_API, sessionPath } from './client';
import { sessionKey } from './get-session';

/**
 * Query key of a resource of one session (its vouchers, rewards, …): under the session's key, so
 * that every session action and stream event refetches what is on screen.
 */
export function sessionResourceKey(uuid: string, name: string) {
  return [...sessionKey(uuid), name] as const;
}

/** Query options of GET /portal/api/sessions/{uuid}/{name}, its `data` typed `T` by the contract. */
export function sessionResourceOptions<T>(uuid: string, name: string) {
  return queryOptions({
    queryKey: sessionResourceKey(uuid, name),
    queryFn: ({ signal }) =>
      request<T>(PORTAL_API, { method: 'GET', path: sessionPath(uuid, `/${name}`), signal }),
    retry: (failures, error) => toApiError(error).retryable && failures < 3,
  });
}
