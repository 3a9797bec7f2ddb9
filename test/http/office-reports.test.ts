import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityReport, LiabilityReport, LiabilityRow } from '../../src/contract/office-reports';
import { createTestApp, DEMO, newContact, type TestApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair, signInAtTill, tillStaff } from '../helpers/cashier';
import { expectLedgersBalanced } from '../helpers/ledger';
import { officeCall, staffMember } from '../helpers/office';

/*
 * The office's reports (docs/office.md "Reports"): the liability equals the ledgers and the stored
 * balances, per shop and for the account; the activity by shop-local day adds up to what the
 * liability moved; who did what at the till; CSV files; and a manager sees only their shops.
 * The property test of the liability: office-reports-property.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
});
afterAll(async () => {
  await expectLedgersBalanced(t.app.db);
  await t.close();
});

const HOUR = 3600_000;
const get = (cookie: string, path: string) => officeCall(t, cookie, { method: 'GET', path });
const json = async <T>(cookie: string | null, path: string): Promise<T> => {
  // null: a new owner's session, as the clock may have moved past an earlier one's 12 hours.
  const res = await get(cookie ?? (await staffMember(t, 'owner')).cookie, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** Every stored balance summed: credits (centi), prepaid and gift cards (cents). */
async function storedTotals() {
  const { rows } = await sql<Record<string, string | number>>`
    select (select coalesce(sum(credit_balance_centi), 0) from contacts) as credits,
      (select coalesce(sum(prepaid_balance_in_cents), 0) from contacts) as prepaid,
      (select coalesce(sum(balance_in_cents), 0) from giftcards) as giftcards`.execute(t.app.db);
  const r = rows[0]!;
  return { credits: Number(r.credits) / 100, prepaid: Number(r.prepaid), giftcards: Number(r.giftcards) };
}

const totalOf = (report: LiabilityReport) => report.rows.find((r) => r.kind === 'total')!;
const rowOf = (report: LiabilityReport, shop: string) => report.rows.find((r) => r.shop?.uuid === shop)!;
const figures = (r: LiabilityRow) => ({
  credits: r.credits,
  prepaid: r.prepaid_in_cents,
  giftcards: r.giftcards_in_cents,
});

const post = async (url: string, payload: object, token: string = DEMO.registerKey) => {
  const res = await t.call({ method: 'POST', url, payload, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
};

describe('the liability', () => {
  it("equals the stored balances today; the shops and 'no shop' add up to the total", async () => {
    const owner = await staffMember(t, 'owner');
    const report = await json<LiabilityReport>(owner.cookie, '/reports/liability');
    expect(report.scope).toBe('account');
    expect(figures(totalOf(report))).toEqual(await storedTotals());
    const kinds = report.rows.map((r) => r.kind);
    expect(kinds.slice(-2)).toEqual(['no_shop', 'total']);
    const parts = report.rows.filter((r) => r.kind !== 'total');
    const sum = (f: (r: LiabilityRow) => number) => parts.reduce((s, r) => s + f(r), 0);
    expect(Math.round(sum((r) => r.credits * 100))).toBe(Math.round(totalOf(report).credits * 100));
    expect(sum((r) => r.prepaid_in_cents)).toBe(totalOf(report).prepaid_in_cents);
    expect(sum((r) => r.giftcards_in_cents)).toBe(totalOf(report).giftcards_in_cents);
    // The fixture's opening balances belong to no shop.
    expect(report.rows.find((r) => r.kind === 'no_shop')!.credits).toBeGreaterThan(0);
  });

  it('attributes each move to the shop where it was made, and a past day stays as it was', async () => {
    const contact = await newContact(t);
    const before = await json<LiabilityReport>(null, '/reports/liability');
    const yesterday = before.at;
    t.clock.advance(24 * HOUR);
    await post('/credit-receptions', { contact_uuid: contact, credits: 80 }, DEMO.registerKeyUtrecht);
    await post(
      '/reward-receptions',
      { contact_uuid: contact, reward_uuid: DEMO.rewardCoffee, shop_uuid: DEMO.shop },
      DEMO.apiKey,
    );
    await post(
      '/prepaid-transactions',
      { contact_uuid: contact, amount_in_cents: 1234 },
      DEMO.registerKeyUtrecht,
    );
    await post('/prepaid-transactions', { contact_uuid: contact, amount_in_cents: -234 });
    await post('/giftcard-transactions', { giftcard_uuid: DEMO.giftcard, amount_in_cents: -500 });
    t.clock.advance(24 * HOUR);
    const after = await json<LiabilityReport>(null, `/reports/liability?at=${addDay(yesterday)}`);
    const delta = (shop: string) => {
      const a = rowOf(after, shop);
      const b = rowOf(before, shop);
      return {
        credits: a.credits - b.credits,
        prepaid: a.prepaid_in_cents - b.prepaid_in_cents,
        giftcards: a.giftcards_in_cents - b.giftcards_in_cents,
      };
    };
    expect(delta(DEMO.shopUtrecht)).toEqual({ credits: 80, prepaid: 1234, giftcards: 0 });
    expect(delta(DEMO.shop)).toEqual({ credits: -50, prepaid: -234, giftcards: -500 });
    // The day before is unchanged by what came after it.
    const again = await json<LiabilityReport>(null, `/reports/liability?at=${yesterday}`);
    expect(again).toEqual(before);
    expect(figures(totalOf(await json<LiabilityReport>(null, '/reports/liability')))).toEqual(
      await storedTotals(),
    );
  });

  it('ends a day at local midnight: 23:30 UTC in winter is the next day in Amsterdam', async () => {
    const contact = await newContact(t);
    const day = shopDay(t.clock.now());
    t.clock.current = new Date(`${day}T23:30:00.000Z`);
    await post('/credit-receptions', { contact_uuid: contact, credits: 7 });
    const local = addDay(day);
    const report = await json<ActivityReport>(null, `/reports/activity?from=${day}&to=${local}`);
    expect(report.days.find((d) => d.date === local)!.credits_given).toBeGreaterThanOrEqual(7);
    const atDay = await json<LiabilityReport>(null, `/reports/liability?at=${day}`);
    const atNext = await json<LiabilityReport>(null, `/reports/liability?at=${local}`);
    expect(atDay.ends_at).toBe(`${day}T23:00:00+00:00`);
    expect(rowOf(atNext, DEMO.shop).credits - rowOf(atDay, DEMO.shop).credits).toBeGreaterThanOrEqual(7);
  });
});

describe('the activity by day', () => {
  it('adds up to what the liability moved over the period, for the account and each shop', async () => {
    const contact = await newContact(t);
    t.clock.advance(24 * HOUR);
    const from = shopDay(t.clock.now());
    await post('/credit-receptions', { contact_uuid: contact, credits: 100 });
    const reception = await post(
      '/credit-receptions',
      { contact_uuid: contact, credits: 30 },
      DEMO.registerKeyUtrecht,
    );
    t.clock.advance(3 * HOUR);
    await post(`/credit-receptions/${reception.uuid}/reverse`, {}, DEMO.registerKeyUtrecht);
    await post(
      '/reward-receptions',
      { contact_uuid: contact, reward_uuid: DEMO.rewardCoffee, shop_uuid: DEMO.shop },
      DEMO.apiKey,
    );
    await post('/prepaid-transactions', { contact_uuid: contact, amount_in_cents: 2000 });
    await post(
      '/giftcard-transactions',
      { giftcard_uuid: DEMO.giftcard, amount_in_cents: 700 },
      DEMO.registerKeyUtrecht,
    );
    await post('/vouchers/redeem', { code: DEMO.voucherCode });
    t.clock.advance(24 * HOUR);
    const to = shopDay(t.clock.now());
    for (const shop of [undefined, DEMO.shop, DEMO.shopUtrecht]) {
      const q = shop ? `&shop_uuid=${shop}` : '';
      const activity = await json<ActivityReport>(null, `/reports/activity?from=${from}&to=${to}${q}`);
      const start = await json<LiabilityReport>(null, `/reports/liability?at=${addDay(from, -1)}${q}`);
      const end = await json<LiabilityReport>(null, `/reports/liability?at=${to}${q}`);
      const s = totalOf(start);
      const e = totalOf(end);
      const x = activity.totals;
      expect(Math.round((e.credits - s.credits) * 100)).toBe(
        Math.round((x.credits_given - x.credits_taken_back - x.credits_redeemed) * 100),
      );
      expect(e.prepaid_in_cents - s.prepaid_in_cents).toBe(
        x.prepaid_topped_up_in_cents - x.prepaid_spent_in_cents,
      );
      expect(e.giftcards_in_cents - s.giftcards_in_cents).toBe(
        x.giftcards_sold_in_cents - x.giftcards_spent_in_cents,
      );
      expect(activity.days.map((d) => d.date)).toEqual(
        [from, addDay(from), to].slice(0, activity.days.length),
      );
    }
    const utrecht = await json<ActivityReport>(
      null,
      `/reports/activity?from=${from}&to=${from}&shop_uuid=${DEMO.shopUtrecht}`,
    );
    expect(utrecht.totals).toMatchObject({
      credits_given: 30,
      credits_taken_back: 30,
      giftcards_sold_in_cents: 700,
    });
    const amsterdam = await json<ActivityReport>(
      null,
      `/reports/activity?from=${from}&to=${from}&shop_uuid=${DEMO.shop}`,
    );
    expect(amsterdam.totals).toMatchObject({
      credits_given: 100,
      credits_redeemed: 50,
      rewards_claimed: 1,
      vouchers_redeemed: 1,
      prepaid_topped_up_in_cents: 2000,
    });
    const account = await json<ActivityReport>(null, `/reports/activity?from=${from}&to=${from}`);
    expect(account.totals.members_gained).toBe(0);
  });

  it('refuses a period that ends before it starts, or longer than 366 days (422, naming the field)', async () => {
    const owner = await staffMember(t, 'owner');
    const late = await get(owner.cookie, '/reports/activity?from=2026-11-10&to=2026-11-01');
    expect(late.statusCode).toBe(422);
    expect(late.body).toContain('from');
    const long = await get(owner.cookie, '/reports/staff?from=2025-01-01&to=2026-11-01');
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('to');
    expect((await get(owner.cookie, '/reports/sessions?from=2026-02-30')).statusCode).toBe(422);
  });
});

describe('sessions and the staff at the till', () => {
  it('counts the sessions by day, type and end, and what each person did at the till', async () => {
    const owner = await staffMember(t, 'owner');
    const day = shopDay(t.clock.now());
    const kim = await tillStaff(t, DEMO.shopUtrecht, 'Kim Utrecht', '4321');
    const cookie = await pair(t, CASHIER.utrecht, { signIn: false });
    expect((await signInAtTill(t, cookie, kim, '4321')).statusCode).toBe(200);
    const started = await consoleCall(t, cookie, 'POST', '/sessions', { type: 'identify' });
    expect(started.statusCode, started.body).toBe(201);
    const cancel = await consoleCall(t, cookie, 'POST', `/sessions/${started.json().data.uuid}/cancel`);
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    const staff = await json<{ rows: { staff: { uuid: string } | null }[] }>(
      owner.cookie,
      `/reports/staff?from=${day}&to=${day}&shop_uuid=${DEMO.shopUtrecht}`,
    );
    expect(staff.rows.find((r) => r.staff?.uuid === kim.uuid)).toMatchObject({
      staff: { uuid: kim.uuid, name: 'Kim Utrecht' },
      sessions_started: 1,
      sessions_cancelled: 1,
      sessions_completed: 0,
    });
    const sessions = await json<{ rows: { date: string; type: string; cancelled: number }[] }>(
      owner.cookie,
      `/reports/sessions?from=${day}&to=${day}&shop_uuid=${DEMO.shopUtrecht}`,
    );
    expect(sessions.rows.find((r) => r.type === 'identify')?.cancelled).toBeGreaterThanOrEqual(1);
  });
});

describe('the CSV files', () => {
  it('are RFC 4180 with CRLF, UTF-8 behind a BOM, an attachment, and say what the JSON says', async () => {
    const owner = await staffMember(t, 'owner');
    const report = await json<LiabilityReport>(owner.cookie, '/reports/liability');
    const res = await get(owner.cookie, '/reports/liability.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="liability-${report.at}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe('row,shop_uuid,shop_name,credits,prepaid_eur,giftcards_eur');
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const total = parsed.data.find((r) => r.row === 'total')!;
    const t0 = totalOf(report);
    expect(total.prepaid_eur).toBe((t0.prepaid_in_cents / 100).toFixed(2));
    expect(total.giftcards_eur).toBe((t0.giftcards_in_cents / 100).toFixed(2));
    expect(total.credits).toBe(t0.credits.toFixed(2));
    for (const name of ['activity', 'sessions', 'staff']) {
      const csv = await get(owner.cookie, `/reports/${name}.csv?from=2026-11-20&to=2026-11-21`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="${name}-2026-11-20-to-2026-11-21.csv"`,
      );
      expect(csv.body.startsWith('\uFEFF')).toBe(true);
    }
  });

  it('quotes a name with a comma and disarms one a spreadsheet would run as a formula', async () => {
    const owner = await staffMember(t, 'owner');
    const shop = (
      await officeCall(t, owner.cookie, {
        method: 'POST',
        path: '/shops',
        payload: { name: '=HYPERLINK("x"), "A"' },
      })
    ).json();
    const text = (await get(owner.cookie, `/reports/liability.csv?shop_uuid=${shop.uuid}`)).body;
    expect(text).toContain(`shop,${shop.uuid},"'=HYPERLINK(""x""), ""A""",0.00,0.00,0.00\r\n`);
    expect(text).toContain('total,,,0.00,0.00,0.00\r\n');
  });
});

describe('a manager reads their own shops only', () => {
  it("the Utrecht manager: Utrecht's rows and their total, never Amsterdam's nor the account's", async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    const owner = await staffMember(t, 'owner');
    // Something of Amsterdam's at its till, which the manager must not see.
    const cookie = await pair(t, CASHIER.amsterdam);
    expect((await consoleCall(t, cookie, 'POST', '/sessions', { type: 'identify' })).statusCode).toBe(201);
    const day = shopDay(t.clock.now());
    const liability = await json<LiabilityReport>(manager.cookie, '/reports/liability');
    expect(liability.scope).toBe('shops');
    expect(liability.rows.map((r) => [r.kind, r.shop?.uuid ?? null])).toEqual([
      ['shop', DEMO.shopUtrecht],
      ['total', null],
    ]);
    const ownerView = await json<LiabilityReport>(owner.cookie, '/reports/liability');
    expect(figures(totalOf(liability))).toEqual(figures(rowOf(ownerView, DEMO.shopUtrecht)));
    for (const path of [
      '/reports/liability',
      '/reports/liability.csv',
      `/reports/activity?from=${day}&to=${day}`,
      `/reports/activity.csv?from=${day}&to=${day}`,
      `/reports/sessions?from=${day}&to=${day}`,
      `/reports/staff?from=${day}&to=${day}`,
      `/reports/staff.csv?from=${day}&to=${day}`,
    ]) {
      const res = await get(manager.cookie, path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain(DEMO.shop);
      expect(res.body, path).not.toContain('Amsterdam');
      expect(res.body, path).not.toContain(DEMO.sam);
      const named = path.replace(/(\.csv)?(\?|$)/, `$1?shop_uuid=${DEMO.shop}&`).replace('?&', '?');
      const refused = await get(manager.cookie, named);
      expect(refused.statusCode, named).toBe(403);
      expect(refused.json()).toMatchObject({ reason: 'office_not_allowed' });
    }
    const sessions = await json<{ rows: unknown[] }>(
      manager.cookie,
      `/reports/sessions?from=${day}&to=${day}`,
    );
    const ownerSessions = await json<{ rows: unknown[] }>(
      owner.cookie,
      `/reports/sessions?from=${day}&to=${day}&shop_uuid=${DEMO.shopUtrecht}`,
    );
    expect(sessions.rows).toEqual(ownerSessions.rows);
    // An unknown shop answers a manager as another's: nothing learnt.
    expect((await get(manager.cookie, '/reports/liability?shop_uuid=nope')).statusCode).toBe(403);
    expect((await get(owner.cookie, '/reports/liability?shop_uuid=nope')).statusCode).toBe(404);
  });

  it('a cashier is refused every report (403)', async () => {
    const cashier = await staffMember(t, 'cashier');
    expect((await get(cashier.cookie, '/reports/liability')).statusCode).toBe(403);
    expect((await get(cashier.cookie, '/reports/activity.csv')).statusCode).toBe(403);
  });
});

/** The shop-local date of an instant (Europe/Amsterdam). */
function shopDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(at);
}

function addDay(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);
}
