import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openLiveStream } from '../../web/live-stream';
import { reportAnswer, reportNoAnswer } from '../lib/connection';
import { afterNextPaint } from '../lib/when-idle';
import { PORTAL_API, sessionPath } from './client';
import { sessionKey } from './get-session';

/**
 * Follows GET /portal/api/sessions/{uuid}/stream while `enabled` (an open session): every
 * `portal_event` and every reconnect refetches the session, after the next paint and unless an
 * action is under way: the event of a customer's own action comes with its answer, whose screen
 * goes first, and every action's answer is followed by a refetch anyway. `onConnectedChange` says
 * whether the stream is up, so the session query can poll while it is not; a dropped stream also
 * counts as a lost connection (lib/connection.ts).
 */
export function useSessionStream(
  uuid: string,
  enabled: boolean,
  onConnectedChange: (connected: boolean) => void,
): void {
  const queryClient = useQueryClient();
  const connectedRef = useRef(onConnectedChange);
  connectedRef.current = onConnectedChange;
  useEffect(() => {
    if (!enabled) return;
    const refetch = () =>
      afterNextPaint(() => {
        if (queryClient.isMutating() === 0)
          void queryClient.invalidateQueries({ queryKey: sessionKey(uuid) });
      });
    const close = openLiveStream({
      url: `${PORTAL_API.base}${sessionPath(uuid, '/stream')}`,
      event: 'portal_event',
      onMessage: refetch,
      onOpen: () => {
        reportAnswer();
        connectedRef.current(true);
        refetch();
      },
      onDown: () => {
        reportNoAnswer();
        connectedRef.current(false);
      },
    });
    return () => {
      close();
      connectedRef.current(false);
    };
  }, [uuid, enabled, queryClient]);
}
