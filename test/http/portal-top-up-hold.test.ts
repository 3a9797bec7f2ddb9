import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { expectLedgersBalanced, storedGiftcardCents } from '../helpers/ledger';
import { openSession, portalCall, sessionState } from '../helpers/portal';

/*
 * A top-up is money the shop has not received yet. The POS learns what to collect from the session's
 * events; a session may hold the top-up until the cashier confirms the payment (the cashier
 * console's sessions always do; an API session asks with `require_payment_confirmation`).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
});
afterEach(() => t.close());

const GC2 = 'f1000000-0000-4000-8000-000000000002'; // GC-0002, € 100

const post = (uuid: string, action: string, payload: unknown = {}) =>
  portalCall(t, {}, 'POST', uuid, action, payload);
const confirmPayment = (uuid: string, token: string = DEMO.apiKey) =>
  t.call({ method: 'POST', url: `/portal-sessions/${uuid}/confirm-payment`, token });
const events = async (uuid: string) =>
  (await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` })).json().data as {
    type: string;
    data: Record<string, unknown>;
  }[];

async function prepaidOf(contact: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/contacts/${contact}/prepaid-balance` });
  return res.json().data.balance_in_cents;
}

describe('a top-up without a hold', () => {
  it('tells the POS what to collect before the money moves', async () => {
    const uuid = await openSession(t, '/top-up-prepaid', { contact_uuid: DEMO.anna, amount_in_cents: 5000 });
    expect((await post(uuid, 'prepaid/top-up')).statusCode).toBe(200);
    const list = await events(uuid);
    const due = list.findIndex((e) => e.type === 'payment_due');
    expect(list[due]?.data).toMatchObject({ amount_in_cents: 5000, held: false, message: 'Collect € 50.00' });
    expect(list.findIndex((e) => e.type === 'prepaid_transaction')).toBeGreaterThan(due);
  });
});

describe('a top-up held until the payment is confirmed (require_payment_confirmation)', () => {
  it('moves nothing until the POS confirms it, then moves it once', async () => {
    const uuid = await openSession(t, '/top-up-prepaid', {
      contact_uuid: DEMO.anna,
      amount_in_cents: 5000,
      require_payment_confirmation: true,
    });
    const before = await accountSnapshot(t.app.db);
    const asked = await post(uuid, 'prepaid/top-up');
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toEqual({
      awaiting_payment: { amount_in_cents: 5000, requested_at: expect.any(String) },
    });
    await expectUnchanged(t.app.db, before);
    expect((await sessionState(t, uuid)).payment_hold).toMatchObject({ amount_in_cents: 5000 });
    expect((await events(uuid)).find((e) => e.type === 'payment_due')?.data).toMatchObject({
      amount_in_cents: 5000,
      held: true,
      message: 'Collect € 50.00',
    });
    expectReason(await post(uuid, 'prepaid/top-up'), 'payment_awaited');
    // Another shop's register cannot confirm it.
    expect((await confirmPayment(uuid, DEMO.registerKeyUtrecht)).statusCode).toBe(404);
    await expectUnchanged(t.app.db, before);

    const confirmed = await confirmPayment(uuid, DEMO.registerKey);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      type: 'prepaid_transaction',
      data: { amount_in_cents: 5000 },
    });
    expect(await prepaidOf(DEMO.anna)).toBe(6500);
    expect((await sessionState(t, uuid)).payment_hold).toBeNull();
    expectReason(await confirmPayment(uuid), 'no_payment_awaited');
    expect(await prepaidOf(DEMO.anna)).toBe(6500);
    await expectLedgersBalanced(t.app.db);
  });

  it('holds a gift-card top-up the same way', async () => {
    const uuid = await openSession(t, '/top-up-giftcards', {
      amount_in_cents: 2000,
      require_payment_confirmation: true,
    });
    const asked = await post(uuid, 'giftcards/top-up', { giftcard_uuid: GC2, amount_in_cents: 2000 });
    expect(asked.json().data).toMatchObject({ awaiting_payment: { amount_in_cents: 2000 } });
    expect(await storedGiftcardCents(t.app.db, GC2)).toBe(10_000);
    expect((await sessionState(t, uuid)).payment_hold).toMatchObject({
      amount_in_cents: 2000,
      giftcard: { uuid: GC2, hash_hint: '0002' },
    });
    expect((await confirmPayment(uuid)).statusCode).toBe(200);
    expect(await storedGiftcardCents(t.app.db, GC2)).toBe(12_000);
    expect((await sessionState(t, uuid)).giftcard_top_ups).toEqual([
      expect.objectContaining({ amount_in_cents: 2000, balance_after_in_cents: 12_000 }),
    ]);
  });

  it('is dropped when the session is cancelled: nothing moves, nothing can confirm it', async () => {
    const uuid = await openSession(t, '/top-up-prepaid', {
      contact_uuid: DEMO.anna,
      amount_in_cents: 5000,
      require_payment_confirmation: true,
    });
    const before = await accountSnapshot(t.app.db);
    await post(uuid, 'prepaid/top-up');
    expect((await post(uuid, 'cancel')).statusCode).toBe(200);
    expectReason(await confirmPayment(uuid), 'portal_session_ended');
    await expectUnchanged(t.app.db, before);
  });

  it('is not asked for where the POS confirms nothing (default false)', async () => {
    const uuid = await openSession(t, '/top-up-prepaid', { contact_uuid: DEMO.anna, amount_in_cents: 5000 });
    expect((await sessionState(t, uuid)).settings.require_payment_confirmation).toBe(false);
    expectReason(await confirmPayment(uuid), 'no_payment_awaited');
  });
});

describe('the cashier console', () => {
  it('holds its top-ups until the cashier taps Received, and says what to collect', async () => {
    const cookie = await pair(t, CASHIER.amsterdam);
    const started = await consoleCall(t, cookie, 'POST', '/sessions', {
      type: 'top_up_prepaid',
      contact_uuid: DEMO.anna,
      amount_in_cents: 5000,
    });
    expect(started.statusCode).toBe(201);
    const uuid = started.json().data.uuid;
    expect(started.json().data.settings.require_payment_confirmation).toBe(true);
    const before = await accountSnapshot(t.app.db);
    expectReason(
      await consoleCall(t, cookie, 'POST', `/sessions/${uuid}/payment-received`),
      'no_payment_awaited',
    );
    await post(uuid, 'prepaid/top-up');
    await expectUnchanged(t.app.db, before);
    const waiting = await consoleCall(t, cookie, 'GET', `/sessions/${uuid}`);
    expect(waiting.json().data.payment_due).toEqual({ amount_in_cents: 5000, held: true });

    // The Utrecht till cannot confirm an Amsterdam session.
    const utrecht = await pair(t, CASHIER.utrecht);
    expect((await consoleCall(t, utrecht, 'POST', `/sessions/${uuid}/payment-received`)).statusCode).toBe(
      404,
    );
    await expectUnchanged(t.app.db, before);

    const received = await consoleCall(t, cookie, 'POST', `/sessions/${uuid}/payment-received`);
    expect(received.statusCode).toBe(200);
    expect(received.json().data.payment_due).toEqual({ amount_in_cents: 5000, held: false });
    expect(received.json().data.prepaid).toMatchObject({ amount_in_cents: 5000 });
    expect(await prepaidOf(DEMO.anna)).toBe(6500);
  });

  // Defect 15: a console session of a type that tops up by the customer's choice (prepaid, giftcard,
  // scan_anything) held nothing: the counter chose the top-up and the money moved without Received.
  it('holds the top-up the customer chooses in a prepaid session: nothing moves before Received', async () => {
    const cookie = await pair(t, CASHIER.amsterdam);
    const started = await consoleCall(t, cookie, 'POST', '/sessions', { type: 'prepaid' });
    expect(started.statusCode).toBe(201);
    const uuid = started.json().data.uuid;
    expect(started.json().data.settings.require_payment_confirmation).toBe(true);
    // Whoever holds the counter screen: Anna's card, then a top-up of € 50.00 she chose.
    expect((await post(uuid, 'identify', { value: DEMO.annaCard })).statusCode).toBe(200);
    const before = await accountSnapshot(t.app.db);
    const topUp = await post(uuid, 'prepaid/top-up', { amount_in_cents: 5000 });
    expect(topUp.statusCode).toBe(200);
    expect(topUp.json().data.awaiting_payment).toMatchObject({ amount_in_cents: 5000 });
    await expectUnchanged(t.app.db, before);
    expect(await prepaidOf(DEMO.anna)).toBe(1500);

    const received = await consoleCall(t, cookie, 'POST', `/sessions/${uuid}/payment-received`);
    expect(received.statusCode).toBe(200);
    expect(await prepaidOf(DEMO.anna)).toBe(6500);
  });

  it.each(['giftcard', 'scan_anything'])(
    'holds a gift-card top-up in a %s session, by the kiosk or the v1 API, until Received',
    async (type) => {
      const cookie = await pair(t, CASHIER.amsterdam);
      const topUps = {
        kiosk: (uuid: string) =>
          post(uuid, 'giftcards/top-up', { giftcard_uuid: GC2, amount_in_cents: 2500 }),
        // The real component's API on the same kind of session.
        v1: (uuid: string) =>
          t.call({
            method: 'POST',
            url: `/api/v1/portal-sessions/${uuid}/giftcards/transaction`,
            token: null,
            payload: { uuid: GC2, amount_in_cents: 2500 },
          }),
      };
      let cents = 10_000;
      for (const topUp of Object.values(topUps)) {
        const started = await consoleCall(t, cookie, 'POST', '/sessions', { type });
        expect(started.statusCode).toBe(201);
        const uuid = started.json().data.uuid;
        const before = await accountSnapshot(t.app.db);
        const asked = await topUp(uuid);
        expect(asked.statusCode).toBe(200);
        expect(JSON.stringify(asked.json().data)).toContain('"awaiting_payment"');
        await expectUnchanged(t.app.db, before);

        const received = await consoleCall(t, cookie, 'POST', `/sessions/${uuid}/payment-received`);
        expect(received.statusCode).toBe(200);
        cents += 2500;
        expect(await storedGiftcardCents(t.app.db, GC2)).toBe(cents);
      }
      await expectLedgersBalanced(t.app.db);
    },
  );

  it('drops a held top-up when the cashier cancels', async () => {
    const cookie = await pair(t, CASHIER.amsterdam);
    const started = await consoleCall(t, cookie, 'POST', '/sessions', {
      type: 'top_up_giftcards',
      amount_in_cents: 2500,
    });
    const uuid = started.json().data.uuid;
    const before = await accountSnapshot(t.app.db);
    await post(uuid, 'giftcards/top-up', { giftcard_uuid: GC2, amount_in_cents: 2500 });
    expect((await consoleCall(t, cookie, 'POST', `/sessions/${uuid}/cancel`)).statusCode).toBe(200);
    expectReason(
      await consoleCall(t, cookie, 'POST', `/sessions/${uuid}/payment-received`),
      'portal_session_ended',
    );
    await expectUnchanged(t.app.db, before);
  });
});
