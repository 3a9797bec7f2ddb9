import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import type { ActivityFigures, ReportName, SessionsRow, StaffRow } from '../../contract/office-reports';
import { formatMoney } from '../../web/format';
import {
  type ReportChoice,
  reportCsvHref,
  useActivity,
  useLiability,
  useSessionsReport,
  useStaffReport,
} from '../api/report-queries';
import { Field } from '../components/field';
import { ListStates } from '../components/notice';
import { Panel } from '../components/panel';

/*
 * The office's reports (docs/office.md "Reports"): a shop (or all you run) and a period, then the
 * liability at the period's end, the activity of each day, the portal sessions, and the staff at
 * the till, each as a chart, a table with the same figures, and its CSV file. The service computes
 * every figure; the screen only shows them.
 */

/** The shops' time zone: the days of a report are its days. */
const SHOP_TIME_ZONE = 'Europe/Amsterdam';

/** Today in the shops' time zone, YYYY-MM-DD. */
function shopToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date());
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A day (YYYY-MM-DD) as the language writes it briefly: "21 nov." / "Nov 21". */
function dayText(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Points as the language writes them, up to two decimals. */
function pointsText(points: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(points);
}

/** The reports: the choice of shop and period, then each report. */
export function ReportsScreen({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const [choice, setChoice] = useState<ReportChoice>(() => {
    const to = shopToday();
    return { shop_uuid: '', from: addDays(to, -6), to };
  });
  const set = (name: keyof ReportChoice) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    // A cleared date or a period that ends before it starts is not asked for.
    if (name !== 'shop_uuid' && !value) return;
    setChoice((old) => {
      const next = { ...old, [name]: value };
      if (next.from > next.to)
        return name === 'from' ? { ...next, to: next.from } : { ...next, from: next.to };
      return next;
    });
  };
  return (
    <div className="office-stack">
      <h1>{t('reports.title')}</h1>
      <p className="office-lead">{t('reports.lead')}</p>
      <form
        className="office-card office-filters"
        aria-label={t('reports.choice')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t('reports.shop')}>
          {(props) => (
            <select {...props} value={choice.shop_uuid} onChange={set('shop_uuid')} data-testid="report-shop">
              <option value="">
                {me.staff.role === 'owner' ? t('reports.allShops') : t('reports.yourShops')}
              </option>
              {me.shops.map((shop) => (
                <option key={shop.uuid} value={shop.uuid}>
                  {shop.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('reports.from')}>
          {(props) => <input {...props} type="date" value={choice.from} onChange={set('from')} required />}
        </Field>
        <Field label={t('reports.to')}>
          {(props) => <input {...props} type="date" value={choice.to} onChange={set('to')} required />}
        </Field>
      </form>
      <LiabilityPanel choice={choice} />
      <ActivityPanel choice={choice} />
      <SessionsPanel choice={choice} />
      <StaffPanel choice={choice} />
    </div>
  );
}

/** The link that downloads report `name` as a CSV file. */
function CsvLink({ name, choice }: { name: ReportName; choice: ReportChoice }) {
  const { t } = useTranslation('office');
  return (
    <a
      className="button button-secondary office-reports-csv"
      href={reportCsvHref(name, choice)}
      download
      data-testid={`csv-${name}`}
    >
      {t('reports.csv', { report: t(`reports.${name}.title`) })}
    </a>
  );
}

/** The chart, loaded with the reports only: the rest of the office does without the chart library. */
const BarsChart = lazy(() => import('./report-chart'));

/**
 * A chart of `data`: a group of bars per row (named by `x`), one bar per series, with their names
 * in the legend. The table beside it holds the same figures.
 */
function Chart<T extends object>({
  label,
  data,
  x,
  series,
  format,
  stacked = false,
}: {
  label: string;
  data: T[];
  x: (row: T) => string;
  series: { name: string; value: (row: T) => number }[];
  format: (value: number) => string;
  stacked?: boolean;
}) {
  const points = data.map((row) => ({ x: x(row), values: series.map((s) => s.value(row)) }));
  return (
    <Suspense fallback={<div className="office-reports-chart-space" />}>
      <BarsChart
        label={label}
        names={series.map((s) => s.name)}
        points={points}
        format={format}
        stacked={stacked}
      />
    </Suspense>
  );
}

/** A report's table: a caption for screen readers, a header row and the rows; each cell labelled for a phone. */
function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[]; total?: boolean }[];
}) {
  const { t } = useTranslation('office');
  return (
    // A wide table scrolls sideways: the keyboard reaches it, and a screen reader names it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1).
    <section className="office-table-wrap" tabIndex={0} aria-label={t('reports.table', { report: caption })}>
      <table className="office-table office-reports-table">
        <caption className="office-sr">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={row.total ? 'office-reports-total' : undefined}
              data-testid="report-row"
            >
              {row.cells.map((cell, i) => (
                <td key={head[i]} data-label={head[i]}>
                  <div>{cell}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function LiabilityPanel({ choice }: { choice: ReportChoice }) {
  const { t, i18n } = useTranslation('office');
  const report = useLiability(choice);
  const lang = i18n.language;
  const rows = report.data?.rows ?? [];
  const nameOf = (row: (typeof rows)[number]) =>
    row.kind === 'shop'
      ? row.shop!.name
      : row.kind === 'no_shop'
        ? t('reports.liability.noShop')
        : t('reports.total');
  const title = t('reports.liability.title');
  return (
    <Panel
      title={title}
      lead={t('reports.liability.lead', { date: dayText(choice.to, lang) })}
      testId="report-liability"
    >
      <ListStates query={report} empty={rows.length === 0} emptyText={t('reports.none')}>
        <Chart
          label={title}
          data={rows.filter((r) => r.kind !== 'total')}
          x={nameOf}
          series={[
            { name: t('reports.liability.prepaid'), value: (r) => r.prepaid_in_cents },
            { name: t('reports.liability.giftcards'), value: (r) => r.giftcards_in_cents },
          ]}
          format={(cents) => formatMoney(cents, lang)}
        />
        <Table
          caption={title}
          head={[
            t('reports.liability.shop'),
            t('reports.liability.points'),
            t('reports.liability.prepaid'),
            t('reports.liability.giftcards'),
          ]}
          rows={rows.map((r) => ({
            key: r.shop?.uuid ?? r.kind,
            total: r.kind === 'total',
            cells: [
              nameOf(r),
              pointsText(r.credits, lang),
              formatMoney(r.prepaid_in_cents, lang),
              formatMoney(r.giftcards_in_cents, lang),
            ],
          }))}
        />
        <CsvLink name="liability" choice={choice} />
      </ListStates>
    </Panel>
  );
}

const ACTIVITY_COLUMNS: { key: keyof ActivityFigures; kind: 'count' | 'points' | 'money' }[] = [
  { key: 'members_gained', kind: 'count' },
  { key: 'credits_given', kind: 'points' },
  { key: 'credits_taken_back', kind: 'points' },
  { key: 'credits_redeemed', kind: 'points' },
  { key: 'rewards_claimed', kind: 'count' },
  { key: 'vouchers_redeemed', kind: 'count' },
  { key: 'giftcards_sold_in_cents', kind: 'money' },
  { key: 'giftcards_spent_in_cents', kind: 'money' },
  { key: 'prepaid_topped_up_in_cents', kind: 'money' },
  { key: 'prepaid_spent_in_cents', kind: 'money' },
  { key: 'sessions_started', kind: 'count' },
  { key: 'sessions_completed', kind: 'count' },
  { key: 'sessions_cancelled', kind: 'count' },
  { key: 'sessions_expired', kind: 'count' },
];

function ActivityPanel({ choice }: { choice: ReportChoice }) {
  const { t, i18n } = useTranslation('office');
  const report = useActivity(choice);
  const lang = i18n.language;
  const days = report.data?.days ?? [];
  const cell = (f: ActivityFigures, c: (typeof ACTIVITY_COLUMNS)[number]) =>
    c.kind === 'money'
      ? formatMoney(f[c.key], lang)
      : c.kind === 'points'
        ? pointsText(f[c.key], lang)
        : String(f[c.key]);
  const title = t('reports.activity.title');
  return (
    <Panel title={title} lead={t('reports.activity.lead')} testId="report-activity">
      <ListStates query={report} empty={days.length === 0} emptyText={t('reports.none')}>
        <Chart
          label={title}
          data={days}
          x={(d) => dayText(d.date, lang)}
          series={(
            [
              'giftcards_sold_in_cents',
              'giftcards_spent_in_cents',
              'prepaid_topped_up_in_cents',
              'prepaid_spent_in_cents',
            ] as const
          ).map((key) => ({ name: t(`reports.activity.${key}`), value: (d: ActivityFigures) => d[key] }))}
          format={(cents) => formatMoney(cents, lang)}
        />
        <Table
          caption={title}
          head={[t('reports.date'), ...ACTIVITY_COLUMNS.map((c) => t(`reports.activity.${c.key}`))]}
          rows={[
            ...days.map((d) => ({
              key: d.date,
              cells: [dayText(d.date, lang), ...ACTIVITY_COLUMNS.map((c) => cell(d, c))],
            })),
            ...(report.data
              ? [
                  {
                    key: 'total',
                    total: true,
                    cells: [t('reports.total'), ...ACTIVITY_COLUMNS.map((c) => cell(report.data.totals, c))],
                  },
                ]
              : []),
          ]}
        />
        <CsvLink name="activity" choice={choice} />
      </ListStates>
    </Panel>
  );
}

const ENDS = ['completed', 'cancelled', 'expired', 'open'] as const;

function SessionsPanel({ choice }: { choice: ReportChoice }) {
  const { t, i18n } = useTranslation('office');
  const report = useSessionsReport(choice);
  const lang = i18n.language;
  const rows = report.data?.rows ?? [];
  // The chart sums the period by type; the table has each day.
  const byType = new Map<string, SessionsRow>();
  for (const r of rows) {
    const sum = byType.get(r.type) ?? { ...r, started: 0, completed: 0, cancelled: 0, expired: 0, open: 0 };
    for (const k of ['started', ...ENDS] as const) sum[k] += r[k];
    byType.set(r.type, sum);
  }
  const typeText = (type: string) => t(`reports.sessions.types.${type}`, { defaultValue: type });
  const title = t('reports.sessions.title');
  return (
    <Panel title={title} lead={t('reports.sessions.lead')} testId="report-sessions">
      <ListStates query={report} empty={rows.length === 0} emptyText={t('reports.sessions.none')}>
        <Chart
          label={title}
          data={[...byType.values()]}
          x={(r) => typeText(r.type)}
          series={ENDS.map((end) => ({
            name: t(`reports.sessions.${end}`),
            value: (r: SessionsRow) => r[end],
          }))}
          format={(n) => String(n)}
          stacked
        />
        <Table
          caption={title}
          head={[
            t('reports.date'),
            t('reports.sessions.type'),
            t('reports.sessions.started'),
            ...ENDS.map((e) => t(`reports.sessions.${e}`)),
          ]}
          rows={rows.map((r) => ({
            key: `${r.date} ${r.type}`,
            cells: [
              dayText(r.date, lang),
              typeText(r.type),
              String(r.started),
              ...ENDS.map((e) => String(r[e])),
            ],
          }))}
        />
      </ListStates>
      <CsvLink name="sessions" choice={choice} />
    </Panel>
  );
}

const STAFF_COLUMNS = [
  'contacts_found',
  'sessions_started',
  'sessions_completed',
  'sessions_cancelled',
  'purchases_sent',
  'payments_received',
] as const satisfies readonly (keyof StaffRow)[];

function StaffPanel({ choice }: { choice: ReportChoice }) {
  const { t } = useTranslation('office');
  const report = useStaffReport(choice);
  const rows = report.data?.rows ?? [];
  const nameOf = (r: StaffRow) => r.staff?.name ?? t('reports.staff.nobody');
  const title = t('reports.staff.title');
  return (
    <Panel title={title} lead={t('reports.staff.lead')} testId="report-staff">
      <ListStates query={report} empty={rows.length === 0} emptyText={t('reports.staff.none')}>
        <Chart
          label={title}
          data={rows}
          x={nameOf}
          series={(['sessions_started', 'sessions_completed', 'sessions_cancelled'] as const).map((key) => ({
            name: t(`reports.staff.${key}`),
            value: (r: StaffRow) => r[key],
          }))}
          format={(n) => String(n)}
        />
        <Table
          caption={title}
          head={[t('reports.staff.person'), ...STAFF_COLUMNS.map((c) => t(`reports.staff.${c}`))]}
          rows={rows.map((r) => ({
            key: r.staff?.uuid ?? 'nobody',
            cells: [nameOf(r), ...STAFF_COLUMNS.map((c) => String(r[c]))],
          }))}
        />
      </ListStates>
      <CsvLink name="staff" choice={choice} />
    </Panel>
  );
}
