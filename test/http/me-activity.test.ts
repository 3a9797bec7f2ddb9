import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meActivity } from '../../src/contract/me';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { meCall, meCookie } from '../helpers/me';
import { openSession, portalCall } from '../helpers/portal';

/*
 * The customer's activity as /me/ shows it (GET /me/api/activity): every kind of line, its English
 * title, its money or credits with their sign, the shop, newest first. The v1 component's
 * loyalty-transactions answer the same lines (domain/counter/customer.ts contactActivity).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (uuid: string, action: string, payload: unknown) =>
  portalCall(t, {}, 'POST', uuid, action, payload);

describe('GET /me/api/activity', () => {
  it('lists credit and reward receptions, prepaid and gift-card transactions, newest first', async () => {
    const minute = () => t.clock.advance(60_000);
    const reception = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: DEMO.anna, credits: 10, shop_uuid: DEMO.shop },
    });
    expect(reception.statusCode).toBe(201);
    minute();
    const prepaid = await t.call({
      method: 'POST',
      url: '/prepaid-transactions',
      payload: { contact_uuid: DEMO.anna, amount_in_cents: -300, shop_uuid: DEMO.shopUtrecht },
    });
    expect(prepaid.statusCode).toBe(201);
    minute();
    const topUp = await openSession(t, '/top-up-giftcards', { contact_uuid: DEMO.anna });
    const card = await post(topUp, 'giftcards/top-up', {
      giftcard_uuid: 'f1000000-0000-4000-8000-000000000002',
      amount_in_cents: 1500,
    });
    expect(card.statusCode).toBe(200);
    minute();
    const uuid = await openSession(t, '');
    expect((await post(uuid, 'identify', { value: DEMO.annaCard })).json().data.result).toBe('identified');
    expect((await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee })).statusCode).toBe(200);
    minute();
    await t.call({ method: 'POST', url: `/credit-receptions/${reception.json().data.uuid}/reverse` });

    const res = await meCall(t, await meCookie(t, DEMO.anna), { method: 'GET', path: '/activity' });
    expect(res.statusCode).toBe(200);
    expect(meActivity.parse(res.json()).items).toEqual([
      {
        type: 'credit_reception',
        uuid: expect.any(String),
        created_at: '2026-11-21T10:04:00+00:00',
        title: 'Credits reversed',
        credits: -10,
        amount_in_cents: null,
        shop: 'Demo Coffee Amsterdam',
      },
      expect.objectContaining({ type: 'reward_reception', title: 'Free coffee', credits: -50 }),
      {
        type: 'giftcard_transaction',
        uuid: card.json().data.transaction_uuid,
        created_at: '2026-11-21T10:02:00+00:00',
        title: 'Gift card top-up',
        credits: null,
        amount_in_cents: 1500,
        shop: 'Demo Coffee Amsterdam',
      },
      expect.objectContaining({
        type: 'prepaid_transaction',
        uuid: prepaid.json().data.uuid,
        title: 'Prepaid payment',
        amount_in_cents: -300,
        shop: 'Demo Coffee Utrecht',
      }),
      expect.objectContaining({
        type: 'credit_reception',
        uuid: reception.json().data.uuid,
        title: 'Credits earned',
        credits: 10,
      }),
    ]);
  });
});
