import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rewardReception as receptionSchema } from '../../src/contract/public/reward-receptions';
import demo from '../../src/service/fixture/demo-account.json';
import { parseFixture } from '../../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';
import { expectLedgersBalanced, storedCredits } from '../helpers/ledger';

const COFFEE = 'e0000000-0000-4000-8000-000000000001';
const CAKE = 'e0000000-0000-4000-8000-000000000002';
const DISCOUNT = 'e0000000-0000-4000-8000-000000000003';
const BEANS = 'e0000000-0000-4000-8000-000000000004';
const SUMMER = 'e0000000-0000-4000-8000-000000000005';
const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';
// Rewards and contacts of the concurrency fixture.
const LIMITED = 'e1000000-0000-4000-8000-000000000001';
const TWICE = 'e1000000-0000-4000-8000-000000000002';
const UNLIMITED = 'e1000000-0000-4000-8000-000000000003';
// Contacts of the two single-contact races and of the claim-limit reversal, apart from the crowd.
const TWICE_CLAIMER = 'd1000000-0000-4000-8000-000000000101';
const MANY_CLAIMER = 'd1000000-0000-4000-8000-000000000102';
const REVERSER = 'd1000000-0000-4000-8000-000000000103';
const crowd = Array.from({ length: 20 }, (_, i) => `d1000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

let t: TestApp;
/**
 * The demo account plus a stock-5 reward, a reward claimable twice, one without stock, 20 contacts
 * with 100 credits for the stock race and one contact each for the other races and the claim limit.
 */
let busy: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const fixture = structuredClone(demo) as { rewards: unknown[]; contacts: unknown[] };
  fixture.rewards.push(
    { uuid: LIMITED, title: 'Limited mug', reward_type: 'PHYSICAL', required_credits: 10, stock: 5 },
    {
      uuid: TWICE,
      title: 'Cookie',
      reward_type: 'PHYSICAL',
      required_credits: 1,
      claim_limit_per_contact: 2,
    },
    { uuid: UNLIMITED, title: 'Sticker', reward_type: 'PHYSICAL', required_credits: 10 },
  );
  for (const [i, uuid] of [...crowd, TWICE_CLAIMER, MANY_CLAIMER, REVERSER].entries()) {
    fixture.contacts.push({ uuid, email: `crowd${i}@example.com`, credit_balance: 100 });
  }
  busy = await createTestApp({ fixture: parseFixture(fixture, '(test)', DEMO_FIXTURE_DIR) });
});
afterAll(async () => {
  await t.close();
  await busy.close();
});

// Ledger invariants after every test.
afterEach(async () => {
  for (const app of [t, busy]) await expectLedgersBalanced(app.app.db);
});

const balance = (uuid: string, app = t) => storedCredits(app.app.db, uuid);

async function stock(uuid: string, app = t): Promise<number | null> {
  const row = await app.app.db
    .selectFrom('rewards')
    .select('stock')
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return row.stock;
}

async function receptionCount(app = t): Promise<number> {
  const row = await app.app.db
    .selectFrom('reward_receptions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function claim(payload: Record<string, unknown>, token: string | null = DEMO.apiKey, app = t) {
  return app.call({
    method: 'POST',
    url: '/reward-receptions',
    token,
    payload: { shop_uuid: DEMO.shop, ...payload },
  });
}

/** Expects an error answer and that nothing was written. */
async function expectRefused(call: () => ReturnType<typeof claim>, code: number, status: number) {
  const before = { count: await receptionCount(), anna: await balance(DEMO.anna) };
  const res = await call();
  expect(res.json()).toMatchObject({ code, status_code: status });
  expect(res.statusCode).toBe(status);
  expect({ count: await receptionCount(), anna: await balance(DEMO.anna) }).toEqual(before);
  return res.json();
}

describe('POST /reward-receptions', () => {
  it('claims a reward: credits debited through the ledger, stock taken, full Reward Reception', async () => {
    const before = await balance(DEMO.anna);
    const stockBefore = (await stock(COFFEE)) as number;
    const res = await claim({
      contact_uuid: DEMO.anna,
      reward_uuid: COFFEE,
      contact_identifier_value: 'CARD-0001',
    });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    receptionSchema.parse(data);
    expect(data).toEqual({
      title: 'Free coffee',
      type: 'reward_reception',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      credits: -50,
      contact: {
        uuid: DEMO.anna,
        email: 'anna@example.com',
        credit_balance: { id: expect.any(Number), balance: before - 50 },
      },
      shop: expect.objectContaining({
        id: 1,
        uuid: DEMO.shop,
        type: 'shop',
        name: 'Demo Coffee Amsterdam',
        address: expect.objectContaining({ street: 'Damrak', house_number: '1', postal_code: '1012 LG' }),
      }),
      channel: 'API',
      contact_identifier: {
        name: 'Loyalty card',
        value: 'CARD-0001',
        active: true,
        contact: { uuid: DEMO.anna, email: 'anna@example.com' },
      },
      created_at: '2026-11-21T10:00:00+00:00',
      reward: expect.objectContaining({ uuid: COFFEE, stock: stockBefore - 1, required_credits: 50 }),
      expires_at: '2026-12-21T10:00:00+00:00',
      has_been_collected: false,
    });
    expect(await balance(DEMO.anna)).toBe(before - 50);
    expect(await stock(COFFEE)).toBe(stockBefore - 1);
    const reception = await t.app.db
      .selectFrom('reward_receptions')
      .select('id')
      .where('uuid', '=', data.uuid)
      .executeTakeFirstOrThrow();
    const entries = await t.app.db
      .selectFrom('credit_entries')
      .selectAll()
      .where('source', '=', 'reward_reception')
      .where('source_id', '=', reception.id)
      .execute();
    expect(entries).toEqual([expect.objectContaining({ credits_centi: -5000 })]);
  });

  it('a reward without expiration_duration has expires_at null; a shop-bound key claims at its shop', async () => {
    const res = await claim({ contact_uuid: DEMO.dirk, reward_uuid: DISCOUNT }, DEMO.registerKey);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ credits: -30, expires_at: null, contact_identifier: null });
  });

  it('accepts a form-encoded body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/reward-receptions',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_uuid=${DEMO.dirk}&reward_uuid=${COFFEE}&shop_uuid=${DEMO.shopUtrecht}`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
  });

  it('1003 naming missing fields and a bad contact_identifier_value', async () => {
    const missing = await expectRefused(
      () => t.call({ method: 'POST', url: '/reward-receptions', payload: {} }),
      1003,
      422,
    );
    expect(Object.keys(missing.errors).sort()).toEqual(['contact_uuid', 'reward_uuid', 'shop_uuid']);
    for (const value of ['CARD-NOPE', 'CARD-0002', 'CARD-9001']) {
      const body = await expectRefused(
        () => claim({ contact_uuid: DEMO.anna, reward_uuid: COFFEE, contact_identifier_value: value }),
        1003,
        422,
      );
      expect(Object.keys(body.errors)).toEqual(['contact_identifier_value']);
    }
    await expectRefused(
      () => claim({ contact_uuid: DEMO.dirk, reward_uuid: COFFEE, contact_identifier_value: 'CARD-0004' }),
      1003,
      422,
    );
  });

  it('55031 unknown contact, 1008 unknown shop or another shop than the key’s, 6003 unknown reward', async () => {
    await expectRefused(() => claim({ contact_uuid: UNKNOWN, reward_uuid: COFFEE }), 55031, 404);
    await expectRefused(
      () => claim({ contact_uuid: DEMO.anna, reward_uuid: COFFEE, shop_uuid: UNKNOWN }),
      1008,
      404,
    );
    await expectRefused(
      () =>
        claim(
          { contact_uuid: DEMO.anna, reward_uuid: COFFEE, shop_uuid: DEMO.shopUtrecht },
          DEMO.registerKey,
        ),
      1008,
      404,
    );
    await expectRefused(() => claim({ contact_uuid: DEMO.anna, reward_uuid: UNKNOWN }), 6003, 404);
  });

  it('1052 inactive, 1018 empty stock, 1017 insufficient credits', async () => {
    await expectRefused(() => claim({ contact_uuid: DEMO.anna, reward_uuid: SUMMER }), 1052, 422);
    await expectRefused(() => claim({ contact_uuid: DEMO.anna, reward_uuid: CAKE }), 1018, 422);
    await expectRefused(() => claim({ contact_uuid: DEMO.anna, reward_uuid: BEANS }), 1017, 422);
    const carla = await claim({ contact_uuid: DEMO.carla, reward_uuid: COFFEE });
    expect(carla.json()).toMatchObject({ code: 1017, message: 'Insufficient credits' });
  });

  it('1019 once the claim limit is reached', async () => {
    expect((await claim({ contact_uuid: DEMO.ben, reward_uuid: DISCOUNT })).statusCode).toBe(201);
    const again = await claim({ contact_uuid: DEMO.ben, reward_uuid: DISCOUNT });
    expect(again.json()).toMatchObject({ code: 1019, status_code: 422 });
  });

  it('401 without a token, 403 for an access token or a personal access token', async () => {
    const payload = { contact_uuid: DEMO.anna, reward_uuid: COFFEE };
    expect((await claim(payload, null)).statusCode).toBe(401);
    expect((await claim(payload, DEMO.accessToken)).statusCode).toBe(403);
    expect((await claim(payload, DEMO.personalAccessToken)).statusCode).toBe(403);
  });

  it('20 concurrent claims of a stock-5 reward: exactly 5 succeed, the stock ends at 0', async () => {
    const receptionsBefore = await receptionCount(busy);
    const results = await Promise.all(
      crowd.map((contact_uuid) => claim({ contact_uuid, reward_uuid: LIMITED }, DEMO.apiKey, busy)),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 201 : r.json().code));
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 1018)).toHaveLength(15);
    expect(await stock(LIMITED, busy)).toBe(0);
    expect(await receptionCount(busy)).toBe(receptionsBefore + 5);
    const balances = await Promise.all(crowd.map((uuid) => balance(uuid, busy)));
    expect(balances.filter((b) => b === 90)).toHaveLength(5);
    expect(balances.filter((b) => b === 100)).toHaveLength(15);
  });

  it('10 concurrent claims by one contact of a reward limited to 2 per contact: exactly 2 succeed', async () => {
    const contact = TWICE_CLAIMER;
    const before = await balance(contact, busy);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        claim({ contact_uuid: contact, reward_uuid: TWICE }, DEMO.apiKey, busy),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 201 : r.json().code));
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 1019)).toHaveLength(8);
    expect(await balance(contact, busy)).toBe(before - 2);
  });

  it('concurrent claims never overdraw the balance', async () => {
    const contact = MANY_CLAIMER;
    const before = await balance(contact, busy);
    const results = await Promise.all(
      Array.from({ length: 15 }, () =>
        claim({ contact_uuid: contact, reward_uuid: UNLIMITED }, DEMO.apiKey, busy),
      ),
    );
    const won = results.filter((r) => r.statusCode === 201).length;
    expect(won).toBe(Math.floor(before / 10));
    expect(results.filter((r) => r.json().code === 1017)).toHaveLength(15 - won);
    expect(await balance(contact, busy)).toBe(before - won * 10);
  });
});

describe('POST /reward-receptions/{uuid}/reverse', () => {
  it('reissues the credits as a new credit reception, restores the stock, once only', async () => {
    const before = await balance(DEMO.dirk);
    const claimed = (
      await claim({ contact_uuid: DEMO.dirk, reward_uuid: BEANS, contact_identifier_value: 'CARD-0005' })
    ).json().data;
    expect(await stock(BEANS)).toBe(4);
    expect(await balance(DEMO.dirk)).toBe(before - 400);

    const res = await t.call({ method: 'POST', url: `/reward-receptions/${claimed.uuid}/reverse` });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'credit_reception',
      credits: 400,
      contact_identifier: { value: 'CARD-0005' },
      contact: { uuid: DEMO.dirk, credit_balance: { balance: before } },
      shop: { uuid: DEMO.shop },
      unit: { name: 'purchase_amount' },
      unit_value: null,
    });
    expect(res.json().data.uuid).not.toBe(claimed.uuid);
    expect(await balance(DEMO.dirk)).toBe(before);
    expect(await stock(BEANS)).toBe(5);

    const again = await t.call({ method: 'POST', url: `/reward-receptions/${claimed.uuid}/reverse` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 1003,
      status_code: 409,
      reason: 'reward_reception_already_reversed',
    });
    expect(await balance(DEMO.dirk)).toBe(before);
  });

  it('a reversed claim no longer counts against the claim limit', async () => {
    const discount = { contact_uuid: REVERSER, reward_uuid: DISCOUNT };
    const first = await claim(discount, DEMO.apiKey, busy);
    expect(first.statusCode).toBe(201);
    // Limit 1 is reached.
    expect((await claim(discount, DEMO.apiKey, busy)).json()).toMatchObject({ code: 1019 });
    const url = `/reward-receptions/${first.json().data.uuid}/reverse`;
    expect((await busy.call({ method: 'POST', url })).statusCode).toBe(201);
    expect((await claim(discount, DEMO.apiKey, busy)).statusCode).toBe(201);
  });

  it('concurrent reversals of one claim: exactly one succeeds', async () => {
    const claimed = (await claim({ contact_uuid: crowd[0]!, reward_uuid: TWICE }, DEMO.apiKey, busy)).json()
      .data;
    const before = await balance(crowd[0]!, busy);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        busy.call({ method: 'POST', url: `/reward-receptions/${claimed.uuid}/reverse` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await balance(crowd[0]!, busy)).toBe(before + 1);
  });

  it("another shop's register key cannot reverse a reception: 404 as an unknown one, nothing changes", async () => {
    const claimed = (await claim({ contact_uuid: DEMO.dirk, reward_uuid: BEANS }, DEMO.registerKey)).json()
      .data;
    const reverse = (uuid: string, token: string) =>
      t.call({ method: 'POST', url: `/reward-receptions/${uuid}/reverse`, token });
    const unknown = await reverse(UNKNOWN, DEMO.registerKeyUtrecht);
    expect(unknown.json()).toMatchObject({
      code: 1003,
      status_code: 404,
      reason: 'reward_reception_not_found',
    });
    const before = await databaseSnapshot(t.app.db);
    const res = await reverse(claimed.uuid, DEMO.registerKeyUtrecht);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: unknown.json() });
    await expectNothingChanged(t.app.db, before, "another shop's reversal");
    const own = await reverse(claimed.uuid, DEMO.registerKey);
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({ credits: 400, shop: { uuid: DEMO.shop } });
  });

  it('1003 with HTTP 404 for an unknown reception; 401/403', async () => {
    const res = await t.call({ method: 'POST', url: `/reward-receptions/${UNKNOWN}/reverse` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1003, status_code: 404, reason: 'reward_reception_not_found' });
    const url = `/reward-receptions/${UNKNOWN}/reverse`;
    expect((await t.call({ method: 'POST', url, token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url, token: DEMO.personalAccessToken })).statusCode).toBe(403);
  });
});
