import { useState } from 'react';
import { KioskFrame } from '../components/kiosk-frame';
import { useWakeLock } from '../hooks/use-wake-lock';
import { keepDeviceToken, keptDeviceToken } from '../lib/device-token';
import type { KioskRoute } from '../lib/kiosk-route';
import { PairDeviceScreen } from '../screens/pair-device-screen';
import { UnknownSessionScreen } from '../screens/unknown-session-screen';
import { SessionView } from './session-view';
import { StandbyView } from './standby-view';

/**
 * The kiosk, by its URL (parseKioskRoute): a session (`?uuid=`), a standby screen (`?device=`, else
 * the token this tablet kept when it was paired), or neither: then staff may pair it.
 */
export function App({ route }: { route: KioskRoute }) {
  useWakeLock();
  if (route.kind === 'session') return <SessionView uuid={route.uuid} />;
  return <TabletView linked={route.kind === 'standby' ? route.token : null} />;
}

/**
 * A tablet's screen: its standby screen by its device token (from the address, else kept), or
 * "Pair this screen" when it has none or the service refuses it; a paired tablet keeps its new
 * token (lib/device-token.ts) and shows its standby screen.
 */
function TabletView({ linked }: { linked: string | null }) {
  const [token, setToken] = useState(() => linked ?? keptDeviceToken());
  const [pairing, setPairing] = useState(false);
  if (pairing) {
    return (
      <KioskFrame offlineNotice={false}>
        <PairDeviceScreen
          onBack={() => setPairing(false)}
          onPaired={(paired) => {
            keepDeviceToken(paired);
            setToken(paired);
            setPairing(false);
          }}
        />
      </KioskFrame>
    );
  }
  if (token === null) {
    return (
      <KioskFrame>
        <UnknownSessionScreen onPair={() => setPairing(true)} />
      </KioskFrame>
    );
  }
  return <StandbyView key={token} token={token} onPair={() => setPairing(true)} />;
}
