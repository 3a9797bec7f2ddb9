import { useTranslation } from 'react-i18next';
import { useFinishAction } from '../hooks/use-finish-action';
import { ActionError } from './action-error';
import { Button } from './button';

/** Cancels the session (POST cancel); the session's new status then shows the cancelled screen. */
export function CancelButton({ sessionUuid }: { sessionUuid: string }) {
  const { t } = useTranslation();
  const cancel = useFinishAction(sessionUuid, 'cancel');
  return (
    <div className="cancel">
      {cancel.error ? <ActionError error={cancel.error} action="finish" onRetry={cancel.retry} /> : null}
      <Button variant="quiet" busy={cancel.pending} data-testid="cancel-button" onClick={cancel.run}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
