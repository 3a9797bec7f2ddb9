import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posTransactionByUuid, posTransactionView } from '../../src/service/domain/pos/pos-transactions';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopIdOf = async (uuid: string) =>
  (
    await t.app.db
      .selectFrom('pos_transactions')
      .select('shop_id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow()
  ).shop_id;

describe('POST /pos-transactions', () => {
  it("records a transaction for the register key's shop (201)", async () => {
    const res = await t.call({
      method: 'POST',
      url: '/pos-transactions',
      token: DEMO.registerKeyUtrecht,
      payload: { amount_in_cents: 1250, transaction_id: 42, terminal_id: 3 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        transaction_id: 42,
        terminal_id: 3,
        created_at: '2026-11-21T10:00:00+00:00',
        amount_in_cents: 1250,
      },
      meta: {},
    });
    expect(await shopIdOf(res.json().data.uuid)).toBe(2);
  });

  it('transaction_id and terminal_id are optional (null)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/pos-transactions',
      token: DEMO.registerKey,
      payload: { amount_in_cents: -300 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ transaction_id: null, terminal_id: null, amount_in_cents: -300 });
  });

  it('accepts a form-encoded body with numbers as text', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/pos-transactions',
      token: DEMO.registerKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount_in_cents=999&transaction_id=7&terminal_id=1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount_in_cents: 999, transaction_id: 7, terminal_id: 1 });
  });

  it('an unbound key names the shop with shop_uuid (extension), else 1008', async () => {
    const named = await t.call({
      method: 'POST',
      url: '/pos-transactions',
      payload: { amount_in_cents: 100, shop_uuid: DEMO.shopUtrecht },
    });
    expect(named.statusCode).toBe(201);
    expect(await shopIdOf(named.json().data.uuid)).toBe(2);
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('pos_transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const payload of [
      { amount_in_cents: 100 },
      { amount_in_cents: 100, shop_uuid: 'a0000000-0000-4000-8000-00000000ffff' },
    ]) {
      const res = await t.call({ method: 'POST', url: '/pos-transactions', payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 1008, message: 'Shop not found', status_code: 404 });
    }
    const otherShop = await t.call({
      method: 'POST',
      url: '/pos-transactions',
      token: DEMO.registerKey,
      payload: { amount_in_cents: 100, shop_uuid: DEMO.shopUtrecht },
    });
    expect(otherShop.json().code).toBe(1008);
    expect(await count()).toBe(before);
  });

  it('1003 naming the invalid fields', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['amount_in_cents']],
      [{ amount_in_cents: 12.5 }, ['amount_in_cents']],
      [
        { amount_in_cents: 'abc', transaction_id: 'x', terminal_id: 1.5 },
        ['amount_in_cents', 'terminal_id', 'transaction_id'],
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/pos-transactions',
        token: DEMO.registerKey,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 1003, status_code: 422 });
      expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    }
  });

  it('401 without a token (before input), 403 for a token of the wrong kind', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/pos-transactions', token: null, payload: {} })).statusCode,
    ).toBe(401);
    for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
      const res = await t.call({
        method: 'POST',
        url: '/pos-transactions',
        token,
        payload: { amount_in_cents: 1 },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('posTransactionByUuid / posTransactionView', () => {
  it('finds a transaction by uuid and renders the spec fields; 1027 when unknown', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/pos-transactions',
        token: DEMO.registerKey,
        payload: { amount_in_cents: 500, terminal_id: 9 },
      })
    ).json().data;
    const row = await posTransactionByUuid(t.app.db, created.uuid);
    // The view as the API writes it (timestamps at whole seconds, domain/shared/values.ts apiTimestamp).
    expect(JSON.parse(JSON.stringify(posTransactionView(row)))).toEqual(created);
    await expect(posTransactionByUuid(t.app.db, 'nope')).rejects.toMatchObject({ code: 1027 });
  });
});
