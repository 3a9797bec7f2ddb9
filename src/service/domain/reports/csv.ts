import type {
  ActivityReport,
  LiabilityReport,
  ReportName,
  SessionsReport,
  StaffReport,
} from '../../../contract/office-reports';
import { csvText } from '../shared/csv';

/*
 * The reports as CSV files (docs/office.md "Reports", "The CSV files"): the rows of the JSON report,
 * written as shared/csv.ts writes every CSV file (RFC 4180, UTF-8 with a byte order mark). Headers are the JSON field names; money in euros
 * and credits as plain decimals with two places and a point (`12.34`, `-0.50`); a text that a
 * spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab) starts with a `'`.
 */

/** Integer hundredths (cents, centi-credits) as a plain decimal with two places: 1234 → "12.34". */
export function hundredthsText(value: number): string {
  const abs = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Credits (a number with at most two decimals) as a plain decimal with two places. */
const creditsText = (credits: number) => hundredthsText(Math.round(credits * 100));

const LIABILITY_FIELDS = ['row', 'shop_uuid', 'shop_name', 'credits', 'prepaid_eur', 'giftcards_eur'];

/** The liability's rows: each shop, `no_shop`, `total`. */
export function liabilityCsv(report: LiabilityReport): string {
  return csvText(
    LIABILITY_FIELDS,
    report.rows.map((r) => [
      r.kind,
      r.shop?.uuid ?? '',
      r.shop?.name ?? '',
      creditsText(r.credits),
      hundredthsText(r.prepaid_in_cents),
      hundredthsText(r.giftcards_in_cents),
    ]),
  );
}

const ACTIVITY_FIELDS = [
  'date',
  'members_gained',
  'credits_given',
  'credits_taken_back',
  'credits_redeemed',
  'rewards_claimed',
  'vouchers_redeemed',
  'giftcards_sold_eur',
  'giftcards_spent_eur',
  'prepaid_topped_up_eur',
  'prepaid_spent_eur',
  'sessions_started',
  'sessions_completed',
  'sessions_cancelled',
  'sessions_expired',
];

/** The activity's days, then `total`. */
export function activityCsv(report: ActivityReport): string {
  const line = (date: string, f: ActivityReport['totals']) => [
    date,
    f.members_gained,
    creditsText(f.credits_given),
    creditsText(f.credits_taken_back),
    creditsText(f.credits_redeemed),
    f.rewards_claimed,
    f.vouchers_redeemed,
    hundredthsText(f.giftcards_sold_in_cents),
    hundredthsText(f.giftcards_spent_in_cents),
    hundredthsText(f.prepaid_topped_up_in_cents),
    hundredthsText(f.prepaid_spent_in_cents),
    f.sessions_started,
    f.sessions_completed,
    f.sessions_cancelled,
    f.sessions_expired,
  ];
  return csvText(ACTIVITY_FIELDS, [...report.days.map((d) => line(d.date, d)), line('total', report.totals)]);
}

/** The sessions' rows as they are. */
export function sessionsCsv(report: SessionsReport): string {
  return csvText(
    ['date', 'type', 'started', 'completed', 'cancelled', 'expired', 'open'],
    report.rows.map((r) => [r.date, r.type, r.started, r.completed, r.cancelled, r.expired, r.open]),
  );
}

/** The staff rows; nobody signed in: empty uuid and name. */
export function staffCsv(report: StaffReport): string {
  return csvText(
    [
      'staff_uuid',
      'staff_name',
      'contacts_found',
      'sessions_started',
      'sessions_completed',
      'sessions_cancelled',
      'purchases_sent',
      'payments_received',
    ],
    report.rows.map((r) => [
      r.staff?.uuid ?? '',
      r.staff?.name ?? '',
      r.contacts_found,
      r.sessions_started,
      r.sessions_completed,
      r.sessions_cancelled,
      r.purchases_sent,
      r.payments_received,
    ]),
  );
}

/** The file name of a report's CSV: the report and its day (`at`) or days (`from`, `to`). */
export function csvFileName(name: ReportName, days: { at: string } | { from: string; to: string }): string {
  return `${name}-${'at' in days ? days.at : `${days.from}-to-${days.to}`}.csv`;
}
