import { useTranslation } from 'react-i18next';
import { formatCredits, formatMoney } from '../../kiosk/lib/format';
import { useTodaysSessions } from '../api/queries';
import { ReceiptLine } from '../components/receipt-line';
import { StatusPill } from '../components/status-pill';
import { errorMessageKey } from '../lib/error-message';
import { customerName, dayTotals, formatTime, receiptLine } from '../lib/receipt';

/**
 * Today's sessions of the shop, newest first (the POS's too): the day's totals, then per session
 * its time, type, status, customer and receipt line; Follow opens it live.
 */
export function TodayPanel({ onFollow }: { onFollow: (uuid: string) => void }) {
  const { t, i18n } = useTranslation('cashier');
  const language = i18n.language;
  const query = useTodaysSessions();
  const sessions = query.data ?? [];
  const totals = dayTotals(sessions);
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <section className="panel" aria-labelledby="today-title" data-testid="panel-today">
      <h2 id="today-title">{t('today.title')}</h2>
      {query.isError ? (
        <p className="notice notice-error" role="alert">
          {t(errorMessageKey(query.error))}
        </p>
      ) : null}
      <dl className="totals" data-testid="today-totals">
        <div>
          <dt>{t('today.count')}</dt>
          <dd>{sessions.length}</dd>
        </div>
        <div>
          <dt>{t('today.credits')}</dt>
          <dd>{formatCredits(totals.credits, language)}</dd>
        </div>
        <div>
          <dt>{t('today.giftcards')}</dt>
          <dd>{money(totals.giftcardsInCents)}</dd>
        </div>
        <div>
          <dt>{t('today.prepaid')}</dt>
          <dd>{money(totals.prepaidInCents)}</dd>
        </div>
      </dl>
      {query.isSuccess && sessions.length === 0 ? <p className="muted">{t('today.empty')}</p> : null}
      <ol className="session-list">
        {sessions.map((session) => (
          <li key={session.uuid} className="session-item" data-testid="today-session">
            <div className="session-item-head">
              <span className="session-time">{formatTime(session.created_at, language)}</span>
              <strong>{t(`types.${session.type}`)}</strong>
              <StatusPill status={session.status} />
            </div>
            <p className="muted">
              {[
                customerName(session.contact),
                session.started_by ? t('today.by', { name: session.started_by.name }) : t('today.pos'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <ReceiptLine text={receiptLine(session, t, language)} testId={`receipt-${session.uuid}`} />
            <button type="button" className="button button-quiet" onClick={() => onFollow(session.uuid)}>
              {t('today.follow')}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
