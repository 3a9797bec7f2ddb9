import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  giftcardRedeemResult,
  giftcardTopUpResult,
  portalGiftcard,
  prepaidResult,
} from '../../src/contract/portal';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { expectLedgersBalanced, storedGiftcardCents } from '../helpers/ledger';
import { idempotencyHeader, openSession, portalCall, sessionState } from '../helpers/portal';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const CARD = {
  gc1: 'f1000000-0000-4000-8000-000000000001', // GC-0001, € 25
  gc2: 'f1000000-0000-4000-8000-000000000002', // GC-0002, € 100
  empty: 'f1000000-0000-4000-8000-000000000003', // GC-0003, € 0
  digital: 'f1000000-0000-4000-8000-000000000004', // GC-D-0001, € 50, topped up once
  expired: 'f1000000-0000-4000-8000-000000000005', // GC-EXP-0001, € 10
  nearMax: 'f1000000-0000-4000-8000-000000000006', // GC-0006, € 490 of max € 500
};

// The kiosk codes against contract/portal.ts: every successful answer must parse with it.
const CONTRACT: Record<string, z.ZodType> = {
  'giftcards/scan': z.object({ giftcard: portalGiftcard }),
  'giftcards/redeem': giftcardRedeemResult,
  'giftcards/top-up': giftcardTopUpResult,
  'prepaid/pay': prepaidResult,
  'prepaid/top-up': prepaidResult,
};

const session = (variant: string, payload: Record<string, unknown> = {}) => openSession(t, variant, payload);
const portal = (uuid: string, action: string, payload?: unknown, key?: string) =>
  portalCall(t, CONTRACT, 'POST', uuid, action, payload, idempotencyHeader(key));
const state = (uuid: string) => sessionState(t, uuid);

async function identify(uuid: string, value: string) {
  const res = await portal(uuid, 'identify', { value });
  expect(res.json().data.result).toBe('identified');
}

const balanceOf = (cardUuid: string) => storedGiftcardCents(t.app.db, cardUuid);

async function eventTypes(uuid: string) {
  return (await state(uuid)).events.map((e) => e.type);
}

describe('POST /portal/api/sessions/{uuid}/giftcards/scan', () => {
  it('finds a card by its hash or QR content and never shows the whole code', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 3000 });
    for (const value of ['GC-0001', 'gc-0001', 'https://giftcards.example/card/GC-0001', 'x?hash=GC-0001']) {
      const res = await portal(uuid, 'giftcards/scan', { value });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.giftcard).toEqual({
        uuid: CARD.gc1,
        hash_hint: '0001',
        type: 'PHYSICAL',
        balance_in_cents: 2500,
        expiration_date: '2027-12-31T23:59:59+01:00',
        expired: false,
        active: true,
        can_top_up: true,
        max_top_up_in_cents: 47500,
      });
    }
  });

  it('tells what can be topped up: not an expired card, not a used digital one, not a full one', async () => {
    const uuid = await session('/top-up-giftcards');
    const scan = async (value: string) =>
      (await portal(uuid, 'giftcards/scan', { value })).json().data.giftcard;
    expect(await scan('GC-EXP-0001')).toMatchObject({ expired: true, can_top_up: false });
    expect(await scan('GC-D-0001')).toMatchObject({ type: 'DIGITAL', can_top_up: false });
    expect(await scan('GC-0006')).toMatchObject({ can_top_up: true, max_top_up_in_cents: 1000 });
  });

  it('answers 5001 for an unknown card, 1003 for no value, 403 outside gift-card sessions', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 3000 });
    const unknown = await portal(uuid, 'giftcards/scan', { value: 'GC-NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(5001);
    const empty = await portal(uuid, 'giftcards/scan', { value: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 1003, errors: { value: expect.any(Array) } });
    const other = await portal(await session('/pay-prepaid'), 'giftcards/scan', { value: 'GC-0001' });
    expect(expectReason(other, 'not_allowed_in_session').message).toBe('Not allowed in this session');
  });
});

describe('POST /portal/api/sessions/{uuid}/giftcards/redeem', () => {
  it('pays everything with one card, then refuses more (409) and reports on completion', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 1250 });
    expect((await state(uuid)).giftcard_payment).toEqual({
      payments: [],
      paid_in_cents: 0,
      remaining_in_cents: 1250,
    });
    const res = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc2 });
    expect(res.statusCode).toBe(200);
    const payment = {
      transaction_uuid: expect.any(String),
      giftcard: { uuid: CARD.gc2, hash_hint: '0002' },
      amount_in_cents: 1250,
      balance_after_in_cents: 8750,
    };
    expect(res.json().data).toEqual({
      payment,
      payments: [payment],
      paid_in_cents: 1250,
      remaining_in_cents: 0,
    });
    expect(await balanceOf(CARD.gc2)).toBe(8750);

    const again = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 });
    expect(expectReason(again, 'nothing_left_to_pay').message).toBe('Nothing remains to be paid');
    expect(await balanceOf(CARD.gc1)).toBe(2500);

    const view = await state(uuid);
    expect(view.giftcard_payment).toEqual({
      payments: [payment],
      paid_in_cents: 1250,
      remaining_in_cents: 0,
    });
    const event = view.events.find((e) => e.type === 'giftcard_transaction')!;
    expect(event.data).toMatchObject({
      uuid: res.json().data.payment.transaction_uuid,
      amount_in_cents: -1250,
      type: 'STANDARD',
      card: { uuid: CARD.gc2 },
      shop: { uuid: DEMO.shop, name: 'Demo Coffee Amsterdam' },
    });

    const done = await portal(uuid, 'complete', {});
    expect(done.statusCode).toBe(200);
    const completed = done.json().data.events.find((e: { type: string }) => e.type === 'session_completed');
    expect(completed.data).toEqual({
      status: 'completed',
      by: 'screen',
      paid_in_cents: 1250,
      remaining_in_cents: 0,
      payments: [{ ...payment, transaction_uuid: res.json().data.payment.transaction_uuid }],
    });
    // The POS reads the same through the public API.
    const events = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
    expect(events.json().data.map((e: { type: string }) => e.type)).toEqual([
      'giftcard_transaction',
      'session_completed',
    ]);
    await expectLedgersBalanced(t.app.db);
  });

  it('pays with two cards: € 25 of € 30, then the remaining € 5 from the second', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 3000 });
    const first = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 });
    expect(first.json().data).toMatchObject({
      payment: { amount_in_cents: 2500, balance_after_in_cents: 0 },
      paid_in_cents: 2500,
      remaining_in_cents: 500,
    });
    const second = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc2 });
    expect(second.json().data).toMatchObject({
      payment: { giftcard: { uuid: CARD.gc2 }, amount_in_cents: 500, balance_after_in_cents: 9500 },
      paid_in_cents: 3000,
      remaining_in_cents: 0,
    });
    expect(second.json().data.payments).toHaveLength(2);
    expect([await balanceOf(CARD.gc1), await balanceOf(CARD.gc2)]).toEqual([0, 9500]);
    // The first card is empty now.
    const emptied = await portal(
      await session('/redeem-giftcards', { amount_in_cents: 100 }),
      'giftcards/redeem',
      {
        giftcard_uuid: CARD.gc1,
      },
    );
    expect(emptied.json().code).toBe(5003);
    await expectLedgersBalanced(t.app.db);
  });

  it('takes one card only when allow_multiple_giftcards is false (409)', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 3000, allow_multiple_giftcards: 0 });
    expect((await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 })).statusCode).toBe(200);
    const second = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc2 });
    expect(expectReason(second, 'one_giftcard_only').message).toBe('This session takes one gift card only');
    expect(await balanceOf(CARD.gc2)).toBe(10000);
    expect((await state(uuid)).giftcard_payment).toMatchObject({
      paid_in_cents: 2500,
      remaining_in_cents: 500,
    });
  });

  it('refuses an expired card (5002), an empty one (5003), an unknown one (5001), an inactive one (1003)', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 3000 });
    const expired = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.expired });
    expect([expired.statusCode, expired.json().code]).toEqual([422, 5002]);
    const empty = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.empty });
    expect([empty.statusCode, empty.json().code]).toEqual([422, 5003]);
    const unknown = await portal(uuid, 'giftcards/redeem', {
      giftcard_uuid: 'f1000000-0000-4000-8000-000000000999',
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 5001]);
    await t.app.db.updateTable('giftcards').set({ active: 0 }).where('uuid', '=', CARD.gc1).execute();
    const inactive = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 });
    expectReason(inactive, 'giftcard_inactive');
    expect(await balanceOf(CARD.expired)).toBe(1000);
    expect((await state(uuid)).giftcard_payment).toEqual({
      payments: [],
      paid_in_cents: 0,
      remaining_in_cents: 3000,
    });
    expect(await eventTypes(uuid)).toEqual([]);
    await expectLedgersBalanced(t.app.db);
  });

  it('charges once for one Idempotency-Key sent twice (a network retry)', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 1000 });
    const first = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc2 }, 'pay-1');
    const retry = await portal(uuid, 'giftcards/redeem', { giftcard_uuid: CARD.gc2 }, 'pay-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await balanceOf(CARD.gc2)).toBe(9000);
    expect(await eventTypes(uuid)).toEqual(['giftcard_transaction']);
  });

  it('never overpays under 10 concurrent redeems with different keys', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 12000 });
    const cards = [CARD.gc1, CARD.gc2, CARD.digital, CARD.nearMax, CARD.gc1];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        portal(uuid, 'giftcards/redeem', { giftcard_uuid: cards[i % cards.length] }, `key-${i}`),
      ),
    );
    for (const res of results) {
      if (res.statusCode !== 200) expect([409, 422]).toContain(res.statusCode);
    }
    const { giftcard_payment: payment } = await state(uuid);
    expect(payment!.paid_in_cents).toBe(12000);
    expect(payment!.remaining_in_cents).toBe(0);
    expect(payment!.payments.reduce((sum, p) => sum + p.amount_in_cents, 0)).toBe(12000);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(payment!.payments.length);
    const { rows } = await sql<{ total: string | number }>`
      select coalesce(sum(amount_in_cents), 0) as total from giftcard_transactions where shop_id is not null`.execute(
      t.app.db,
    );
    expect(Number(rows[0]!.total)).toBe(-12000);
    await expectLedgersBalanced(t.app.db);
  });

  it('never overdraws one card redeemed concurrently in two sessions', async () => {
    const sessions = [
      await session('/redeem-giftcards', { amount_in_cents: 2000 }),
      await session('/redeem-giftcards', { amount_in_cents: 2000 }),
    ];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        portal(sessions[i % 2]!, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 }, `k-${i}`),
      ),
    );
    const paid = await Promise.all(
      sessions.map(async (uuid) => (await state(uuid)).giftcard_payment!.paid_in_cents),
    );
    expect(paid.sort((a, b) => a - b)).toEqual([500, 2000]);
    expect(await balanceOf(CARD.gc1)).toBe(0);
    await expectLedgersBalanced(t.app.db);
  });

  it('is refused outside redeem sessions (403) and in ended (409) or expired (410) ones', async () => {
    const topUp = await portal(await session('/top-up-giftcards'), 'giftcards/redeem', {
      giftcard_uuid: CARD.gc1,
    });
    expectReason(topUp, 'not_allowed_in_session');
    const ended = await session('/redeem-giftcards', { amount_in_cents: 100 });
    await portal(ended, 'cancel', {});
    expectReason(
      await portal(ended, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 }),
      'portal_session_ended',
    );
    const expired = await session('/redeem-giftcards', { amount_in_cents: 100 });
    t.clock.advance(61 * 60_000);
    const res = await portal(expired, 'giftcards/redeem', { giftcard_uuid: CARD.gc1 });
    expectReason(res, 'portal_session_expired');
    expect(await balanceOf(CARD.gc1)).toBe(2500);
  });
});

describe('POST /portal/api/sessions/{uuid}/giftcards/top-up', () => {
  it('tops up a physical card and shows its new balance', async () => {
    const uuid = await session('/top-up-giftcards');
    const res = await portal(uuid, 'giftcards/top-up', { giftcard_uuid: CARD.gc1, amount_in_cents: 2000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      giftcard: expect.objectContaining({
        uuid: CARD.gc1,
        balance_in_cents: 4500,
        max_top_up_in_cents: 45500,
      }),
      transaction_uuid: expect.any(String),
      amount_in_cents: 2000,
    });
    const [due, event] = (await state(uuid)).events;
    // The till collects the top-up: the POS reads what, before the money moves.
    expect(due).toMatchObject({ type: 'payment_due', data: { amount_in_cents: 2000, held: false } });
    expect(event).toMatchObject({
      type: 'giftcard_transaction',
      data: { uuid: res.json().data.transaction_uuid, amount_in_cents: 2000, card: { uuid: CARD.gc1 } },
    });
    expect((await state(uuid)).giftcard_payment).toBeNull();
    await expectLedgersBalanced(t.app.db);
  });

  it('refuses a used digital card (5006), the program maximum (5008), an expired card (5002)', async () => {
    const uuid = await session('/top-up-giftcards');
    const digital = await portal(uuid, 'giftcards/top-up', {
      giftcard_uuid: CARD.digital,
      amount_in_cents: 1000,
    });
    expect([digital.statusCode, digital.json().code]).toEqual([422, 5006]);
    const full = await portal(uuid, 'giftcards/top-up', {
      giftcard_uuid: CARD.nearMax,
      amount_in_cents: 2000,
    });
    expect([full.statusCode, full.json().code]).toEqual([422, 5008]);
    const expired = await portal(uuid, 'giftcards/top-up', {
      giftcard_uuid: CARD.expired,
      amount_in_cents: 100,
    });
    expect([expired.statusCode, expired.json().code]).toEqual([422, 5002]);
    const zero = await portal(uuid, 'giftcards/top-up', { giftcard_uuid: CARD.gc1, amount_in_cents: 0 });
    expect(zero.json()).toMatchObject({ code: 1003, errors: { amount_in_cents: expect.any(Array) } });
    expect([await balanceOf(CARD.nearMax), await balanceOf(CARD.digital)]).toEqual([49000, 5000]);
    expect(await eventTypes(uuid)).toEqual([]);
    // Exactly up to the maximum is fine.
    const exact = await portal(uuid, 'giftcards/top-up', {
      giftcard_uuid: CARD.nearMax,
      amount_in_cents: 1000,
    });
    expect(exact.json().data.giftcard).toMatchObject({ balance_in_cents: 50000, can_top_up: false });
  });

  it('is refused in a redeem session (403)', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 100 });
    const res = await portal(uuid, 'giftcards/top-up', { giftcard_uuid: CARD.gc1, amount_in_cents: 100 });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /portal/api/sessions/{uuid}/prepaid/pay', () => {
  it("pays the session's amount from the identified customer's balance", async () => {
    const uuid = await session('/pay-prepaid', { amount_in_cents: 400 });
    await identify(uuid, 'CARD-0001');
    const res = await portal(uuid, 'prepaid/pay', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      transaction_uuid: expect.any(String),
      charged_in_cents: 400,
      unpaid_in_cents: 0,
      contact: expect.objectContaining({ uuid: DEMO.anna, prepaid_balance_in_cents: 1100 }),
    });
    const event = (await state(uuid)).events.at(-1)!;
    expect(event).toMatchObject({
      type: 'prepaid_transaction',
      data: {
        uuid: res.json().data.transaction_uuid,
        amount_in_cents: -400,
        prepaid_balance: { balance_in_cents: 1100 },
        contact: { uuid: DEMO.anna },
        shop: { uuid: DEMO.shop },
      },
    });
    await expectLedgersBalanced(t.app.db);
  });

  it('charges the balance when the amount is more, and leaves the rest to pay at the till', async () => {
    const uuid = await session('/pay-prepaid');
    await identify(uuid, 'CARD-0005'); // dirk, € 2.50
    const res = await portal(uuid, 'prepaid/pay', { amount_in_cents: 1000 });
    expect(res.json().data).toMatchObject({
      charged_in_cents: 250,
      unpaid_in_cents: 750,
      contact: { prepaid_balance_in_cents: 0 },
    });
    await expectLedgersBalanced(t.app.db);
  });

  it('pays once per session, and once per Idempotency-Key', async () => {
    const uuid = await session('/pay-prepaid', { amount_in_cents: 100 });
    await identify(uuid, 'CARD-0001');
    const first = await portal(uuid, 'prepaid/pay', {}, 'tap-1');
    const retry = await portal(uuid, 'prepaid/pay', {}, 'tap-1');
    expect(retry.json()).toEqual(first.json());
    const second = await portal(uuid, 'prepaid/pay', {}, 'tap-2');
    expectReason(second, 'prepaid_transaction_done');
    const anna = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}/prepaid-balance` });
    expect(anna.json().data.balance_in_cents).toBe(1400);
  });

  it('refuses: no customer (409), no amount (1003 naming amount_in_cents), an empty balance (422)', async () => {
    const noAmount = await session('/pay-prepaid');
    const anonymous = await portal(noAmount, 'prepaid/pay', { amount_in_cents: 100 });
    expect(expectReason(anonymous, 'customer_not_identified').message).toBe('Identify the customer first');
    await identify(noAmount, 'CARD-0001');
    const missing = await portal(noAmount, 'prepaid/pay', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 1003, errors: { amount_in_cents: expect.any(Array) } });
    const negative = await portal(noAmount, 'prepaid/pay', { amount_in_cents: -5 });
    expect(negative.json()).toMatchObject({ code: 1003, errors: { amount_in_cents: expect.any(Array) } });

    const ben = await session('/pay-prepaid', { amount_in_cents: 100 });
    await identify(ben, 'CARD-0002'); // € 0
    const empty = await portal(ben, 'prepaid/pay');
    expect(expectReason(empty, 'prepaid_balance_insufficient').message).toBe('Insufficient prepaid balance');
    expect(await eventTypes(ben)).toEqual(['contact_identified']);
    await expectLedgersBalanced(t.app.db);
  });

  it('is refused in a top-up session (403)', async () => {
    const uuid = await session('/top-up-prepaid', { amount_in_cents: 100 });
    await identify(uuid, 'CARD-0001');
    expect((await portal(uuid, 'prepaid/pay', {})).statusCode).toBe(403);
  });
});

describe('the least amount typed at the kiosk (account setting min_amount_in_cents, € 1 by default)', () => {
  it('refuses a typed amount under it, naming amount_in_cents, and changes nothing; the session amount is taken as set', async () => {
    const topUp = await session('/top-up-prepaid');
    await identify(topUp, 'CARD-0002');
    const low = await portal(topUp, 'prepaid/top-up', { amount_in_cents: 99 });
    expectReason(low, 'amount_below_minimum');
    expect(low.json().errors.amount_in_cents).toEqual(['The amount in cents field must be at least 100.']);
    const card = await session('/top-up-giftcards');
    const lowCard = await portal(card, 'giftcards/top-up', { giftcard_uuid: CARD.gc1, amount_in_cents: 50 });
    expect(expectReason(lowCard, 'amount_below_minimum').errors).toEqual({
      amount_in_cents: expect.any(Array),
    });
    const pay = await session('/pay-prepaid');
    await identify(pay, 'CARD-0001');
    expect((await portal(pay, 'prepaid/pay', { amount_in_cents: 99 })).json().code).toBe(1003);
    expect([await eventTypes(topUp), await eventTypes(card), await eventTypes(pay)]).toEqual([
      ['contact_identified'],
      [],
      ['contact_identified'],
    ]);

    const small = await session('/pay-prepaid', { amount_in_cents: 50 });
    await identify(small, 'CARD-0001');
    expect((await portal(small, 'prepaid/pay', {})).json().data).toMatchObject({ charged_in_cents: 50 });
    expect((await portal(topUp, 'prepaid/top-up', { amount_in_cents: 100 })).statusCode).toBe(200);
    await expectLedgersBalanced(t.app.db);
  });
});

describe('POST /portal/api/sessions/{uuid}/prepaid/top-up', () => {
  it('tops up by the typed amount, else the session amount', async () => {
    const typed = await session('/top-up-prepaid');
    await identify(typed, 'CARD-0002');
    const res = await portal(typed, 'prepaid/top-up', { amount_in_cents: 2500 });
    expect(res.json().data).toMatchObject({
      charged_in_cents: 2500,
      unpaid_in_cents: 0,
      contact: { uuid: DEMO.ben, prepaid_balance_in_cents: 2500 },
    });
    expect((await state(typed)).events.at(-1)).toMatchObject({
      type: 'prepaid_transaction',
      data: { amount_in_cents: 2500 },
    });
    const preset = await session('/top-up-prepaid', { amount_in_cents: 1000 });
    await identify(preset, 'CARD-0002');
    const second = await portal(preset, 'prepaid/top-up');
    expect(second.json().data.contact.prepaid_balance_in_cents).toBe(3500);
    await expectLedgersBalanced(t.app.db);
  });

  it('refuses without a customer (409) or an amount (1003), and in a pay session (403)', async () => {
    const uuid = await session('/top-up-prepaid');
    expect((await portal(uuid, 'prepaid/top-up', { amount_in_cents: 100 })).statusCode).toBe(409);
    await identify(uuid, 'CARD-0002');
    const missing = await portal(uuid, 'prepaid/top-up', {});
    expect(missing.json()).toMatchObject({ code: 1003, errors: { amount_in_cents: expect.any(Array) } });
    const pay = await session('/pay-prepaid');
    await identify(pay, 'CARD-0002');
    expect((await portal(pay, 'prepaid/top-up', { amount_in_cents: 100 })).statusCode).toBe(403);
  });
});
