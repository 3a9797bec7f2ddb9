import { useMemo } from 'react';
import { KioskFrame } from '../components/kiosk-frame';
import { useWakeLock } from '../hooks/use-wake-lock';
import { parseKioskRoute } from '../lib/kiosk-route';
import { UnknownSessionScreen } from '../screens/unknown-session-screen';
import { SessionView } from './session-view';
import { StandbyView } from './standby-view';

/** The kiosk, by its URL: a session (`?uuid=`), a standby screen (`?device=`), or neither. */
export function App() {
  const route = useMemo(() => parseKioskRoute(window.location.search), []);
  useWakeLock();
  switch (route.kind) {
    case 'session':
      return <SessionView uuid={route.uuid} />;
    case 'standby':
      return <StandbyView token={route.token} />;
    case 'missing':
      return (
        <KioskFrame>
          <UnknownSessionScreen />
        </KioskFrame>
      );
  }
}
