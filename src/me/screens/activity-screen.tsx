import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { formatDateTime, formatSignedCredits, formatSignedMoney } from '../../web/format';
import { useActivity } from '../api/queries';
import { Notice } from '../components/notice';
import { activityTitleKey } from '../lib/activity';

/** The customer's activity, newest first, a page at a time (Newer / Older). */
export function ActivityScreen({ creditName }: { creditName: string }) {
  const { t, i18n } = useTranslation('me');
  const language = i18n.language;
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  const data = activity.data;
  return (
    <div className="me-stack">
      <h1>{t('activity.title')}</h1>
      {activity.isError ? (
        <Notice kind="error" error={activity.error} retry={() => activity.refetch()} />
      ) : !data ? (
        <p role="status">{t('loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="me-card me-empty">{t('activity.none')}</p>
      ) : (
        <>
          <ul
            className="me-card me-list"
            data-testid="activity-list"
            aria-busy={activity.isFetching || undefined}
          >
            {data.items.map((item) => (
              <li key={item.uuid} className="me-item">
                <span className="me-item-main">
                  <strong>{((key) => (key ? t(key) : item.title))(activityTitleKey(item))}</strong>
                  <span className="me-item-sub">
                    {formatDateTime(item.created_at, language)}
                    {item.shop ? ` · ${item.shop}` : ''}
                  </span>
                </span>
                <span className="me-amounts">
                  {item.credits !== null && item.credits !== 0 ? (
                    <span className={item.credits > 0 ? 'me-plus' : undefined}>
                      {formatSignedCredits(item.credits, language)} {creditName}
                    </span>
                  ) : null}
                  {item.amount_in_cents !== null && item.amount_in_cents !== 0 ? (
                    <span>{formatSignedMoney(item.amount_in_cents, language)}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          {data.last_page > 1 ? (
            <nav className="me-pages" aria-label={t('activity.pages')}>
              <Button
                variant="secondary"
                disabled={data.page <= 1}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
                data-testid="activity-newer"
              >
                {t('activity.newer')}
              </Button>
              <span data-testid="activity-page">
                {t('activity.page', { page: data.page, last: data.last_page })}
              </span>
              <Button
                variant="secondary"
                disabled={data.page >= data.last_page}
                onClick={() => setPage((p) => p + 1)}
                data-testid="activity-older"
              >
                {t('activity.older')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
