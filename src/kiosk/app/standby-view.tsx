import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../web/api-error';
import { useDevice } from '../api/get-device';
import { sessionQueryOptions } from '../api/get-session';
import { useDeviceStream } from '../api/use-device-stream';
import { KioskFrame } from '../components/kiosk-frame';
import { resetLanguage, useAccountWording } from '../i18n/i18n';
import { onDeviceSession, onSessionFinished, STANDBY_START } from '../lib/standby';
import { ErrorScreen } from '../screens/error-screen';
import { LoadingScreen } from '../screens/loading-screen';
import { StandbyScreen } from '../screens/standby-screen';
import { UnknownDeviceScreen } from '../screens/unknown-device-screen';
import { SessionView } from './session-view';

/**
 * A tablet paired to a shop (`?device=TOKEN`): the shop's welcome screen, switching in place to
 * each new portal session of the shop (device stream), and back (or to the shop's session still
 * open) when the session on screen has ended and its end screen has been seen (lib/standby.ts).
 * A token the service refuses (unknown, revoked, re-paired) offers `onPair`: "Pair this screen".
 */
export function StandbyView({ token, onPair }: { token: string; onPair?: () => void }) {
  const [connected, setConnected] = useState(false);
  const device = useDevice(token, { poll: !connected });
  useAccountWording(device.data?.account.wording);
  useDeviceStream(token, setConnected);
  const [view, setView] = useState(STANDBY_START);
  const viewNow = useRef(view);
  viewNow.current = view;
  const queryClient = useQueryClient();
  const deviceSession = device.data?.session?.uuid ?? null;
  useEffect(() => {
    const shown = viewNow.current.shown;
    if (deviceSession === null || shown === null || deviceSession === shown) {
      setView((current) => onDeviceSession(current, deviceSession, false));
      return;
    }
    // Another session named while one is on screen: has the one on screen ended? Asked fresh.
    let stale = false;
    queryClient
      .fetchQuery({ ...sessionQueryOptions(shown), staleTime: 0 })
      .then(
        (state) => state.status !== 'open',
        () => true,
      )
      .then((ended) => {
        if (stale) return;
        const next = (current: typeof view) =>
          onDeviceSession(current, deviceSession, current.shown === shown && ended);
        // The session on screen gives way before its end screen was dismissed: the next customer
        // gets the default language all the same (SessionView resets it on a dismissal).
        if (next(viewNow.current).shown !== shown) resetLanguage();
        setView(next);
      });
    return () => {
      stale = true;
    };
  }, [deviceSession, queryClient]);

  const shown = view.shown;
  if (shown) {
    return (
      <SessionView
        key={shown}
        uuid={shown}
        onFinished={() => setView((current) => onSessionFinished(current, shown))}
      />
    );
  }
  const error = device.isError ? toApiError(device.error) : null;
  const state = device.data;
  const unpaired = error?.status === 404;
  // The attract screen shows the brand large: its header keeps the language switch only.
  const attract = !unpaired && state !== undefined;
  return (
    <KioskFrame
      accountBrand={state?.account.brand}
      accountName={state?.account.name}
      shopName={state?.shop.name}
      offlineNotice={!unpaired}
      brandInHeader={!attract}
    >
      {unpaired ? (
        <UnknownDeviceScreen onPair={onPair} />
      ) : attract ? (
        <StandbyScreen
          shopName={state.shop.name}
          accountName={state.account.name}
          accountBrand={state.account.brand}
          offers={state.offers}
        />
      ) : error ? (
        <ErrorScreen error={error} onRetry={() => void device.refetch()} />
      ) : (
        <LoadingScreen />
      )}
    </KioskFrame>
  );
}
