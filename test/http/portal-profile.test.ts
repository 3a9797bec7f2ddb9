import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { portalCard, portalStats } from '../../src/contract/portal';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';
import { idempotencyHeader, openSession, portalCall, sessionState } from '../helpers/portal';

/*
 * The customer portal's own page (portal API, identify sessions): visit stats and removing a card.
 * No profile at the counter (test/http/portal-counter-privacy.test.ts).
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const CONTRACT: Record<string, z.ZodType> = {
  stats: portalStats,
  'cards/remove': portalCard,
};
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

describe('remove a card', () => {
  it("unlinks one of the customer's cards, records it, and the card can be linked again", async () => {
    const uuid = await identifiedAnna();
    const added = (await call('POST', uuid, 'cards', { value: 'CARD-NEW-4321' })).json().data;
    const removed = await call('POST', uuid, 'cards/remove', { card_id: added.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ id: added.id, value_hint: '4321' });
    const cards = (await call('GET', uuid, 'cards')).json().data as { id: number }[];
    expect(cards.map((c) => c.id)).not.toContain(added.id);
    expect((await sessionState(t, uuid)).events.map((e) => e.type)).toContain('card_removed');
    // Unlinked, not gone: the public API still knows it, and the customer can add it again.
    const identifier = await t.call({
      method: 'GET',
      url: '/contact-identifiers/find?contact_identifier_value=CARD-NEW-4321',
    });
    expect(identifier.json().data.contact).toBeNull();
    expect((await call('POST', uuid, 'cards', { value: 'CARD-NEW-4321' })).statusCode).toBe(200);
  });

  it("refuses a card that is not the customer's (404 naming card_id) and changes nothing", async () => {
    const uuid = await identifiedAnna();
    const other = await openSession(t);
    await call('POST', other, 'identify', { value: 'CARD-0002' });
    const bensCard = ((await call('GET', other, 'cards')).json().data as { id: number }[])[0]!;
    const refused = await expectError(
      await call('POST', uuid, 'cards/remove', { card_id: bensCard.id }),
      1003,
      404,
    );
    expect(refused.errors).toHaveProperty('card_id');
    expect(((await call('GET', other, 'cards')).json().data as { id: number }[]).map((c) => c.id)).toContain(
      bensCard.id,
    );
    const bad = await expectError(await call('POST', uuid, 'cards/remove', { card_id: 'x' }), 1003);
    expect(bad.errors).toHaveProperty('card_id');
  });
});
