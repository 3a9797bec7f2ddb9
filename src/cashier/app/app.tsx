import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceQueryOptions, isUnpaired } from '../api/queries';
import { errorMessageKey } from '../lib/error-message';
import { wasPaired } from '../lib/paired-flag';
import { pairingToken } from '../lib/pairing-link';
import { PairScreen } from '../screens/pair-screen';
import { TillSignIn } from '../screens/till-sign-in';
import { Console } from './console';

/**
 * The console's root: the paired device's console, else pairing (a pairing link pairs at once). A
 * browser that was paired and is refused now (device revoked, or its cookie expired) lands on
 * pairing with a word why. A console whose shop has till staff first asks who is at the till.
 */
export function App() {
  const { t } = useTranslation('cashier');
  const device = useQuery(deviceQueryOptions());
  // A pairing link opened in a tab already on the console arrives as a hash change.
  const link = pairingToken(
    useSyncExternalStore(
      (notify) => {
        window.addEventListener('hashchange', notify);
        return () => window.removeEventListener('hashchange', notify);
      },
      () => window.location.hash,
    ),
  );
  if (device.data && !link) {
    const signIn = device.data.staff_required && device.data.staff === null;
    return signIn ? <TillSignIn device={device.data} /> : <Console device={device.data} />;
  }
  if (link || isUnpaired(device.error)) return <PairScreen revoked={!link && wasPaired()} />;
  if (device.isError) {
    return (
      <main className="pair" data-testid="screen-error">
        <div className="pair-card">
          <p className="notice notice-error" role="alert">
            {t(errorMessageKey(device.error))}
          </p>
          <button type="button" className="button button-primary" onClick={() => void device.refetch()}>
            {t('app.retry')}
          </button>
        </div>
      </main>
    );
  }
  return <main className="pair" aria-busy="true" />;
}
