import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openLiveStream } from '../../web/live-stream';
import { reportAnswer, reportNoAnswer } from '../lib/connection';
import { deviceStateFromMessage } from '../lib/standby';
import { devicePath, PORTAL_API } from './client';
import { deviceKey } from './get-device';
import { sessionQueryOptions } from './get-session';

/**
 * Follows GET /portal/api/devices/{token}/stream: each `device_state` message replaces the cached
 * device state (and wins over a fetch of it still on its way); a reconnect refetches it.
 * `onConnectedChange` says whether the stream is up, so the device query can poll while it is not.
 */
export function useDeviceStream(token: string, onConnectedChange: (connected: boolean) => void): void {
  const queryClient = useQueryClient();
  const connectedRef = useRef(onConnectedChange);
  connectedRef.current = onConnectedChange;
  useEffect(() => {
    const close = openLiveStream({
      url: `${PORTAL_API.base}${devicePath(token, '/stream')}`,
      event: 'device_state',
      onMessage: (data) => {
        const state = deviceStateFromMessage(data);
        if (!state) {
          void queryClient.invalidateQueries({ queryKey: deviceKey(token) });
          return;
        }
        // The session it names is asked for now, not once the standby screen has rendered again to
        // show it (two commits and a frame later on a slow tablet): that screen's query finds it.
        if (state.session) void queryClient.prefetchQuery(sessionQueryOptions(state.session.uuid));
        // A device fetch still on its way was answered before this message: its older state must
        // not replace this one (a new session would vanish). Cancelling is synchronous.
        void queryClient.cancelQueries({ queryKey: deviceKey(token), exact: true });
        queryClient.setQueryData(deviceKey(token), state);
      },
      onOpen: () => {
        reportAnswer();
        connectedRef.current(true);
        queryClient.invalidateQueries({ queryKey: deviceKey(token) });
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
  }, [token, queryClient]);
}
