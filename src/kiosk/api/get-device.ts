import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceState } from '../../contract/portal';
import { toApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { devicePath, PORTAL_API } from './client';

/** Query key of a standby screen's device state. */
export function deviceKey(token: string) {
  return ['portal-device', token] as const;
}

/** GET /portal/api/devices/{token}. Errors: 404 unknown device. */
export function getDevice(token: string, signal?: AbortSignal): Promise<DeviceState> {
  return request<DeviceState>(PORTAL_API, { method: 'GET', path: devicePath(token), signal });
}

/** The device query; `poll` refetches every 10 s (used while the live stream is down). */
export function deviceQueryOptions(token: string, poll = false) {
  return queryOptions({
    queryKey: deviceKey(token),
    queryFn: ({ signal }) => getDevice(token, signal),
    retry: (failures, error) => toApiError(error).retryable && failures < 3,
    refetchInterval: poll ? 10_000 : false,
  });
}

/** The standby screen's view of its shop. */
export function useDevice(token: string, options: { poll?: boolean } = {}) {
  return useQuery(deviceQueryOptions(token, options.poll));
}
