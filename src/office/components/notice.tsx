import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { errorWords } from '../api/error-words';

/**
 * A line that tells what happened: `success` (announced politely), `error` (an alert; `error`
 * given: its words by errorWords, with "Try again" when `retry` is given), `info`.
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
  const { t } = useTranslation('office');
  return (
    <div
      className={`office-notice office-notice-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `notice-${kind}`}
    >
      <p>{children ?? (error !== undefined ? errorWords(t, error) : null)}</p>
      {retry ? (
        <Button variant="secondary" className="office-small-button" onClick={retry}>
          {t('errors.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** A list's loading, error and empty states, else the list itself (`children`). */
export function ListStates({
  query,
  empty,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('office');
  if (query.isError) return <Notice kind="error" error={query.error} retry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <p className="office-muted" role="status">
        {t('loading')}
      </p>
    );
  if (empty)
    return (
      <p className="office-empty" data-testid="empty">
        {emptyText}
      </p>
    );
  return <>{children}</>;
}
