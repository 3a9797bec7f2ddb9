import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiabilityReport } from '../../src/contract/office-reports';
import { createTestApp, DEMO, newContact, type TestApp } from '../helpers/app';
import { expectLedgersBalanced } from '../helpers/ledger';
import { officeCall, staffMember } from '../helpers/office';

/*
 * The liability report equals the ledgers to the cent (docs/office.md "Reports"; issue 35 "Done
 * when"): after a random mix of every kind of transaction made through the public API (credit
 * receptions, refunds and reversals, reward receptions and their reversals, gift-card top-ups,
 * payments and reversals, prepaid top-ups, payments and reversals, vouchers), at random clock
 * times, by shop keys and the account-wide key:
 * - today, the account's total equals the stored balances, and each shop's row the ledger rows of
 *   that shop summed here anew;
 * - at a past day, each row equals the ledger summed up to that day's local midnight, and stays so
 *   after later transactions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgersBalanced(t.app.db);
  await t.close();
});

const HOUR = 3600_000;
const KEYS = [DEMO.registerKey, DEMO.registerKeyUtrecht, DEMO.apiKey] as const;
const CARDS = [DEMO.giftcard, 'f1000000-0000-4000-8000-000000000002'] as const;

const who = fc.nat(1);
const key = fc.nat(KEYS.length - 1);
const pick = fc.nat(50);
const operation = fc.oneof(
  fc.record({ kind: fc.constant('credit' as const), who, key, centi: fc.integer({ min: -3000, max: 9000 }) }),
  fc.record({ kind: fc.constant('reverse-credit' as const), pick }),
  fc.record({ kind: fc.constant('reward' as const), who, shop: fc.nat(1) }),
  fc.record({ kind: fc.constant('reverse-reward' as const), pick }),
  fc.record({
    kind: fc.constant('giftcard' as const),
    card: fc.nat(1),
    key,
    cents: fc.integer({ min: -3000, max: 3000 }),
  }),
  fc.record({ kind: fc.constant('reverse-giftcard' as const), card: fc.nat(1) }),
  fc.record({
    kind: fc.constant('prepaid' as const),
    who,
    key,
    cents: fc.integer({ min: -2000, max: 4000 }),
  }),
  fc.record({ kind: fc.constant('reverse-prepaid' as const), pick }),
  fc.record({ kind: fc.constant('voucher' as const), key }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 9 * 60 }) }),
);
type Op = typeof operation extends fc.Arbitrary<infer O> ? O : never;

/** What the run made, for reversals: uuids of credit receptions, reward receptions, prepaid transactions. */
interface Made {
  contacts: string[];
  credits: string[];
  rewards: string[];
  prepaid: string[];
  /** The last transaction of each card (a card reverses only its last). */
  lastOfCard: Map<string, string>;
}

/** Makes one operation through the public API; a refusal (4xx: too little balance…) is a valid outcome. */
async function perform(op: Op, made: Made): Promise<void> {
  const call = async (url: string, payload: object, token: string = DEMO.apiKey) => {
    const res = await t.call({ method: 'POST', url, payload, token });
    expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(500);
    return res.statusCode < 300 ? res.json().data : undefined;
  };
  const nth = (list: string[], n: number) => (list.length ? list[n % list.length] : undefined);
  const contact = (n: number) => made.contacts[n]!;
  const shopOf = (k: number) => (KEYS[k] === DEMO.apiKey ? { shop_uuid: DEMO.shop } : {});
  switch (op.kind) {
    case 'credit': {
      const r = await call(
        '/credit-receptions',
        { contact_uuid: contact(op.who), credits: op.centi / 100, ...shopOf(op.key) },
        KEYS[op.key],
      );
      if (r) made.credits.push(r.uuid);
      return;
    }
    case 'reverse-credit': {
      const uuid = nth(made.credits, op.pick);
      if (uuid) await call(`/credit-receptions/${uuid}/reverse`, {});
      return;
    }
    case 'reward': {
      const shop_uuid = op.shop ? DEMO.shopUtrecht : DEMO.shop;
      const r = await call('/reward-receptions', {
        contact_uuid: contact(op.who),
        reward_uuid: DEMO.rewardCoffee,
        shop_uuid,
      });
      if (r) made.rewards.push(r.uuid);
      return;
    }
    case 'reverse-reward': {
      const uuid = nth(made.rewards, op.pick);
      if (uuid) await call(`/reward-receptions/${uuid}/reverse`, {});
      return;
    }
    case 'giftcard': {
      const card = CARDS[op.card]!;
      const r = await call(
        '/giftcard-transactions',
        { giftcard_uuid: card, amount_in_cents: op.cents, ...shopOf(op.key) },
        KEYS[op.key],
      );
      if (r) made.lastOfCard.set(card, r.uuid);
      return;
    }
    case 'reverse-giftcard': {
      const uuid = made.lastOfCard.get(CARDS[op.card]!);
      if (uuid) {
        const r = await call(`/giftcard-transactions/${uuid}/reverse`, {});
        if (r) made.lastOfCard.set(CARDS[op.card]!, r.uuid);
      }
      return;
    }
    case 'prepaid': {
      const r = await call(
        '/prepaid-transactions',
        { contact_uuid: contact(op.who), amount_in_cents: op.cents, ...shopOf(op.key) },
        KEYS[op.key],
      );
      if (r) made.prepaid.push(r.uuid);
      return;
    }
    case 'reverse-prepaid': {
      const uuid = nth(made.prepaid, op.pick);
      if (uuid) await call(`/prepaid-transactions/${uuid}/reverse`, {});
      return;
    }
    case 'voucher': {
      const v = await call('/vouchers', { promotion_uuid: DEMO.promotionMuffin, contact_uuid: contact(0) });
      if (v) await call('/vouchers/redeem', { code: v.code, ...shopOf(op.key) }, KEYS[op.key]);
      return;
    }
    case 'wait':
      t.clock.advance(op.minutes * 60_000);
  }
}

/** The liability report by a new owner (the clock may have outlived an earlier session). */
async function liability(at?: string): Promise<LiabilityReport> {
  const owner = await staffMember(t, 'owner');
  const res = await officeCall(t, owner.cookie, {
    method: 'GET',
    path: `/reports/liability${at ? `?at=${at}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The ledgers summed anew, up to `before` (a stored timestamp), by shop uuid ('' for no shop):
 * credits in centi-credits, prepaid and gift cards in cents.
 */
async function ledgerByShop(before: string) {
  const { rows } = await sql<{ ledger: string; shop: string | null; total: string | number }>`
    select 'credits' as ledger, s.uuid as shop, sum(e.credits_centi) as total from credit_entries e
      left join credit_receptions c on e.source = 'credit_reception' and c.id = e.source_id
      left join reward_receptions r on e.source = 'reward_reception' and r.id = e.source_id
      left join shops s on s.id = coalesce(c.shop_id, r.shop_id)
      where e.created_at < ${before} group by s.uuid
    union all
    select 'prepaid', s.uuid, sum(p.amount_in_cents) from prepaid_transactions p
      left join shops s on s.id = p.shop_id where p.created_at < ${before} group by s.uuid
    union all
    select 'giftcards', s.uuid, sum(g.amount_in_cents) from giftcard_transactions g
      left join shops s on s.id = g.shop_id where g.created_at < ${before} group by s.uuid`.execute(t.app.db);
  const out = new Map<string, { credits: number; prepaid: number; giftcards: number }>();
  for (const row of rows) {
    const k = row.shop ?? '';
    const entry = out.get(k) ?? { credits: 0, prepaid: 0, giftcards: 0 };
    entry[row.ledger as 'credits' | 'prepaid' | 'giftcards'] += Number(row.total);
    out.set(k, entry);
  }
  return out;
}

/** Expects every row of `report` to equal the ledgers summed anew up to its end. */
async function expectEqualsLedger(report: LiabilityReport) {
  const ledger = await ledgerByShop(report.ends_at.replace('+00:00', '.000+00:00'));
  const zero = { credits: 0, prepaid: 0, giftcards: 0 };
  const total = { ...zero };
  for (const v of ledger.values())
    for (const k of ['credits', 'prepaid', 'giftcards'] as const) total[k] += v[k];
  for (const row of report.rows) {
    const expected =
      row.kind === 'total'
        ? total
        : row.kind === 'no_shop'
          ? (ledger.get('') ?? zero)
          : (ledger.get(row.shop!.uuid) ?? zero);
    expect({
      credits: Math.round(row.credits * 100),
      prepaid: row.prepaid_in_cents,
      giftcards: row.giftcards_in_cents,
    }).toEqual(expected);
  }
}

async function storedTotals() {
  const { rows } = await sql<Record<string, string | number>>`
    select (select coalesce(sum(credit_balance_centi), 0) from contacts) as credits,
      (select coalesce(sum(prepaid_balance_in_cents), 0) from contacts) as prepaid,
      (select coalesce(sum(balance_in_cents), 0) from giftcards) as giftcards`.execute(t.app.db);
  const r = rows[0]!;
  return { credits: Number(r.credits), prepaid: Number(r.prepaid), giftcards: Number(r.giftcards) };
}

describe('the liability equals the ledgers, today and at a past day (property)', () => {
  it('after any mix of transactions at any times', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 3, maxLength: 10 }),
        fc.array(operation, { maxLength: 8 }),
        async (first, later) => {
          const made: Made = {
            contacts: [await newContact(t), await newContact(t)],
            credits: [],
            rewards: [],
            prepaid: [],
            lastOfCard: new Map(),
          };
          // Credits enough for a reward now and then.
          await perform({ kind: 'credit', who: 0, key: 0, centi: 6000 }, made);
          for (const op of first) await perform(op, made);
          const past = (await liability()).at;
          t.clock.advance(24 * HOUR + 60_000);
          const atPast = await liability(past);
          await expectEqualsLedger(atPast);
          for (const op of later) await perform(op, made);
          expect(await liability(past)).toEqual(atPast);
          const today = await liability();
          await expectEqualsLedger(today);
          const total = today.rows.find((r) => r.kind === 'total')!;
          expect({
            credits: Math.round(total.credits * 100),
            prepaid: total.prepaid_in_cents,
            giftcards: total.giftcards_in_cents,
          }).toEqual(await storedTotals());
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);
});
