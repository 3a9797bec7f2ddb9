import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { toApiError } from '../../web/api-error';
import { errorMessageKey } from '../i18n/error-message';

/**
 * A failed action, in friendly words by its reason or code (never the server's message), with "Try again"
 * when trying again may help (the retry reuses the action's idempotency key).
 */
export function ActionError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const apiError = toApiError(error);
  return (
    <div
      className="action-error"
      role="alert"
      data-testid="action-error"
      data-error-code={apiError.code}
      data-error-reason={apiError.reason}
    >
      <p>{t(errorMessageKey(apiError))}</p>
      {onRetry && apiError.retryable ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}
