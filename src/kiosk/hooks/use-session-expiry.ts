import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionKey } from '../api/get-session';

/** Longest delay setTimeout takes (about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Refetches the session just after `expiresAt` (ISO time), so the screen shows "timed out" on
 * time even if no event announces it.
 */
export function useSessionExpiry(uuid: string, expiresAt: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!expiresAt) return;
    const delay = Date.parse(expiresAt) - Date.now() + 1000;
    if (Number.isNaN(delay)) return;
    const timer = window.setTimeout(
      () => queryClient.invalidateQueries({ queryKey: sessionKey(uuid) }),
      Math.min(Math.max(delay, 0), MAX_DELAY),
    );
    return () => window.clearTimeout(timer);
  }, [uuid, expiresAt, queryClient]);
}
