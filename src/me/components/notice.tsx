import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { errorWords } from '../api/error-words';

/**
 * A line that tells the customer what happened: `success` (announced politely), `error` (an alert;
 * `error` given: its words by errorWords, with "Try again" when `retry` is given), `info`.
 */
export function Notice({
  kind,
  children,
  error,
  retry,
  testId,
}: {
  kind: 'success' | 'error' | 'info';
  children?: ReactNode;
  error?: unknown;
  retry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('me');
  return (
    <div
      className={`me-notice me-notice-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `notice-${kind}`}
    >
      <p>{children ?? (error !== undefined ? errorWords(t, error) : null)}</p>
      {retry ? (
        <Button variant="secondary" onClick={retry}>
          {t('errors.retry')}
        </Button>
      ) : null}
    </div>
  );
}
