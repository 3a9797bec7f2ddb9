import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { useSessionEnd } from '../hooks/use-action';

/**
 * Cancels the session; the session's new status then shows the cancelled screen. During an action
 * (a payment under way) the cancel waits for its outcome, and says so.
 */
export function CancelButton() {
  const { t } = useTranslation();
  const end = useSessionEnd();
  const cancelling = end.ending === 'cancel';
  return (
    <div className="cancel">
      {end.error?.kind === 'cancel' ? end.error.error : null}
      {cancelling && end.waiting ? (
        <p className="muted" role="status" data-testid="cancel-waiting">
          {t('common.cancelWaiting')}
        </p>
      ) : null}
      <Button
        variant="quiet"
        busy={end.ending !== null}
        data-testid="cancel-button"
        onClick={() => end.request('cancel')}
      >
        {cancelling ? t('common.cancelling') : t('common.cancel')}
      </Button>
    </div>
  );
}
