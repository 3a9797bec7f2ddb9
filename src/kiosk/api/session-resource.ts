import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { portalRequest, sessionPath } from './client';
import { sessionKey } from './get-session';
import { toPortalApiError } from './portal-api-error';

/**
 * Query key of a resource of one session (its vouchers, rewards, …): under the session's key, so
 * that every session action and stream event refetches what is on screen.
 */
export function sessionResourceKey(uuid: string, name: string) {
  return [...sessionKey(uuid), name] as const;
}

/** Query options of GET /portal/api/sessions/{uuid}/{name}, its `data` validated by `schema`. */
export function sessionResourceOptions<T extends z.ZodType>(uuid: string, name: string, schema: T) {
  return queryOptions({
    queryKey: sessionResourceKey(uuid, name),
    queryFn: ({ signal }): Promise<z.infer<T>> =>
      portalRequest({ method: 'GET', path: sessionPath(uuid, `/${name}`), schema, signal }),
    retry: (failures, error) => toPortalApiError(error).retryable && failures < 3,
  });
}
