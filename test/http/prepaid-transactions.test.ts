import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, newContact, type TestApp } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';
import { expectError, expectReason } from '../helpers/errors';
import { expectLedgersBalanced } from '../helpers/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = (payload: object, token: string = DEMO.registerKey) =>
  t.call({ method: 'POST', url: '/prepaid-transactions', payload, token });
const list = (query: string) => t.call({ method: 'GET', url: `/prepaid-transactions?${query}` });
const reverse = (uuid: string, token: string = DEMO.apiKey) =>
  t.call({ method: 'POST', url: `/prepaid-transactions/${uuid}/reverse`, token });

async function balance(contact: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/contacts/${contact}/prepaid-balance` });
  expect(res.statusCode).toBe(200);
  return res.json().data.balance_in_cents;
}

afterAll(async () => {
  await expectLedgersBalanced(t.app.db);
});

/** A new contact of the calling test's own with `cents` of prepaid balance; answers its uuid. */
async function contactWithBalance(cents: number): Promise<string> {
  const contact = await newContact(t);
  expect((await pay({ contact_uuid: contact, amount_in_cents: cents })).statusCode).toBe(201);
  return contact;
}

describe('POST /prepaid-transactions', () => {
  it('tops up at the key’s shop (the benchmark request) with the full resource', async () => {
    const before = await balance(DEMO.anna);
    const res = await pay({ contact_uuid: DEMO.anna, amount_in_cents: 1 });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      uuid: expect.any(String),
      amount_in_cents: 1,
      prepaid_balance: { balance_in_cents: before + 1 },
      contact: { uuid: DEMO.anna, email: 'anna@example.com' },
      contact_identifier: null,
      shop: expect.objectContaining({
        id: 1,
        uuid: DEMO.shop,
        type: 'shop',
        name: 'Demo Coffee Amsterdam',
        address: expect.objectContaining({ city: 'Amsterdam', postal_code: '1012 LG' }),
      }),
      created_at: '2026-11-21T10:00:00+00:00',
    });
    expect(await balance(DEMO.anna)).toBe(before + 1);
  });

  it('pays by card with an unbound key and shop_uuid', async () => {
    const before = await balance(DEMO.anna);
    const res = await pay(
      { contact_identifier_value: 'CARD-0001', amount_in_cents: -501, shop_uuid: DEMO.shopUtrecht },
      DEMO.apiKey,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      amount_in_cents: -501,
      prepaid_balance: { balance_in_cents: before - 501 },
      contact_identifier: 'CARD-0001',
      shop: { uuid: DEMO.shopUtrecht },
    });
  });

  it('refuses a payment above the balance (1003 naming amount_in_cents); the balance stays', async () => {
    const contact = await contactWithBalance(1000);
    const body = expectReason(
      await pay({ contact_uuid: contact, amount_in_cents: -1001 }),
      'prepaid_balance_insufficient',
    );
    expect(body.message).toBe('Insufficient prepaid balance');
    expect(Object.keys(body.errors ?? {})).toEqual(['amount_in_cents']);
    expect(await balance(contact)).toBe(1000);
    expect(
      (await pay({ contact_uuid: contact, amount_in_cents: -1000 })).json().data.prepaid_balance,
    ).toEqual({
      balance_in_cents: 0,
    });
  });

  it('needs a contact: 1003 naming both fields', async () => {
    const body = await expectError(await pay({ amount_in_cents: 100 }), 1003);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['contact_identifier_value', 'contact_uuid']);
  });

  it('answers 55031, 60003, 60004 for unknown contacts and cards', async () => {
    await expectError(await pay({ contact_uuid: 'nope', amount_in_cents: 1 }), 55031, 404);
    await expectError(await pay({ contact_identifier_value: 'CARD-NOPE', amount_in_cents: 1 }), 60003, 404);
    await expectError(await pay({ contact_identifier_value: 'CARD-0004', amount_in_cents: 1 }), 60004);
    // An unlinked card belongs to nobody.
    await expectError(await pay({ contact_identifier_value: 'CARD-9001', amount_in_cents: 1 }), 55031, 404);
    // A card and a contact that disagree.
    await expectError(
      await pay({ contact_uuid: DEMO.ben, contact_identifier_value: 'CARD-0001', amount_in_cents: 1 }),
      60003,
      404,
    );
  });

  it('answers 1008 without a shop or with an unknown or foreign one', async () => {
    await expectError(await pay({ contact_uuid: DEMO.anna, amount_in_cents: 1 }, DEMO.apiKey), 1008, 404);
    await expectError(
      await pay({ contact_uuid: DEMO.anna, amount_in_cents: 1, shop_uuid: 'nope' }, DEMO.apiKey),
      1008,
      404,
    );
    await expectError(
      await pay({ contact_uuid: DEMO.anna, amount_in_cents: 1, shop_uuid: DEMO.shopUtrecht }),
      1008,
      404,
    );
  });

  it('answers 1003 for a zero, fractional or missing amount', async () => {
    for (const amount_in_cents of [0, 2.5, undefined]) {
      const body = await expectError(await pay({ contact_uuid: DEMO.anna, amount_in_cents }), 1003);
      expect(Object.keys(body.errors ?? {})).toEqual(['amount_in_cents']);
    }
  });

  it('accepts a form-encoded body under the real platform prefix', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/prepaid-transactions',
      token: DEMO.registerKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_uuid=${DEMO.dirk}&amount_in_cents=-50`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.prepaid_balance).toEqual({ balance_in_cents: 200 });
  });

  it('50 simultaneous payments never overdraw: floor(5000 / 300) succeed, the rest 1003', async () => {
    const contact = await contactWithBalance(5000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => pay({ contact_uuid: contact, amount_in_cents: -300 })),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(Math.floor(5000 / 300));
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.json().code === 1003)).toBe(true);
    expect(await balance(contact)).toBe(5000 - 16 * 300);
    await expectLedgersBalanced(t.app.db);
  });

  it('needs an API key: 401 without a token, 403 with an access token', async () => {
    const payload = { contact_uuid: DEMO.anna, amount_in_cents: 1 };
    expect(
      (await t.call({ method: 'POST', url: '/prepaid-transactions', payload, token: null })).statusCode,
    ).toBe(401);
    expect((await pay(payload, DEMO.accessToken)).statusCode).toBe(403);
  });
});

describe('GET /contacts/{uuid}/prepaid-balance', () => {
  it('answers 55031 for an unknown contact and needs an API key', async () => {
    await expectError(await t.call({ method: 'GET', url: '/contacts/nope/prepaid-balance' }), 55031, 404);
    const url = `/contacts/${DEMO.anna}/prepaid-balance`;
    expect((await t.call({ method: 'GET', url, token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: DEMO.accessToken })).statusCode).toBe(403);
  });
});

describe('GET /prepaid-transactions', () => {
  it("lists a contact's transactions newest first, with the balance after each, 10 by default", async () => {
    for (let i = 0; i < 12; i++) await pay({ contact_uuid: DEMO.ben, amount_in_cents: 100 + i });
    const res = await list(`contact_uuid=${DEMO.ben}`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ current_page: 1, from: 1, to: 10, last_page: 2, per_page: 10, total: 12 });
    expect(data).toHaveLength(10);
    expect(data[0]).toMatchObject({
      amount_in_cents: 111,
      prepaid_balance: { balance_in_cents: await balance(DEMO.ben) },
    });
    for (let i = 0; i + 1 < data.length; i++) {
      expect(data[i].prepaid_balance.balance_in_cents - data[i].amount_in_cents).toBe(
        data[i + 1].prepaid_balance.balance_in_cents,
      );
    }
    const second = (await list(`contact_uuid=${DEMO.ben}&page=2`)).json();
    expect(second.meta).toEqual({ current_page: 2, from: 11, to: 12, last_page: 2, per_page: 10, total: 12 });
    expect(second.data.at(-1).prepaid_balance.balance_in_cents).toBe(100);
  });

  it('includes the opening balance; limits 1 and 30; a page past the end is empty', async () => {
    const anna = (await list(`contact_uuid=${DEMO.anna}&limit=30`)).json();
    expect(anna.meta.per_page).toBe(30);
    expect(anna.data.at(-1)).toMatchObject({
      amount_in_cents: 1500,
      shop: null,
      prepaid_balance: { balance_in_cents: 1500 },
    });
    const one = (await list(`contact_uuid=${DEMO.anna}&limit=1`)).json();
    expect(one.data).toHaveLength(1);
    expect(one.meta.last_page).toBe(anna.meta.total);
    const past = (await list(`contact_uuid=${DEMO.anna}&page=99`)).json();
    expect(past).toEqual({
      data: [],
      meta: {
        current_page: 99,
        from: null,
        to: null,
        last_page: Math.ceil(anna.meta.total / 10),
        per_page: 10,
        total: anna.meta.total,
      },
    });
  });

  it('answers 1003 for a missing contact, a limit out of range or a page below 1; 55031 for an unknown contact', async () => {
    expect(Object.keys((await expectError(await list(''), 1003)).errors ?? {})).toEqual(['contact_uuid']);
    for (const bad of ['limit=31', 'limit=0', 'page=0']) {
      const body = await expectError(await list(`contact_uuid=${DEMO.anna}&${bad}`), 1003);
      expect(Object.keys(body.errors ?? {})).toEqual([bad.split('=')[0]]);
    }
    await expectError(await list('contact_uuid=nope'), 55031, 404);
  });
});

describe('POST /prepaid-transactions/{uuid}/reverse', () => {
  it('reverses once with the negated amount at the same shop', async () => {
    const contact = await contactWithBalance(1000);
    const original = (await pay({ contact_uuid: contact, amount_in_cents: -100 })).json().data;
    const res = await reverse(original.uuid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      amount_in_cents: 100,
      prepaid_balance: { balance_in_cents: 1000 },
      shop: { uuid: DEMO.shop },
      contact: { uuid: contact },
    });
    expect(expectReason(await reverse(original.uuid), 'prepaid_transaction_already_reversed').message).toBe(
      'Prepaid transaction already reversed',
    );
    const reversal = res.json().data.uuid;
    expect(expectReason(await reverse(reversal), 'reversal_not_reversible').message).toBe(
      'A reversal cannot be reversed',
    );
  });

  it("another shop's register key cannot reverse a transaction: 404 as an unknown one, nothing changes", async () => {
    const contact = await contactWithBalance(1000);
    const payment = (await pay({ contact_uuid: contact, amount_in_cents: -400 })).json().data;
    const opening = (await list(`contact_uuid=${DEMO.carla}&limit=30`)).json().data.at(-1);
    const unknown = await reverse('00000000-0000-4000-8000-00000000dead', DEMO.registerKeyUtrecht);
    expectReason(unknown, 'prepaid_transaction_not_found');
    const before = await databaseSnapshot(t.app.db);
    // Amsterdam's payment, and the fixture's opening balance (no shop's: unknown to a register key).
    for (const uuid of [payment.uuid, opening.uuid]) {
      const res = await reverse(uuid, DEMO.registerKeyUtrecht);
      expect({ status: res.statusCode, body: res.json() }, uuid).toEqual({
        status: 404,
        body: unknown.json(),
      });
    }
    await expectNothingChanged(t.app.db, before, "another shop's reversal");
    expect(await balance(contact)).toBe(600);
    expect((await reverse(payment.uuid, DEMO.registerKey)).statusCode).toBe(201);
    expect(await balance(contact)).toBe(1000);
  });

  it('refuses reversing a top-up that was spent (the balance never goes negative)', async () => {
    const contact = await contactWithBalance(250);
    const top = (await pay({ contact_uuid: contact, amount_in_cents: 1000 })).json().data;
    await pay({ contact_uuid: contact, amount_in_cents: -1250 });
    const body = expectReason(await reverse(top.uuid), 'prepaid_balance_insufficient');
    expect(body.message).toBe('Insufficient prepaid balance');
    expect(await balance(contact)).toBe(0);
  });

  it('refuses the opening balance, answers 404 for an unknown transaction, and needs an API key', async () => {
    const opening = (await list(`contact_uuid=${DEMO.carla}&limit=30`)).json().data.at(-1);
    expect(expectReason(await reverse(opening.uuid), 'opening_balance_not_reversible').message).toBe(
      'An opening balance cannot be reversed',
    );
    expect(expectReason(await reverse('nope'), 'prepaid_transaction_not_found').message).toBe(
      'Prepaid transaction not found',
    );
    const res = await t.call({
      method: 'POST',
      url: `/prepaid-transactions/${opening.uuid}/reverse`,
      token: null,
    });
    expect(res.statusCode).toBe(401);
  });
});
