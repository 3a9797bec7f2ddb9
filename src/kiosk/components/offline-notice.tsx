import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { connection } from '../lib/connection';

/** A lost connection is said after this long (ms): a stream reconnecting at once says nothing. */
const SHOW_AFTER_MS = 800;

/**
 * Tells the customer, within a second or two, that the connection to the service is lost and that
 * what they did is kept (lib/connection.ts; actions resume by themselves). Gone as soon as it is back.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useStore(connection, (s) => s.online);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (online) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [online]);
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice" hidden={!shown}>
      {shown ? t('common.offline') : null}
    </div>
  );
}
