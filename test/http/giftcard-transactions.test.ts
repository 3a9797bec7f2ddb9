import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../src/service/fixture/demo-account.json';
import { parseFixture } from '../../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';
import { expectError } from '../helpers/errors';
import { expectLedgersBalanced, storedGiftcardCents } from '../helpers/ledger';

const card = (n: string) => `f1000000-0000-4000-8000-${n.padStart(12, '0')}`;
const BENCH_CARD = card('2'); // GC-0002, 10000
const DIGITAL_USED = card('4'); // GC-D-0001, 5000, already incremented
const EXPIRED = card('5'); // GC-EXP-0001
const NEAR_MAX = card('6'); // GC-0006, 49000 of 50000
const INACTIVE = card('a1');
const EXPIRES_SOON = card('a2');
const CONCURRENT = card('a3');
const REVERSALS = card('a4');
const SMALL = card('b1');
// Empty physical cards, one per test that moves money on one.
const INCREMENTED = card('c1');
const AGAIN = card('c2');
const OVERDRAWN = card('c3');
const REVERSED_TOP_UP = card('c4');
const OTHER_SHOP = card('c5');
const SMALL_PROGRAM = 'f0000000-0000-4000-8000-0000000000b1';
const PROGRAM = 'f0000000-0000-4000-8000-000000000001';

function fixture() {
  const json = structuredClone(demo);
  const extra = (uuid: string, hash: string, amount: number, more: object = {}) => ({
    uuid,
    hash,
    type: 'PHYSICAL',
    amount_in_cents: amount,
    expiration_date: '2027-12-31T23:59:59+01:00',
    active: true,
    ...more,
  });
  json.giftcard_programs[0]!.giftcards.push(
    extra(INACTIVE, 'GC-INACTIVE', 1000, { active: false }),
    extra(EXPIRES_SOON, 'GC-SOON', 1000, { expiration_date: '2026-11-22T00:00:00+01:00' }),
    extra(CONCURRENT, 'GC-CONC', 5000),
    extra(REVERSALS, 'GC-REV', 49500),
    extra(INCREMENTED, 'GC-INCREMENTED', 0),
    extra(AGAIN, 'GC-AGAIN', 0),
    extra(OVERDRAWN, 'GC-OVERDRAWN', 0),
    extra(REVERSED_TOP_UP, 'GC-REVERSED-TOP-UP', 0),
    extra(OTHER_SHOP, 'GC-OTHER-SHOP', 1000),
  );
  json.giftcard_programs.push({
    ...json.giftcard_programs[0]!,
    uuid: SMALL_PROGRAM,
    name: 'Small card',
    max_amount_in_cents: 1000,
    giftcards: [extra(SMALL, 'GC-SMALL', 1000)],
  });
  return parseFixture(json, '(test)', DEMO_FIXTURE_DIR);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: fixture() });
});
afterAll(() => t.close());

const transact = (payload: object, token: string = DEMO.registerKey) =>
  t.call({ method: 'POST', url: '/giftcard-transactions', payload, token });
const reverse = (uuid: string) =>
  t.call({ method: 'POST', url: `/giftcard-transactions/${uuid}/reverse`, token: DEMO.registerKey });

const balance = (uuid: string) => storedGiftcardCents(t.app.db, uuid);

/** A new digital card of the demo program (POST /giftcards), with a zero balance. */
async function newDigitalCard() {
  const res = await t.call({
    method: 'POST',
    url: '/giftcards',
    payload: { type: 1, giftcard_program_uuid: PROGRAM },
  });
  return res.json().data;
}

async function setMax(programUuid: string, cents: number) {
  await t.app.db
    .updateTable('giftcard_programs')
    .set({ max_amount_in_cents: cents })
    .where('uuid', '=', programUuid)
    .execute();
}

afterAll(async () => {
  await expectLedgersBalanced(t.app.db);
});

describe('POST /giftcard-transactions', () => {
  it('increments a card at the key’s shop with the full resource and custom attributes', async () => {
    const res = await transact({
      giftcard_uuid: INCREMENTED,
      amount_in_cents: 1500,
      custom_attributes: { receipt: 'R-1', terminal: 4 },
    });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      amount_in_cents: 1500,
      type: 'STANDARD',
      settled: true,
      card: { id: expect.any(Number), uuid: INCREMENTED },
      card_id: data.card.id,
      shop: { id: 1, uuid: DEMO.shop, name: 'Demo Coffee Amsterdam' },
      shop_id: 1,
      settlements: [],
      created_at: '2026-11-21T10:00:00+00:00',
      receipt: 'R-1',
      terminal: 4,
    });
    expect(await balance(INCREMENTED)).toBe(1500);
    const got = await t.call({ method: 'GET', url: `/giftcard-transactions/${data.uuid}` });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(data);
  });

  it('increments a physical card again and again, and decrements it to exactly zero', async () => {
    for (const amount of [1500, 100, 200]) {
      expect((await transact({ giftcard_uuid: AGAIN, amount_in_cents: amount })).statusCode).toBe(201);
    }
    expect(await balance(AGAIN)).toBe(1800);
    expect((await transact({ giftcard_uuid: AGAIN, amount_in_cents: -1800 })).statusCode).toBe(201);
    expect(await balance(AGAIN)).toBe(0);
  });

  it('refuses a decrement beyond the balance with 5003, changing nothing', async () => {
    await expectError(await transact({ giftcard_uuid: OVERDRAWN, amount_in_cents: -1 }), 5003);
    expect(await balance(OVERDRAWN)).toBe(0);
  });

  it('increments a digital card once only: 5006 for the fixture card and for a new card’s second increment', async () => {
    await expectError(await transact({ giftcard_uuid: DIGITAL_USED, amount_in_cents: 100 }), 5006);
    const created = await newDigitalCard();
    expect((await transact({ giftcard_uuid: created.uuid, amount_in_cents: 2000 })).statusCode).toBe(201);
    const found = await t.call({ method: 'GET', url: `/giftcards/find-one-by?hash=${created.hash}` });
    expect(found.json().data).toMatchObject({ upgradeable: false, amount_in_cents: 2000 });
    await expectError(await transact({ giftcard_uuid: created.uuid, amount_in_cents: 100 }), 5006);
    expect((await transact({ giftcard_uuid: created.uuid, amount_in_cents: -500 })).statusCode).toBe(201);
    expect(await balance(created.uuid)).toBe(1500);
  });

  it("refuses a balance above the program's max with 5008; exactly the max is fine", async () => {
    await expectError(await transact({ giftcard_uuid: NEAR_MAX, amount_in_cents: 1001 }), 5008);
    expect((await transact({ giftcard_uuid: NEAR_MAX, amount_in_cents: 1000 })).statusCode).toBe(201);
    expect(await balance(NEAR_MAX)).toBe(50000);
  });

  it('refuses an expired card with 5002 and an inactive card with 1003', async () => {
    await expectError(await transact({ giftcard_uuid: EXPIRED, amount_in_cents: -100 }), 5002);
    await expectError(await transact({ giftcard_uuid: EXPIRED, amount_in_cents: 100 }), 5002);
    const body = await expectError(await transact({ giftcard_uuid: INACTIVE, amount_in_cents: -100 }), 1003);
    expect(body.message).toBe('Giftcard is inactive');
    expect(await balance(INACTIVE)).toBe(1000);
  });

  it('answers 5001 for an unknown card and 1003 for bad input', async () => {
    await expectError(await transact({ giftcard_uuid: 'nope', amount_in_cents: 1 }), 5001, 404);
    expect((await expectError(await transact({}), 1003)).errors).toEqual({
      giftcard_uuid: ['The giftcard uuid field is required.'],
      amount_in_cents: ['The amount in cents field is required.'],
    });
    for (const amount_in_cents of [0, 1.5, 'ten']) {
      const body = await expectError(await transact({ giftcard_uuid: BENCH_CARD, amount_in_cents }), 1003);
      expect(Object.keys(body.errors ?? {})).toEqual(['amount_in_cents']);
    }
    const clash = await expectError(
      await transact({ giftcard_uuid: BENCH_CARD, amount_in_cents: 1, custom_attributes: { uuid: 'x' } }),
      1003,
    );
    expect(Object.keys(clash.errors ?? {})).toEqual(['custom_attributes.uuid']);
  });

  it('takes the shop from shop_uuid with an unbound key; with neither a bound key nor shop_uuid: 1008', async () => {
    await expectError(
      await transact({ giftcard_uuid: BENCH_CARD, amount_in_cents: 1 }, DEMO.apiKey),
      1008,
      404,
    );
    const named = await transact(
      { giftcard_uuid: BENCH_CARD, amount_in_cents: 1, shop_uuid: DEMO.shopUtrecht },
      DEMO.apiKey,
    );
    expect(named.json().data.shop).toEqual({ id: 2, uuid: DEMO.shopUtrecht, name: 'Demo Coffee Utrecht' });
    await expectError(
      await transact({ giftcard_uuid: BENCH_CARD, amount_in_cents: 1, shop_uuid: DEMO.shopUtrecht }),
      1008,
      404,
    );
    await expectError(
      await transact({ giftcard_uuid: BENCH_CARD, amount_in_cents: 1, shop_uuid: 'nope' }, DEMO.apiKey),
      1008,
      404,
    );
  });

  it('accepts the benchmark request: the register key, +1 cent on GC-0002', async () => {
    const before = await balance(BENCH_CARD);
    const res = await t.call({
      method: 'POST',
      url: '/giftcard-transactions',
      headers: { authorization: `Bearer ${DEMO.registerKey}`, 'content-type': 'application/json' },
      token: null,
      payload: JSON.stringify({ giftcard_uuid: BENCH_CARD, amount_in_cents: 1 }),
    });
    expect(res.statusCode).toBe(201);
    expect(await balance(BENCH_CARD)).toBe(before + 1);
  });

  it('accepts a form-encoded body under the real platform prefix', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/giftcard-transactions',
      token: DEMO.registerKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `giftcard_uuid=${BENCH_CARD}&amount_in_cents=-25&custom_attributes[receipt]=R-9`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount_in_cents: -25, receipt: 'R-9' });
  });

  it('50 simultaneous charges never overdraw: floor(5000 / 300) succeed, the rest 5003', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => transact({ giftcard_uuid: CONCURRENT, amount_in_cents: -300 })),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 201 : r.json().code));
    expect(codes.filter((c) => c === 201)).toHaveLength(Math.floor(5000 / 300));
    expect(codes.filter((c) => c !== 201).every((c) => c === 5003)).toBe(true);
    expect(await balance(CONCURRENT)).toBe(5000 - 16 * 300);
    await expectLedgersBalanced(t.app.db);
  });

  it('needs an API key: 401 without a token, 403 with an access token', async () => {
    const payload = { giftcard_uuid: BENCH_CARD, amount_in_cents: 1 };
    expect(
      (await t.call({ method: 'POST', url: '/giftcard-transactions', payload, token: null })).statusCode,
    ).toBe(401);
    expect((await transact(payload, DEMO.accessToken)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/giftcard-transactions/x', token: null })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /giftcard-transactions/{uuid}', () => {
  it('answers 5010 for an unknown transaction', async () => {
    await expectError(await t.call({ method: 'GET', url: '/giftcard-transactions/nope' }), 5010, 404);
  });
});

describe('POST /giftcard-transactions/{uuid}/reverse', () => {
  it("reverses the card's last transaction with the negated amount; an earlier one is 55025", async () => {
    const first = (await transact({ giftcard_uuid: REVERSALS, amount_in_cents: -500 })).json().data;
    const second = (await transact({ giftcard_uuid: REVERSALS, amount_in_cents: -200 })).json().data;
    await expectError(await reverse(first.uuid), 55025);
    const res = await reverse(second.uuid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      amount_in_cents: 200,
      card: { uuid: REVERSALS },
      shop: { uuid: DEMO.shop },
      settled: true,
    });
    expect(await balance(REVERSALS)).toBe(49500 - 500);
    await expectError(await reverse(second.uuid), 55025);
  });

  it('by GET on the register surface only, as the PHP SDK’s RegisterClient sends it', async () => {
    const charge = (await transact({ giftcard_uuid: REVERSALS, amount_in_cents: -100 })).json().data;
    const url = `/giftcard-transactions/${charge.uuid}/reverse`;
    for (const path of [url, `/api/v3/oauth/clients${url}`]) {
      expect((await t.call({ method: 'GET', url: path, token: DEMO.registerKey })).statusCode).toBe(404);
    }
    const res = await t.call({ method: 'GET', url: `/api/v3/register${url}`, token: DEMO.registerKey });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount_in_cents: 100, card: { uuid: REVERSALS } });
  });

  it('refuses a reversal of a decrement that would exceed the max (5008), e.g. after the max was lowered', async () => {
    const spend = (await transact({ giftcard_uuid: SMALL, amount_in_cents: -300 })).json().data;
    await setMax(SMALL_PROGRAM, 800);
    try {
      await expectError(await reverse(spend.uuid), 5008);
    } finally {
      await setMax(SMALL_PROGRAM, 1000);
    }
    expect(await balance(SMALL)).toBe(700);
    expect((await reverse(spend.uuid)).statusCode).toBe(201);
    expect(await balance(SMALL)).toBe(1000);
  });

  it('refuses reversing an increment whose money is no longer on the card (5003)', async () => {
    // Through the API the last transaction's money is always there; the rule still guards the balance
    // when it was changed outside the ledger (restored below).
    const top = (await transact({ giftcard_uuid: REVERSED_TOP_UP, amount_in_cents: 700 })).json().data;
    const setBalance = (cents: number) =>
      t.app.db
        .updateTable('giftcards')
        .set({ balance_in_cents: cents })
        .where('uuid', '=', REVERSED_TOP_UP)
        .execute();
    await setBalance(600);
    try {
      await expectError(await reverse(top.uuid), 5003);
    } finally {
      await setBalance(700);
    }
    expect((await reverse(top.uuid)).statusCode).toBe(201);
    expect(await balance(REVERSED_TOP_UP)).toBe(0);
  });

  it("reverses a digital card's increment, and the reversal of a decrement is no new increment", async () => {
    const created = await newDigitalCard();
    await transact({ giftcard_uuid: created.uuid, amount_in_cents: 1000 });
    const spend = (await transact({ giftcard_uuid: created.uuid, amount_in_cents: -400 })).json().data;
    expect((await reverse(spend.uuid)).statusCode).toBe(201);
    expect(await balance(created.uuid)).toBe(1000);
    await expectError(await transact({ giftcard_uuid: created.uuid, amount_in_cents: 1 }), 5006);
  });

  it('refuses a reversal on an expired card (5002)', async () => {
    const tx = (await transact({ giftcard_uuid: EXPIRES_SOON, amount_in_cents: -100 })).json().data;
    const now = t.clock.current;
    t.clock.advance(2 * 86_400_000);
    try {
      await expectError(await reverse(tx.uuid), 5002);
    } finally {
      t.clock.current = now;
    }
    expect(await balance(EXPIRES_SOON)).toBe(900);
  });

  it("another shop's register key neither reverses nor corrects a transaction: 5010 as an unknown one, nothing changes", async () => {
    const top = (await transact({ giftcard_uuid: OTHER_SHOP, amount_in_cents: 500 })).json().data;
    const charge = (await transact({ giftcard_uuid: OTHER_SHOP, amount_in_cents: -300 })).json().data;
    const opening = await t.app.db
      .selectFrom('giftcard_transactions')
      .innerJoin('giftcards', 'giftcards.id', 'giftcard_transactions.giftcard_id')
      .select(['giftcard_transactions.uuid', 'giftcard_transactions.shop_id'])
      .where('giftcards.uuid', '=', OTHER_SHOP)
      .orderBy('giftcard_transactions.id')
      .executeTakeFirstOrThrow();
    expect(opening.shop_id).toBeNull();
    const utrecht = (action: string, uuid: string) =>
      t.call({
        method: 'POST',
        url: `/giftcard-transactions/${uuid}/${action}`,
        token: DEMO.registerKeyUtrecht,
      });
    const unknown = await utrecht('reverse', '00000000-0000-4000-8000-00000000dead');
    await expectError(unknown, 5010, 404);
    const before = await databaseSnapshot(t.app.db);
    // Its shop's last transaction, an earlier one, and the fixture's opening row (no shop's).
    for (const [action, uuid] of [
      ['reverse', charge.uuid],
      ['correct', charge.uuid],
      ['correct', top.uuid],
      ['reverse', opening.uuid],
    ]) {
      const res = await utrecht(action!, uuid!);
      expect({ status: res.statusCode, body: res.json() }, `${action} ${uuid}`).toEqual({
        status: 404,
        body: unknown.json(),
      });
    }
    await expectNothingChanged(t.app.db, before, "another shop's reversal or correction");
    expect(await balance(OTHER_SHOP)).toBe(1200);
    // Its own shop's key reverses it; a key bound to no shop corrects any shop's.
    expect((await reverse(charge.uuid)).statusCode).toBe(201);
    const corrected = await t.call({ method: 'POST', url: `/giftcard-transactions/${top.uuid}/correct` });
    expect(corrected.json().data).toMatchObject({ amount_in_cents: -500, shop: { uuid: DEMO.shop } });
    expect(await balance(OTHER_SHOP)).toBe(1000);
  });

  it('answers 5010 for an unknown transaction and needs an API key', async () => {
    await expectError(await reverse('nope'), 5010, 404);
    const res = await t.call({
      method: 'POST',
      url: '/giftcard-transactions/nope/reverse',
      token: DEMO.accessToken,
    });
    expect(res.statusCode).toBe(403);
  });
});
