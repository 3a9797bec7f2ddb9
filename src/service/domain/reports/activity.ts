import { type RawBuilder, sql } from 'kysely';
import {
  type ActivityFigures,
  type ActivityReport,
  SESSION_TYPES,
  type SessionsReport,
  type SessionsRow,
} from '../../../contract/office-reports';
import type { Db } from '../../db/schema';
import type { OfficeActor } from '../office/access';
import { fromCenti } from '../shared/values';
import { bucketDates, type Period, reportPeriod } from './period';
import { inScope, type ReportScope, reportScopeOf } from './scope';

/*
 * What happened each shop-local day (docs/office.md "Reports"): each figure is counted in the
 * database by UTC hour (`substr(created_at, 1, 13)`, the same on SQLite and PostgreSQL) and shop,
 * and the hours are put in their shop-local day here. Money moves are split by sign, so that for
 * every period: credits given − taken back − redeemed, gift cards sold − spent and prepaid topped
 * up − spent are exactly what the liability moved between the day before and the last day.
 */

/** The hour bucket of a stored timestamp column. */
const hour = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;
const sumIf = (condition: RawBuilder<unknown>, value: string) =>
  sql<string>`sum(case when ${condition} then ${sql.ref(value)} else 0 end)`;

/** A database row of hour `h` and shop `shop_id` (null: no shop) with numeric figures. */
type Bucketed = { h: string; shop_id: number | string | null } & Record<string, unknown>;

const ZERO: ActivityFigures = {
  members_gained: 0,
  credits_given: 0,
  credits_taken_back: 0,
  credits_redeemed: 0,
  rewards_claimed: 0,
  vouchers_redeemed: 0,
  giftcards_sold_in_cents: 0,
  giftcards_spent_in_cents: 0,
  prepaid_topped_up_in_cents: 0,
  prepaid_spent_in_cents: 0,
  sessions_started: 0,
  sessions_completed: 0,
  sessions_cancelled: 0,
  sessions_expired: 0,
};

/** Credits are summed in centi-credits here and shown as credits at the end. */
const CREDIT_FIGURES = ['credits_given', 'credits_taken_back', 'credits_redeemed'] as const;

/** Adds each row of `rows` in scope to its day's figures by `add`. */
function collect(
  rows: Bucketed[],
  scope: ReportScope,
  dateOf: (bucket: string) => string,
  days: Map<string, ActivityFigures>,
  add: (figures: ActivityFigures, row: Bucketed) => void,
) {
  for (const row of rows) {
    if (!inScope(scope, row.shop_id === null ? null : Number(row.shop_id))) continue;
    const figures = days.get(dateOf(row.h));
    if (figures) add(figures, row);
  }
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * Office GET /reports/activity: each day of the period (reportPeriod) in the scope
 * (reportScopeOf) with: members gained (contacts made that day; a shop's: those whose first credit
 * reception was there), credits given (every positive credit entry), taken back (negative credit
 * receptions: refunds, reversals, corrections) and redeemed (reward receptions), rewards claimed,
 * vouchers redeemed (by their redemption's shop), gift cards sold (positive transactions) and
 * spent (negative, as a positive amount), prepaid topped up and spent alike, and the portal
 * sessions started and how they ended. Reversals count by their sign.
 * @throws ServiceError 1003 (422) for a bad period; office_not_allowed (403), 1008 (404) as reportScopeOf.
 */
export async function activityReport(
  db: Db,
  actor: OfficeActor,
  query: { shopUuid?: string | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<ActivityReport> {
  const period = reportPeriod(query, now);
  const scope = await reportScopeOf(db, actor, query.shopUuid);
  const days = new Map(period.days.map((d) => [d, { ...ZERO }]));
  const dateOf = bucketDates();
  const { startText: start, endText: end } = period;
  const creditShop = sql<number | null>`coalesce(cr.shop_id, rr.shop_id)`;
  const [members, credits, rewards, vouchers, giftcards, prepaid, sessions] = await Promise.all([
    membersGained(db, scope, period),
    db
      .selectFrom('credit_entries as e')
      .leftJoin('credit_receptions as cr', (j) =>
        j.onRef('cr.id', '=', 'e.source_id').on('e.source', '=', 'credit_reception'),
      )
      .leftJoin('reward_receptions as rr', (j) =>
        j.onRef('rr.id', '=', 'e.source_id').on('e.source', '=', 'reward_reception'),
      )
      .select([
        hour('e.created_at').as('h'),
        creditShop.as('shop_id'),
        sumIf(sql`e.credits_centi > 0`, 'e.credits_centi').as('given'),
        sumIf(sql`e.credits_centi < 0 and e.source <> 'reward_reception'`, 'e.credits_centi').as('taken'),
        sumIf(sql`e.credits_centi < 0 and e.source = 'reward_reception'`, 'e.credits_centi').as('redeemed'),
      ])
      .where('e.created_at', '>=', start)
      .where('e.created_at', '<', end)
      .groupBy([hour('e.created_at'), creditShop])
      .execute(),
    db
      .selectFrom('reward_receptions')
      .select([hour('created_at').as('h'), 'shop_id', sql<string>`count(*)`.as('count')])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy([hour('created_at'), 'shop_id'])
      .execute(),
    db
      .selectFrom('vouchers')
      .select([hour('redeemed_at').as('h'), 'redeemed_shop_id as shop_id', sql<string>`count(*)`.as('count')])
      .where('redeemed_at', '>=', start)
      .where('redeemed_at', '<', end)
      .groupBy([hour('redeemed_at'), 'redeemed_shop_id'])
      .execute(),
    moneyBySign(db, 'giftcard_transactions', start, end),
    moneyBySign(db, 'prepaid_transactions', start, end),
    sessionCounts(db, start, end),
  ]);
  collect(members, scope, dateOf, days, (f, r) => {
    f.members_gained += n(r.count);
  });
  collect(credits, scope, dateOf, days, (f, r) => {
    f.credits_given += n(r.given);
    f.credits_taken_back -= n(r.taken);
    f.credits_redeemed -= n(r.redeemed);
  });
  collect(rewards, scope, dateOf, days, (f, r) => {
    f.rewards_claimed += n(r.count);
  });
  collect(vouchers, scope, dateOf, days, (f, r) => {
    f.vouchers_redeemed += n(r.count);
  });
  collect(giftcards, scope, dateOf, days, (f, r) => {
    f.giftcards_sold_in_cents += n(r.plus);
    f.giftcards_spent_in_cents -= n(r.minus);
  });
  collect(prepaid, scope, dateOf, days, (f, r) => {
    f.prepaid_topped_up_in_cents += n(r.plus);
    f.prepaid_spent_in_cents -= n(r.minus);
  });
  collect(sessions, scope, dateOf, days, (f, r) => {
    const count = n(r.count);
    f.sessions_started += count;
    if (r.status === 'completed') f.sessions_completed += count;
    if (r.status === 'cancelled') f.sessions_cancelled += count;
    if (r.status === 'expired') f.sessions_expired += count;
  });
  const totals = { ...ZERO };
  const list = period.days.map((date) => {
    const figures = days.get(date)!;
    for (const key of Object.keys(ZERO) as (keyof ActivityFigures)[]) totals[key] += figures[key];
    return { date, ...asCredits(figures) };
  });
  return { from: period.from, to: period.to, scope: scope.kind, days: list, totals: asCredits(totals) };
}

/** Figures with their centi-credits as credits. */
function asCredits(figures: ActivityFigures): ActivityFigures {
  const out = { ...figures };
  for (const key of CREDIT_FIGURES) out[key] = fromCenti(figures[key]);
  return out;
}

/** A money ledger's positive and negative amounts (cents) by hour and shop. */
function moneyBySign(
  db: Db,
  table: 'giftcard_transactions' | 'prepaid_transactions',
  start: string,
  end: string,
) {
  return db
    .selectFrom(table)
    .select([
      hour('created_at').as('h'),
      'shop_id',
      sumIf(sql`amount_in_cents > 0`, 'amount_in_cents').as('plus'),
      sumIf(sql`amount_in_cents < 0`, 'amount_in_cents').as('minus'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([hour('created_at'), 'shop_id'])
    .execute();
}

/** Portal sessions started, by hour, shop, type and status. */
function sessionCounts(db: Db, start: string, end: string) {
  return db
    .selectFrom('portal_sessions')
    .select([hour('created_at').as('h'), 'shop_id', 'type', 'status', sql<string>`count(*)`.as('count')])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy([hour('created_at'), 'shop_id', 'type', 'status'])
    .execute();
}

/**
 * Contacts made in the period by hour; for a scope of shops, by the shop of their first credit
 * reception (null: none yet), as no contact names a shop of its own.
 */
async function membersGained(db: Db, scope: ReportScope, period: Period): Promise<Bucketed[]> {
  const made = db
    .selectFrom('contacts as c')
    .where('c.created_at', '>=', period.startText)
    .where('c.created_at', '<', period.endText);
  if (scope.kind === 'account') {
    return made
      .select([
        hour('c.created_at').as('h'),
        sql<null>`null`.as('shop_id'),
        sql<string>`count(*)`.as('count'),
      ])
      .groupBy(hour('c.created_at'))
      .execute();
  }
  const firstShop = made.select((eb) => [
    hour('c.created_at').as('h'),
    eb
      .selectFrom('credit_receptions as cr')
      .select('cr.shop_id')
      .whereRef('cr.contact_id', '=', 'c.id')
      .orderBy('cr.id')
      .limit(1)
      .as('shop_id'),
  ]);
  return db
    .selectFrom(firstShop.as('m'))
    .select(['m.h', 'm.shop_id', sql<string>`count(*)`.as('count')])
    .groupBy(['m.h', 'm.shop_id'])
    .execute();
}

/**
 * Office GET /reports/sessions: the portal sessions started in the period (reportPeriod) in the
 * scope (reportScopeOf), a row per day and type that had any, with how they ended (`open`: not yet).
 * @throws ServiceError 1003 (422) for a bad period; office_not_allowed (403), 1008 (404) as reportScopeOf.
 */
export async function sessionsReport(
  db: Db,
  actor: OfficeActor,
  query: { shopUuid?: string | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<SessionsReport> {
  const period = reportPeriod(query, now);
  const scope = await reportScopeOf(db, actor, query.shopUuid);
  const dateOf = bucketDates();
  const rows = new Map<string, SessionsRow>();
  for (const r of await sessionCounts(db, period.startText, period.endText)) {
    if (!inScope(scope, r.shop_id === null ? null : Number(r.shop_id))) continue;
    const date = dateOf(r.h);
    const key = `${date} ${r.type}`;
    let row = rows.get(key);
    if (!row) {
      row = { date, type: r.type, started: 0, completed: 0, cancelled: 0, expired: 0, open: 0 };
      rows.set(key, row);
    }
    const count = n(r.count);
    row.started += count;
    row[r.status] += count;
  }
  const order = (type: string) => SESSION_TYPES.indexOf(type as (typeof SESSION_TYPES)[number]);
  const list = [...rows.values()].sort(
    (a, b) => a.date.localeCompare(b.date) || order(a.type) - order(b.type),
  );
  return { from: period.from, to: period.to, scope: scope.kind, rows: list };
}
