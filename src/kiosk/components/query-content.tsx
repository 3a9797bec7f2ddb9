import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError } from './action-error';
import { Spinner } from './spinner';

/**
 * A list loaded from the portal API: a spinner while it loads, the friendly error with Try again
 * when it failed, `empty` when there is nothing, else `children` with the items.
 */
export function QueryContent<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data) {
    return query.data.length > 0 ? (
      children(query.data)
    ) : (
      <p className="muted" data-testid="empty-list">
        {empty}
      </p>
    );
  }
  if (query.isError) return <ActionError error={query.error} onRetry={() => void query.refetch()} />;
  return <Spinner label={t('common.loading')} />;
}
