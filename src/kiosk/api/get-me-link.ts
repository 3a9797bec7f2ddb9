import { useQuery } from '@tanstack/react-query';
import type { MeLink } from '../../contract/me';
import { toApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { PORTAL_API, sessionPath } from './client';

/** How long before a link expires the counter shows a new one (ms). */
const RENEW_BEFORE_MS = 30_000;

/**
 * POST /portal/api/sessions/{uuid}/me-link while the QR is on screen: fetched when shown, never kept
 * once the screen is gone (gcTime 0), renewed shortly before it expires. Needs a proven customer
 * (the service refuses it otherwise, 403 proof_required).
 */
export function useMeLink(uuid: string, now: () => number = Date.now) {
  return useQuery({
    queryKey: ['me-link', uuid],
    // Without the abort signal: a link asked for is made anyway, so a screen that goes and comes
    // back at once takes that answer rather than asking for a second link.
    queryFn: () =>
      request<MeLink>(PORTAL_API, { method: 'POST', path: sessionPath(uuid, '/me-link'), body: {} }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const expires = Date.parse(query.state.data?.expires_at ?? '');
      return Number.isFinite(expires) ? Math.max(5000, expires - now() - RENEW_BEFORE_MS) : false;
    },
    retry: (failures, error) => toApiError(error).retryable && failures < 3,
  });
}
