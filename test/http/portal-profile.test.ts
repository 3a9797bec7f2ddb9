import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { portalStats } from '../../src/contract/portal';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';
import { idempotencyHeader, openSession, portalCall } from '../helpers/portal';

/*
 * The customer portal's visit stats (portal API, identify sessions). No profile at the counter
 * (test/http/portal-counter-privacy.test.ts); cards are removed on /me/ (me-account.test.ts).
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const CONTRACT: Record<string, z.ZodType> = { stats: portalStats };
let keys = 0;
const call = (method: 'GET' | 'POST', uuid: string, action: string, payload?: unknown) =>
  portalCall(
    t,
    CONTRACT,
    method,
    uuid,
    action,
    payload,
    idempotencyHeader(method === 'POST' ? `k-${++keys}` : undefined),
  );

async function identifiedAnna() {
  const uuid = await openSession(t);
  const res = await call('POST', uuid, 'identify', { value: 'CARD-0001' });
  expect(res.json().data.result).toBe('identified');
  return uuid;
}

describe('visit stats', () => {
  it('counts each credit reception that earned credits and each visit; reversed ones do not count', async () => {
    const uuid = await identifiedAnna();
    const before = (await call('GET', uuid, 'stats')).json().data;
    expect(before).toEqual({ visits: 0, last_visit_at: null, total_credits_earned: 0 });

    const give = (credits: number) =>
      t.call({
        method: 'POST',
        url: '/credit-receptions',
        token: DEMO.registerKey,
        payload: { contact_uuid: DEMO.anna, credits },
      });
    await give(10);
    t.clock.advance(60_000);
    const second = (await give(15)).json().data;
    t.clock.advance(60_000);
    const third = (await give(5)).json().data;
    await t.call({
      method: 'POST',
      url: `/credit-receptions/${third.uuid}/reverse`,
      token: DEMO.registerKey,
    });

    const after = (await call('GET', uuid, 'stats')).json().data;
    expect(after).toEqual({ visits: 2, last_visit_at: second.created_at, total_credits_earned: 25 });
  });

  it('needs an identified customer', async () => {
    await expectError(await call('GET', await openSession(t), 'stats'), 1003, 409);
  });
});
