import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashierSessionSummary } from '../../contract/cashier';
import { formatCredits, formatMoney } from '../../web/format';
import { useTodaysSessions } from '../api/queries';
import { StatusPill } from '../components/status-pill';
import { UnpairButton } from '../components/unpair-button';
import { errorMessageKey } from '../lib/error-message';
import { customerName, dayTotals, formatTime } from '../lib/receipt';
import { type SessionPhase, sessionPhase } from '../lib/session-status';

type Filter = 'all' | SessionPhase;
const FILTERS: Filter[] = ['all', 'open', 'done', 'cancelled'];

/**
 * Today's sessions of the shop, newest first (the POS's too), as a compact table: time, type,
 * customer and who started it (the person at the till, else the device or the POS), the amount,
 * status with what moved. Filters by phase (open, done, cancelled), each with its count;
 * the totals are those of the sessions shown. A row's type follows that session live.
 */
export function TodayPanel({ onFollow }: { onFollow: (uuid: string) => void }) {
  const { t, i18n } = useTranslation('cashier');
  const language = i18n.language;
  const [filter, setFilter] = useState<Filter>('all');
  const query = useTodaysSessions();
  const sessions = query.data ?? [];
  const count = (f: Filter) =>
    f === 'all' ? sessions.length : sessions.filter((s) => sessionPhase(s) === f).length;
  const shown = filter === 'all' ? sessions : sessions.filter((s) => sessionPhase(s) === filter);
  const totals = dayTotals(shown);
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <section className="panel panel-today" aria-labelledby="today-title" data-testid="panel-today">
      <div className="panel-body">
        <h2 id="today-title" className="panel-title">
          {t('today.title')}
        </h2>
        {query.isError ? (
          <p className="notice notice-error" role="alert">
            {t(errorMessageKey(query.error))}
          </p>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons that filter the table, not a form */}
        <div className="segmented filters" role="group" aria-label={t('today.filter')}>
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              data-testid={`filter-${f}`}
              onClick={() => setFilter(f)}
            >
              {t(`today.filters.${f}`)} <span className="filter-count">{count(f)}</span>
            </button>
          ))}
        </div>
        <dl className="totals" data-testid="today-totals">
          <div>
            <dt>{t('today.count')}</dt>
            <dd>{shown.length}</dd>
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
          <div>
            <dt>{t('today.till')}</dt>
            <dd>{money(totals.tillInCents)}</dd>
          </div>
        </dl>
        {query.isSuccess && shown.length === 0 ? (
          <p className="muted" data-testid="today-empty">
            {t(filter === 'all' ? 'today.empty' : 'today.emptyFilter')}
          </p>
        ) : null}
        {shown.length > 0 ? (
          <table className="today-table">
            <thead>
              <tr>
                <th scope="col">{t('today.time')}</th>
                <th scope="col">{t('today.session')}</th>
                <th scope="col">{t('today.amount')}</th>
                <th scope="col">{t('today.status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((session) => (
                <TodayRow key={session.uuid} session={session} onFollow={onFollow} />
              ))}
            </tbody>
          </table>
        ) : null}
        <UnpairButton />
      </div>
    </section>
  );
}

function TodayRow({
  session,
  onFollow,
}: {
  session: CashierSessionSummary;
  onFollow: (uuid: string) => void;
}) {
  const { t, i18n } = useTranslation('cashier');
  const starter = session.started_by
    ? session.staff_name
      ? t('today.byStaff', { name: session.staff_name, device: session.started_by.name })
      : t('today.by', { name: session.started_by.name })
    : t('today.pos');
  const amount = session.purchase_in_cents ?? session.amount_in_cents;
  const who = [customerName(session.contact), starter].filter(Boolean).join(' · ');
  return (
    <tr data-testid="today-session">
      <td className="today-time">{formatTime(session.created_at, i18n.language)}</td>
      <td>
        <button type="button" className="row-link" onClick={() => onFollow(session.uuid)}>
          {t(`types.${session.type}`)}
        </button>
        <span className="today-who">{who}</span>
      </td>
      <td className="today-amount" data-testid="today-amount">
        {amount === null ? '–' : formatMoney(amount, i18n.language)}
      </td>
      <td>
        <StatusPill session={session} />
      </td>
    </tr>
  );
}
