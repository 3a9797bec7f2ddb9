import { describe, expect, it } from 'vitest';
import { DEMO, type TestApp, twoProcesses } from '../helpers/app';
import { expectLedgersBalanced } from '../helpers/ledger';

const GC_0002 = 'f1000000-0000-4000-8000-000000000002'; // € 100.00 on the demo account

// Two service processes on one PostgreSQL database (own pools, own listeners), as behind a load
// balancer: concurrent debits through both cannot take a balance below zero.
describe.runIf(process.env.TEST_DATABASE_URL)('concurrent writes through two processes', () => {
  const two = twoProcesses();

  it('prepaid payments: exactly as many pass as the balance covers, never below zero', async () => {
    const balance = async () =>
      (await two.a.call({ method: 'GET', url: `/contacts/${DEMO.anna}` })).json().data.prepaid_balance
        .balance_in_cents as number;
    const start = await balance();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? two.a : two.b).call({
          method: 'POST',
          url: '/prepaid-transactions',
          payload: { contact_uuid: DEMO.anna, amount_in_cents: -250, shop_uuid: DEMO.shop },
        }),
      ),
    );
    const passed = answers.filter((r) => r.statusCode === 201).length;
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    expect(passed).toBe(Math.floor(start / 250));
    expect(await balance()).toBe(start - passed * 250);
    await expectLedgersBalanced(two.a.app.db);
  });

  it('gift card redemptions: the card is never overdrawn', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? two.a : two.b).call({
          method: 'POST',
          url: '/giftcard-transactions',
          payload: { giftcard_uuid: GC_0002, amount_in_cents: -1000, shop_uuid: DEMO.shop },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code)).toEqual(
      Array(14).fill(5003),
    );
    await expectLedgersBalanced(two.b.app.db);
  });

  it('credit refunds: exactly as many pass as the credit balance covers, never below zero', async () => {
    const balance = async () =>
      (await two.b.call({ method: 'GET', url: `/contacts/${DEMO.ben}` })).json().data.credit_balance
        .balance as number;
    const start = await balance();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? two.a : two.b).call({
          method: 'POST',
          url: '/credit-receptions',
          payload: { contact_uuid: DEMO.ben, credits: -5, shop_uuid: DEMO.shop },
        }),
      ),
    );
    const passed = answers.filter((r) => r.statusCode === 201).length;
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    expect(passed).toBe(Math.min(20, Math.floor(start / 5)));
    expect(await balance()).toBe(start - passed * 5);
    await expectLedgersBalanced(two.a.app.db);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the rate limit across two processes', () => {
  const two = twoProcesses(['--rate-limit', '10']);

  it('counts one limit for a credential, whichever process serves it', async () => {
    const get = (t: TestApp) => t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await get(i % 2 ? two.a : two.b);
      expect(res.statusCode).toBe(200);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    for (const t of [two.a, two.b]) {
      const refused = await get(t);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another credential has its own count.
    const other = await two.a.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token: DEMO.registerKey });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('9');
  });
});
