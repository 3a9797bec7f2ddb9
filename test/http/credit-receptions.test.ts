import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditReceptionView } from '../../src/service/domain/loyalty/credit-receptions';
import demo from '../../src/service/fixture/demo-account.json';
import { parseFixture } from '../../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectLedgersBalanced, storedCredits } from '../helpers/ledger';

let t: TestApp;
/** The demo account without a default unit, plus a Saturday 10:00–12:00 happy hour (3 credits per euro). */
let custom: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const fixture = structuredClone(demo) as { units: { is_default: boolean }[]; loyalty_rules: unknown[] };
  for (const unit of fixture.units) unit.is_default = false;
  fixture.loyalty_rules.push({
    unit: 'purchase_amount',
    credits_per_unit: 3,
    rounding: 'ceil',
    weekdays: [6],
    from_time: '10:00',
    until_time: '12:00',
  });
  custom = await createTestApp({ fixture: parseFixture(fixture, '(test)', DEMO_FIXTURE_DIR) });
});
afterAll(async () => {
  await t.close();
  await custom.close();
});

// Ledger invariants after every test.
afterEach(async () => {
  for (const app of [t, custom]) await expectLedgersBalanced(app.app.db);
});

async function contactRow(uuid: string, app = t) {
  return app.app.db.selectFrom('contacts').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
}

/** The contact's balance in credits, read from the database. */
const balance = (uuid: string, app = t) => storedCredits(app.app.db, uuid);

async function receptionCount(): Promise<number> {
  const row = await t.app.db
    .selectFrom('credit_receptions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function receive(payload: Record<string, unknown>, token: string = DEMO.registerKey, app = t) {
  return app.call({ method: 'POST', url: '/credit-receptions', token, payload });
}

async function posTransaction(token: string = DEMO.registerKey): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/pos-transactions',
    token,
    payload: { amount_in_cents: 1099 },
  });
  return res.json().data.uuid;
}

/** Expects an error answer and that no reception was written. */
async function expectRefused(
  call: Promise<{ statusCode: number; json(): Record<string, unknown> }>,
  code: number,
  status: number,
) {
  const before = await receptionCount();
  const res = await call;
  expect(res.json()).toMatchObject({ code, status_code: status });
  expect(res.statusCode).toBe(status);
  expect(await receptionCount()).toBe(before);
  return res.json();
}

describe('POST /credit-receptions', () => {
  it('rule 2: the loyalty rules decide the credits: Gold tier 10.99 → 16, base rule 10.99 → 10', async () => {
    const anna = await balance(DEMO.anna);
    const res = await receive({ contact_uuid: DEMO.anna, unit_value: 10.99 });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      type: 'credit_reception',
      channel: 'API',
      contact_identifier: null,
      contact: {
        uuid: DEMO.anna,
        email: 'anna@example.com',
        credit_balance: { id: expect.any(Number), balance: anna + 16 },
      },
      shop: {
        id: 1,
        uuid: DEMO.shop,
        type: 'shop',
        name: 'Demo Coffee Amsterdam',
        address: {
          id: 1,
          shop_id: 1,
          street: 'Damrak',
          housenumber: '1',
          postalcode: '1012 LG',
          city: 'Amsterdam',
          state: null,
          country: 'NL',
          latitude: 52.37,
          longitude: 4.89,
          house_number: '1',
          postal_code: '1012 LG',
        },
      },
      credits: 16,
      created_at: '2026-11-21T10:00:00+00:00',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      unit: {
        id: expect.any(Number),
        name: 'purchase_amount',
        label: 'Purchase amount',
        prefix: '€',
        is_default: true,
      },
      unit_value: 10.99,
    });
    expect(await balance(DEMO.anna)).toBe(anna + 16);

    const ben = await balance(DEMO.ben);
    const benRes = await receive({ contact_uuid: DEMO.ben, unit_value: 10.99 });
    expect(benRes.json().data.credits).toBe(10);
    expect(await balance(DEMO.ben)).toBe(ben + 10);
  });

  it('writes one ledger entry per reception, pointing at it', async () => {
    const res = await receive({ contact_uuid: DEMO.carla, unit_value: 5 });
    const reception = await t.app.db
      .selectFrom('credit_receptions')
      .selectAll()
      .where('uuid', '=', res.json().data.uuid)
      .executeTakeFirstOrThrow();
    const entries = await t.app.db
      .selectFrom('credit_entries')
      .selectAll()
      .where('source', '=', 'credit_reception')
      .where('source_id', '=', reception.id)
      .execute();
    expect(entries).toEqual([
      expect.objectContaining({ contact_id: reception.contact_id, credits_centi: 500 }),
    ]);
  });

  it('rule 2: explicit credits override the loyalty rules (unit_value still recorded)', async () => {
    const res = await receive({ contact_uuid: DEMO.anna, unit_value: 100, credits: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ credits: 3, unit_value: 100 });
    const only = await receive({ contact_uuid: DEMO.anna, credits: 2.5 });
    expect(only.json().data).toMatchObject({ credits: 2.5, unit_value: null });
  });

  it('rule 1: neither credits nor unit_value → 1003 naming both', async () => {
    const body = await expectRefused(receive({ contact_uuid: DEMO.anna }), 1003, 422);
    expect(Object.keys(body.errors as object).sort()).toEqual(['credits', 'unit_value']);
  });

  it('rule 3: without unit_name the default unit is used; a named unit uses its own rules', async () => {
    const visits = await receive({ contact_uuid: DEMO.ben, unit_value: 2, unit_name: 'visits' });
    expect(visits.statusCode).toBe(201);
    expect(visits.json().data).toMatchObject({
      credits: 10,
      unit: { name: 'visits', prefix: 'V', is_default: false },
    });
    const fallback = await receive({ contact_uuid: DEMO.ben, credits: 1 });
    expect(fallback.json().data.unit.name).toBe('purchase_amount');
  });

  it('rule 3: 60007 for an unknown unit, 55046 when no unit is named and there is no default', async () => {
    await expectRefused(receive({ contact_uuid: DEMO.ben, unit_value: 2, unit_name: 'nope' }), 60007, 404);
    const res = await receive({ contact_uuid: DEMO.ben, unit_value: 2 }, DEMO.registerKey, custom);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 55046, message: 'No default unit found' });
    const named = await receive(
      { contact_uuid: DEMO.ben, unit_value: 2, unit_name: 'purchase_amount' },
      DEMO.registerKey,
      custom,
    );
    expect(named.statusCode).toBe(201);
  });

  it('rule 4: unit_value of purchase_amount is a decimal amount, stored as decimal text', async () => {
    const res = await receive({ contact_uuid: DEMO.ben, unit_value: '12.50' });
    expect(res.json().data).toMatchObject({ credits: 12, unit_value: 12.5 });
    const row = await t.app.db
      .selectFrom('credit_receptions')
      .select('unit_value')
      .where('uuid', '=', res.json().data.uuid)
      .executeTakeFirstOrThrow();
    expect(row.unit_value).toBe('12.5');
  });

  it('decimal credits add exactly: 0.1 + 0.2 = 0.3 in the balance', async () => {
    const carla = await balance(DEMO.carla);
    await receive({ contact_uuid: DEMO.carla, credits: 0.1 });
    const res = await receive({ contact_uuid: DEMO.carla, credits: 0.2 });
    expect(res.json().data.contact.credit_balance.balance).toBe(carla + 0.3);
    expect(await balance(DEMO.carla)).toBe(carla + 0.3);
    await expectRefused(receive({ contact_uuid: DEMO.carla, credits: 0.001 }), 1003, 422);
  });

  it('rule 5: negative credits (partial refund) lower the balance, never below zero', async () => {
    const ben = await balance(DEMO.ben);
    const res = await receive({ contact_uuid: DEMO.ben, credits: -5 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.credits).toBe(-5);
    expect(await balance(DEMO.ben)).toBe(ben - 5);
    const body = await expectRefused(
      receive({ contact_uuid: DEMO.ben, credits: -(ben - 5) - 0.01 }),
      1003,
      422,
    );
    expect(body).toMatchObject({ reason: 'credit_balance_below_zero' });
    expect(Object.keys(body.errors as object)).toEqual(['credits']);
    expect(await balance(DEMO.ben)).toBe(ben - 5);
  });

  it('rule 7 and time-based rules: a Saturday 10:00–12:00 rule applies only inside its window', async () => {
    // The test clock starts on Saturday 2026-11-21 at 11:00 in Amsterdam.
    const calc = await custom.call({
      method: 'GET',
      url: `/credit-receptions/calculate?contact_uuid=${DEMO.ben}&unit_value=10.1&unit_name=purchase_amount`,
      token: DEMO.registerKey,
    });
    expect(calc.json().data).toEqual({ credits: 31 });
    custom.clock.advance(60 * 60 * 1000);
    const res = await receive(
      { contact_uuid: DEMO.ben, unit_value: 10.1, unit_name: 'purchase_amount' },
      DEMO.registerKey,
      custom,
    );
    expect(res.json().data.credits).toBe(10);
  });

  it('records the contact identifier; 60003 when unknown or not the contact’s', async () => {
    const res = await receive({ contact_uuid: DEMO.anna, credits: 1, contact_identifier_value: 'CARD-0001' });
    expect(res.statusCode).toBe(201);
    // The Contact Identifier it was made with, as an object (as the real platform shows it).
    expect(res.json().data.contact_identifier).toEqual({
      name: 'Loyalty card',
      value: 'CARD-0001',
      active: true,
      contact: { uuid: DEMO.anna, email: 'anna@example.com' },
    });
    for (const value of ['CARD-XXXX', 'CARD-0002', 'CARD-9001']) {
      await expectRefused(
        receive({ contact_uuid: DEMO.anna, credits: 1, contact_identifier_value: value }),
        60003,
        404,
      );
    }
  });

  it('55031 for an unknown contact', async () => {
    await expectRefused(
      receive({ contact_uuid: 'd0000000-0000-4000-8000-00000000ffff', credits: 1 }),
      55031,
      404,
    );
  });

  it('1015 when positive credits exceed the maximum per reception (explicit or from rules)', async () => {
    await expectRefused(receive({ contact_uuid: DEMO.dirk, credits: 1000.01 }), 1015, 422);
    // Gold: 700 × 1.5 = 1050 credits.
    await expectRefused(receive({ contact_uuid: DEMO.anna, unit_value: 700 }), 1015, 422);
    expect((await receive({ contact_uuid: DEMO.carla, credits: 1000 })).statusCode).toBe(201);
    expect((await receive({ contact_uuid: DEMO.carla, credits: -1000 })).statusCode).toBe(201);
  });

  it('the shop: the register key’s own, or shop_uuid (extension) with an unbound key; else 1008', async () => {
    const utrecht = await receive({ contact_uuid: DEMO.ben, credits: 1 }, DEMO.registerKeyUtrecht);
    expect(utrecht.json().data.shop).toMatchObject({ id: 2, name: 'Demo Coffee Utrecht' });
    const named = await receive(
      { contact_uuid: DEMO.ben, credits: 1, shop_uuid: DEMO.shopUtrecht },
      DEMO.apiKey,
    );
    expect(named.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
    await expectRefused(receive({ contact_uuid: DEMO.ben, credits: 1 }, DEMO.apiKey), 1008, 404);
    await expectRefused(
      receive(
        { contact_uuid: DEMO.ben, credits: 1, shop_uuid: 'a0000000-0000-4000-8000-00000000ffff' },
        DEMO.apiKey,
      ),
      1008,
      404,
    );
    await expectRefused(
      receive({ contact_uuid: DEMO.ben, credits: 1, shop_uuid: DEMO.shopUtrecht }, DEMO.registerKey),
      1008,
      404,
    );
  });

  it('links a POS transaction once: 1027 unknown or another shop’s, 6001 already linked', async () => {
    const pos = await posTransaction();
    expect(
      (await receive({ contact_uuid: DEMO.ben, unit_value: 10.99, pos_transaction_uuid: pos })).statusCode,
    ).toBe(201);
    await expectRefused(
      receive({ contact_uuid: DEMO.anna, credits: 1, pos_transaction_uuid: pos }),
      6001,
      409,
    );
    await expectRefused(
      receive({ contact_uuid: DEMO.anna, credits: 1, pos_transaction_uuid: 'no-such-transaction' }),
      1027,
      404,
    );
    const utrechtPos = await posTransaction(DEMO.registerKeyUtrecht);
    await expectRefused(
      receive({ contact_uuid: DEMO.anna, credits: 1, pos_transaction_uuid: utrechtPos }),
      1027,
      404,
    );
  });

  it('one POS transaction used by 10 concurrent receptions: exactly one succeeds, the rest 6001', async () => {
    const pos = await posTransaction();
    const ben = await balance(DEMO.ben);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        receive({ contact_uuid: DEMO.ben, credits: 1, pos_transaction_uuid: pos }),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 201 : r.json().code)).sort();
    expect(codes).toEqual([201, ...Array(9).fill(6001)]);
    expect(await balance(DEMO.ben)).toBe(ben + 1);
  });

  it('50 concurrent receptions for one contact: no credit lost or doubled', async () => {
    const dirk = await contactRow(DEMO.dirk);
    const entries = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('credit_entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('contact_id', '=', dirk.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await entries();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => receive({ contact_uuid: DEMO.dirk, credits: 2.25 })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await balance(DEMO.dirk)).toBe((Number(dirk.credit_balance_centi) + 50 * 225) / 100);
    expect(await entries()).toBe(before + 50);
  });

  it('accepts a form-encoded body with numbers as text', async () => {
    const ben = await balance(DEMO.ben);
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/credit-receptions',
      token: DEMO.registerKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_uuid=${DEMO.ben}&unit_value=10.99&credits=2.5&unit_name=purchase_amount&contact_identifier_value=CARD-0002`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      credits: 2.5,
      unit_value: 10.99,
      contact_identifier: { value: 'CARD-0002', contact: { uuid: DEMO.ben } },
    });
    expect(await balance(DEMO.ben)).toBe(ben + 2.5);
  });

  it('1003 naming invalid fields', async () => {
    const body = await expectRefused(
      receive({ contact_uuid: '', credits: 'many', unit_value: 'x', pos_transaction_uuid: 5 }),
      1003,
      422,
    );
    expect(Object.keys(body.errors as object).sort()).toEqual([
      'contact_uuid',
      'credits',
      'pos_transaction_uuid',
      'unit_value',
    ]);
  });

  it('401 without a token (before input), 403 for a token of the wrong kind', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/credit-receptions', token: null, payload: {} })).statusCode,
    ).toBe(401);
    for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
      expect((await receive({ contact_uuid: DEMO.ben, credits: 1 }, token)).statusCode).toBe(403);
    }
  });

  it('shows custom attributes of the reception as further top-level keys', async () => {
    const res = await receive({ contact_uuid: DEMO.ben, credits: 1 });
    const row = await t.app.db
      .selectFrom('credit_receptions')
      .select('id')
      .where('uuid', '=', res.json().data.uuid)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('credit_receptions')
      .set({ attributes: JSON.stringify({ receipt_number: 'R-12', credits: 999 }) })
      .where('id', '=', row.id)
      .execute();
    const view = await creditReceptionView(t.app.db, row.id);
    expect(view).toMatchObject({ receipt_number: 'R-12', credits: 1, type: 'credit_reception' });
  });
});

describe('POST /credit-receptions/{uuid}/reverse (extension)', () => {
  const reverse = (uuid: string, token: string = DEMO.registerKey) =>
    t.call({ method: 'POST', url: `/credit-receptions/${uuid}/reverse`, token });

  it('creates a reception with the negated credits for the same contact, shop and unit, once', async () => {
    const original = (
      await receive({ contact_uuid: DEMO.anna, unit_value: 10.99, contact_identifier_value: 'CARD-0001' })
    ).json().data;
    const anna = await balance(DEMO.anna);
    const res = await reverse(original.uuid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'credit_reception',
      credits: -16,
      unit_value: -10.99,
      contact_identifier: { value: 'CARD-0001' },
      contact: { uuid: DEMO.anna, credit_balance: { balance: anna - 16 } },
      shop: { uuid: DEMO.shop },
      unit: { name: 'purchase_amount' },
    });
    expect(res.json().data.uuid).not.toBe(original.uuid);
    expect(await balance(DEMO.anna)).toBe(anna - 16);

    const again = await expectRefused(reverse(original.uuid), 1003, 422);
    expect(again).toMatchObject({ reason: 'credit_reception_already_reversed' });
    expect(again.message).toContain('already reversed');
    const twice = await expectRefused(reverse(res.json().data.uuid), 1003, 422);
    expect(twice).toMatchObject({ reason: 'reversal_not_reversible' });
  });

  it('1028 for an unknown reception; 55024 for another shop’s register key', async () => {
    await expectRefused(reverse('no-such-reception'), 1028, 404);
    const original = (await receive({ contact_uuid: DEMO.ben, credits: 1 })).json().data;
    await expectRefused(reverse(original.uuid, DEMO.registerKeyUtrecht), 55024, 422);
    expect((await reverse(original.uuid, DEMO.apiKey)).statusCode).toBe(201);
  });

  it('1003 when the reversal would take the balance below zero', async () => {
    const carla = await balance(DEMO.carla);
    const original = (await receive({ contact_uuid: DEMO.carla, credits: 5 })).json().data;
    await receive({ contact_uuid: DEMO.carla, credits: -(carla + 5) });
    expect(await balance(DEMO.carla)).toBe(0);
    expect(await expectRefused(reverse(original.uuid), 1003, 422)).toMatchObject({
      reason: 'credit_balance_below_zero',
    });
    // Still reversible once the balance allows it.
    await receive({ contact_uuid: DEMO.carla, credits: 5 });
    expect((await reverse(original.uuid)).statusCode).toBe(201);
  });

  it('401 without a token, 403 for a token of the wrong kind', async () => {
    const original = (await receive({ contact_uuid: DEMO.ben, credits: 1 })).json().data;
    expect(
      (await t.call({ method: 'POST', url: `/credit-receptions/${original.uuid}/reverse`, token: null }))
        .statusCode,
    ).toBe(401);
    expect((await reverse(original.uuid, DEMO.accessToken)).statusCode).toBe(403);
  });
});

describe('GET /credit-receptions/calculate', () => {
  const calculate = (query: string, token: string = DEMO.registerKey) =>
    t.call({ method: 'GET', url: `/credit-receptions/calculate?${query}`, token });

  it('answers the credits of the rules, with the contact’s tier when given; writes nothing', async () => {
    const before = await receptionCount();
    const cases: [string, number][] = [
      [`contact_uuid=${DEMO.anna}&unit_value=10.99`, 16],
      [`contact_uuid=${DEMO.ben}&unit_value=10.99`, 10],
      ['unit_value=10.99', 10],
      ['unit_value=3&unit_name=visits', 15],
      ['unit_value=0.5', 0],
    ];
    for (const [query, credits] of cases) {
      const res = await calculate(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { credits }, meta: {} });
    }
    expect(await receptionCount()).toBe(before);
  });

  it('works with a register key and on the SDK path', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/v3/register/credit-receptions/calculate?unit_value=20',
      token: DEMO.registerKey,
    });
    expect(res.json().data).toEqual({ credits: 20 });
  });

  it('1003, 1008, 55031, 60007', async () => {
    for (const query of ['', 'unit_value=abc', 'unit_value=1e12', 'unit_value=10000000000']) {
      const res = await calculate(query);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 1003, errors: { unit_value: expect.any(Array) } });
    }
    const noShop = await calculate('unit_value=1', DEMO.apiKey);
    expect(noShop.json()).toMatchObject({ code: 1008, status_code: 404 });
    const unknownShop = await calculate(
      'unit_value=1&shop_uuid=a0000000-0000-4000-8000-00000000ffff',
      DEMO.apiKey,
    );
    expect(unknownShop.json()).toMatchObject({ code: 1008, status_code: 404 });
    const otherShop = await calculate(`unit_value=1&shop_uuid=${DEMO.shopUtrecht}`, DEMO.registerKey);
    expect(otherShop.json()).toMatchObject({ code: 1008 });
    const contact = await calculate('unit_value=1&contact_uuid=d0000000-0000-4000-8000-00000000ffff');
    expect(contact.json()).toMatchObject({ code: 55031, status_code: 404 });
    const unit = await calculate('unit_value=1&unit_name=nope');
    expect(unit.json()).toMatchObject({ code: 60007, status_code: 404 });
  });

  it('401 without a token, 403 for a token of the wrong kind', async () => {
    expect((await calculate('unit_value=1', '')).statusCode).toBe(401);
    expect((await calculate('unit_value=1', DEMO.personalAccessToken)).statusCode).toBe(403);
  });
});
