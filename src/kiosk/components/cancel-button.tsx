import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { useSessionEnd } from '../hooks/use-action';

/**
 * "I'm done": the customer ends the session. It completes when the session changed something (a
 * payment, credits) and is cancelled when it changed nothing (the end screen then says "See you
 * next time"). With `pending` (something started and not finished: money still due, a payment
 * waiting at the till) it asks once more, saying what is pending. During an action (a payment
 * under way) the end waits for its outcome, and says so.
 */
export function CancelButton({ changed, pending = null }: { changed: boolean; pending?: string | null }) {
  const { t } = useTranslation();
  const end = useSessionEnd();
  const [asking, setAsking] = useState(false);
  const kind = changed || end.changed ? 'complete' : 'cancel';
  const ending = end.ending !== null;
  if (asking && pending && !ending) {
    return (
      <div className="cancel cancel-confirm" data-testid="done-confirm">
        <p className="cancel-pending" role="status">
          {pending}
        </p>
        <Button variant="secondary" onClick={() => setAsking(false)} data-testid="keep-going">
          {t('common.keepGoing')}
        </Button>
        <Button onClick={() => end.request(kind)} data-testid="done-confirm-button">
          {t('common.yesDone')}
        </Button>
      </div>
    );
  }
  return (
    <div className="cancel">
      {end.error?.kind === 'cancel' || end.error?.kind === 'complete' ? end.error.error : null}
      {ending && end.waiting ? (
        <p className="muted" role="status" data-testid="cancel-waiting">
          {t('common.endWaiting')}
        </p>
      ) : null}
      <Button
        variant="quiet"
        busy={ending}
        data-testid="cancel-button"
        onClick={() => (pending ? setAsking(true) : end.request(kind))}
      >
        {ending ? t('common.ending') : t('common.imDone')}
      </Button>
    </div>
  );
}
