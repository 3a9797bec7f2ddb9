import { useTranslation } from 'react-i18next';
import { toPortalApiError } from '../api/portal-api-error';
import { errorMessageKey, type FailedAction } from '../i18n/error-message';
import { Button } from './button';

/**
 * A failed action, in friendly words by error code (never the server's message), with "Try again"
 * when trying again may help (the retry reuses the action's idempotency key).
 */
export function ActionError({
  error,
  action,
  onRetry,
}: {
  error: unknown;
  action: FailedAction;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const apiError = toPortalApiError(error);
  return (
    <div className="action-error" role="alert" data-testid="action-error" data-error-code={apiError.code}>
      <p>{t(errorMessageKey(apiError, action))}</p>
      {onRetry && apiError.retryable ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}
