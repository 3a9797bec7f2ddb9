import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';

/* extensions.md "Idempotency": any POST of the public API may carry Idempotency-Key. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function creditBalance(contact: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/contacts/${contact}` });
  return res.json().data.credit_balance.balance;
}

const receive = (key: string, credits: number, token: string = DEMO.registerKey) =>
  t.call({
    method: 'POST',
    url: '/credit-receptions',
    token,
    headers: { 'idempotency-key': key },
    payload: {
      contact_uuid: DEMO.carla,
      credits,
      ...(token === DEMO.apiKey ? { shop_uuid: DEMO.shop } : {}),
    },
  });

describe('Idempotency-Key on the public API', () => {
  it('a retried credit reception credits once and answers the first response again', async () => {
    const before = await creditBalance(DEMO.carla);
    const first = await receive('checkout-1001', 7);
    const again = await receive('checkout-1001', 7);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await creditBalance(DEMO.carla)).toBe(before + 7);
  });

  it('ten concurrent requests with one key act once', async () => {
    const before = await creditBalance(DEMO.carla);
    const results = await Promise.all(Array.from({ length: 10 }, () => receive('checkout-burst', 3)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.uuid)).size).toBe(1);
    expect(await creditBalance(DEMO.carla)).toBe(before + 3);
  });

  it('refuses a key reused with another body (409), and keys are per credential', async () => {
    await receive('checkout-2002', 1);
    const other = await receive('checkout-2002', 2);
    expectReason(other, 'idempotency_key_reused');
    const before = await creditBalance(DEMO.carla);
    const sameKeyOtherCredential = await receive('checkout-2002', 2, DEMO.apiKey);
    expect(sameKeyOtherCredential.statusCode).toBe(201);
    expect(await creditBalance(DEMO.carla)).toBe(before + 2);
  });

  it('a failed request stores nothing, so its retry acts', async () => {
    const refused = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      token: DEMO.registerKey,
      headers: { 'idempotency-key': 'checkout-3003' },
      payload: { contact_uuid: DEMO.carla, credits: 5000 },
    });
    expect(refused.json().code).toBe(1015);
    const retried = await receive('checkout-3003', 5);
    expect(retried.statusCode).toBe(201);
  });

  it('replays a portal session create with its status and uuid', async () => {
    const create = () =>
      t.call({
        method: 'POST',
        url: '/portal-sessions/credit-reception',
        headers: { 'idempotency-key': 'pos-7-session' },
        payload: { shop_uuid: DEMO.shop, amount_in_cents: 450 },
      });
    const first = await create();
    const again = await create();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().data.uuid).toBe(first.json().data.uuid);
  });

  it('replays find-or-create with the status of its first answer', async () => {
    const call = () =>
      t.call({
        method: 'POST',
        url: '/v3/oauth/clients/products/find-or-create',
        token: DEMO.personalAccessToken,
        headers: { 'idempotency-key': 'sync-espresso' },
        payload: { external_identifier: 'SKU-IDEM-1', name: 'Espresso' },
      });
    const first = await call();
    const again = await call();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
  });

  it('does not store a refusal: a retry of an expired voucher is refused again', async () => {
    const redeem = () =>
      t.call({
        method: 'POST',
        url: '/vouchers/redeem',
        token: DEMO.registerKey,
        headers: { 'idempotency-key': 'redeem-expired' },
        payload: { code: 'MUFFIN-EXPIRED' },
      });
    expect((await redeem()).json().code).toBe(80006);
    expect((await redeem()).json().code).toBe(80006);
  });
});
