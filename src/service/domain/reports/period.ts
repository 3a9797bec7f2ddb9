import { REPORT_MAX_DAYS } from '../../../contract/office-reports';
import { SHOP_TIME_ZONE } from '../loyalty/rules';
import { invalidField } from '../shared/errors';
import { isoTimestamp } from '../shared/values';

/*
 * The days of the office's reports (docs/office.md "Reports"): shop-local dates (SHOP_TIME_ZONE),
 * each from its local midnight to the next, as instants the ledgers' UTC timestamps compare with.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const localDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The shop-local wall clock of `ms` as if it were UTC, in ms (its offset is the difference). */
function wallClock(ms: number): number {
  const p = Object.fromEntries(localDate.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** The shop-local date (`YYYY-MM-DD`) of an instant. */
export function shopDate(at: Date): string {
  return new Date(wallClock(at.getTime())).toISOString().slice(0, 10);
}

/** The instant a shop-local date `YYYY-MM-DD` begins (its local midnight). */
export function shopDayStart(date: string): Date {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  // The offset at the guess, then at the answer: a change of offset never falls on midnight here.
  let at = midnight - (wallClock(midnight) - midnight);
  at = midnight - (wallClock(at) - at);
  return new Date(at);
}

/** The date `days` after `date` (`YYYY-MM-DD`; negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The stored-timestamp text of the instant a shop-local date begins (compares with ledger timestamps). */
export function dayStartText(date: string): string {
  return isoTimestamp(shopDayStart(date));
}

/** A report's period: its first and last shop-local day (both included) and every day between. */
export interface Period {
  from: string;
  to: string;
  days: string[];
  /** The first instant of `from` and the first after `to`, as stored timestamps compare. */
  startText: string;
  endText: string;
}

/**
 * The period of `from`…`to` (dates, both included): by default the 7 days ending today (shop-local,
 * by `now`), or 6 days before or after the one given.
 * @throws ServiceError 1003 (422) naming `from` when it is after `to`, `to` when it spans more than
 * REPORT_MAX_DAYS days.
 */
export function reportPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Period {
  const to = query.to ?? (query.from !== undefined ? addDays(query.from, 6) : shopDate(now));
  const from = query.from ?? addDays(to, -6);
  if (from > to) invalidField('from', 'The from field must not be after to.');
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(day);
    if (days.length > REPORT_MAX_DAYS)
      invalidField('to', `The period from from to to must not be longer than ${REPORT_MAX_DAYS} days.`);
  }
  return { from, to, days, startText: dayStartText(from), endText: dayStartText(addDays(to, 1)) };
}

/**
 * The shop-local date of an hour bucket `YYYY-MM-DDTHH` of stored (UTC) timestamps: the shop's
 * offset is whole hours, so each UTC hour lies in one local day. Memoised per report.
 */
export function bucketDates(): (bucket: string) => string {
  const known = new Map<string, string>();
  return (bucket) => {
    let date = known.get(bucket);
    if (date === undefined) {
      date = shopDate(new Date(`${bucket}:00:00.000Z`));
      known.set(bucket, date);
    }
    return date;
  };
}
