import { KioskFrame } from '../components/kiosk-frame';
import { useWakeLock } from '../hooks/use-wake-lock';
import type { KioskRoute } from '../lib/kiosk-route';
import { UnknownSessionScreen } from '../screens/unknown-session-screen';
import { SessionView } from './session-view';
import { StandbyView } from './standby-view';

/** The kiosk, by its URL (parseKioskRoute): a session (`?uuid=`), a standby screen (`?device=`), or neither. */
export function App({ route }: { route: KioskRoute }) {
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
