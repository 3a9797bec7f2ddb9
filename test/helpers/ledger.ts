import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/service/db/schema';

/** The three ledgers of schema.ts: a cached balance on its owner, and the rows that sum to it. */
const LEDGERS = [
  {
    name: 'credits',
    owner: 'contacts',
    label: 'email',
    balance: 'credit_balance_centi',
    entries: 'credit_entries',
    ownerId: 'contact_id',
    amount: 'credits_centi',
  },
  {
    name: 'prepaid',
    owner: 'contacts',
    label: 'email',
    balance: 'prepaid_balance_in_cents',
    entries: 'prepaid_transactions',
    ownerId: 'contact_id',
    amount: 'amount_in_cents',
  },
  {
    name: 'giftcards',
    owner: 'giftcards',
    label: 'hash',
    balance: 'balance_in_cents',
    entries: 'giftcard_transactions',
    ownerId: 'giftcard_id',
    amount: 'amount_in_cents',
  },
] as const;

/**
 * Expects every cached balance (contact credits and prepaid, gift cards) to equal the sum of its
 * ledger rows and not to be negative; a failure lists the owners (e-mail, card hash) that are off.
 */
export async function expectLedgersBalanced(db: Kysely<Database>): Promise<void> {
  for (const l of LEDGERS) {
    const { rows } = await sql<{ label: string; balance: number | string; ledger: number | string }>`
      select o.${sql.ref(l.label)} as label, o.${sql.ref(l.balance)} as balance,
        coalesce((select sum(x.${sql.ref(l.amount)}) from ${sql.table(l.entries)} x
          where x.${sql.ref(l.ownerId)} = o.id), 0) as ledger
      from ${sql.table(l.owner)} o`.execute(db);
    const off = rows
      .map((r) => ({ ledger: l.name, owner: r.label, balance: Number(r.balance), sum: Number(r.ledger) }))
      .filter((r) => r.balance !== r.sum || r.balance < 0);
    expect(off).toEqual([]);
  }
}

/** A contact's cached credit balance as stored, in credits. */
export async function storedCredits(db: Kysely<Database>, contactUuid: string): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select('credit_balance_centi')
    .where('uuid', '=', contactUuid)
    .executeTakeFirstOrThrow();
  return Number(row.credit_balance_centi) / 100;
}

/** A gift card's cached balance as stored, in cents. */
export async function storedGiftcardCents(db: Kysely<Database>, giftcardUuid: string): Promise<number> {
  const row = await db
    .selectFrom('giftcards')
    .select('balance_in_cents')
    .where('uuid', '=', giftcardUuid)
    .executeTakeFirstOrThrow();
  return Number(row.balance_in_cents);
}

/**
 * Expects what every contact shows (migration 0011: receptions count, credits received, first and
 * last reception, balance before the latest entry, shops received at) to equal what its history
 * says, recomputed here from the credit receptions and the ledger.
 */
export async function expectContactTotalsMatchHistory(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<Record<string, unknown>>`
    select c.email,
      c.credit_receptions_count as count, c.received_credits_centi as received,
      c.first_credit_reception_at as first, c.last_credit_reception_at as last,
      c.previous_credit_balance_centi as previous,
      (select count(*) from credit_receptions r where r.contact_id = c.id) as history_count,
      (select coalesce(sum(r.credits_centi), 0) from credit_receptions r
        where r.contact_id = c.id and r.credits_centi > 0) as history_received,
      (select min(r.created_at) from credit_receptions r where r.contact_id = c.id) as history_first,
      (select max(r.created_at) from credit_receptions r where r.contact_id = c.id) as history_last,
      coalesce((select c.credit_balance_centi - e.credits_centi from credit_entries e
        where e.contact_id = c.id order by e.id desc limit 1), 0) as history_previous,
      (select count(*) from contact_shops s where s.contact_id = c.id) as shops,
      (select count(distinct r.shop_id) from credit_receptions r where r.contact_id = c.id) as history_shops,
      (select count(*) from credit_receptions r where r.contact_id = c.id and not exists (
        select 1 from contact_shops s where s.contact_id = c.id and s.shop_id = r.shop_id)) as missing_shops
    from contacts c`.execute(db);
  const off = rows.filter(
    (r) =>
      Number(r.count) !== Number(r.history_count) ||
      Number(r.received) !== Number(r.history_received) ||
      r.first !== r.history_first ||
      r.last !== r.history_last ||
      Number(r.previous) !== Number(r.history_previous) ||
      Number(r.shops) !== Number(r.history_shops) ||
      Number(r.missing_shops) !== 0,
  );
  expect(off).toEqual([]);
}
