import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { expectLedgersBalanced, storedGiftcardCents } from '../helpers/ledger';
import { openSession, portalCall, sessionState } from '../helpers/portal';

/*
 * The session is the contract: what the POS set when it created a session (identification methods,
 * the customer, the amount, one top-up) holds for every call of the portal API, whatever the screen
 * sends. Called as anyone holding the session's URL would: the portal API, no API key.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const CARLA_EMAIL = 'carla@example.com';
const GC1 = 'f1000000-0000-4000-8000-000000000001'; // GC-0001, € 25
const GC2 = 'f1000000-0000-4000-8000-000000000002'; // GC-0002, € 100

const portal = (uuid: string, action: string, payload?: unknown) =>
  portalCall(t, {}, 'POST', uuid, action, payload);

async function prepaidOf(contact: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/contacts/${contact}/prepaid-balance` });
  return res.json().data.balance_in_cents;
}

describe('identification methods the session enables', () => {
  it('refuses an e-mail in a session without e-mail identification, and nothing moves', async () => {
    const uuid = await openSession(t, '/pay-prepaid', { amount_in_cents: 2000 });
    const before = await accountSnapshot(t.app.db);
    expectReason(await portal(uuid, 'identify', { email: CARLA_EMAIL }), 'email_identification_disabled');
    expectReason(await portal(uuid, 'prepaid/pay', {}), 'customer_not_identified');
    expect((await sessionState(t, uuid)).contact).toBeNull();
    await expectUnchanged(t.app.db, before);
    expect(await prepaidOf(DEMO.carla)).toBe(5000);
  });

  it('takes an e-mail where the session enables it, or makes it the primary method', async () => {
    for (const settings of [
      { enable_email_identification: true },
      { primary_identification_method: 'email' },
    ]) {
      const uuid = await openSession(t, '', settings);
      const res = await portal(uuid, 'identify', { email: CARLA_EMAIL });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.result).toBe('identified');
    }
  });

  it('always takes a scan', async () => {
    const uuid = await openSession(t, '/pay-prepaid', { amount_in_cents: 2000 });
    expect((await portal(uuid, 'identify', { value: DEMO.annaCard })).json().data.result).toBe('identified');
  });
});

describe('a customer the POS set', () => {
  it('cannot be replaced by an e-mail, a card, an app code or a registration', async () => {
    const uuid = await openSession(t, '/pay-prepaid', {
      contact_uuid: DEMO.anna,
      enable_email_identification: true,
      enable_registration: true,
    });
    const before = await accountSnapshot(t.app.db);
    for (const body of [{ email: CARLA_EMAIL }, { value: 'CARD-0002' }, { value: 'APP-TOKEN-0003' }]) {
      expectReason(await portal(uuid, 'identify', body), 'contact_set_by_pos');
    }
    expectReason(
      await portal(uuid, 'register', { email: 'someone.new@example.com', accept_terms: true }),
      'contact_set_by_pos',
    );
    expectReason(await portal(uuid, 'identify', { value: 'CARD-9001' }), 'contact_set_by_pos');
    expect((await sessionState(t, uuid)).contact?.uuid).toBe(DEMO.anna);
    await expectUnchanged(t.app.db, before);
    // Her own card is hers: it changes nothing.
    const own = await portal(uuid, 'identify', { value: DEMO.annaCard });
    expect(own.json().data).toMatchObject({ result: 'identified', contact: { uuid: DEMO.anna } });
  });
});

describe('an amount the session fixes', () => {
  it('is the only amount a prepaid top-up moves', async () => {
    const uuid = await openSession(t, '/top-up-prepaid', { contact_uuid: DEMO.anna, amount_in_cents: 1000 });
    const before = await accountSnapshot(t.app.db);
    for (const amount of [10_000_000, 999, 1]) {
      const body = expectReason(
        await portal(uuid, 'prepaid/top-up', { amount_in_cents: amount }),
        'amount_set_by_session',
      );
      expect(body.errors).toHaveProperty('amount_in_cents');
    }
    await expectUnchanged(t.app.db, before);
    const res = await portal(uuid, 'prepaid/top-up', { amount_in_cents: 1000 });
    expect(res.statusCode).toBe(200);
    expect(await prepaidOf(DEMO.anna)).toBe(2500);
  });

  it('is the only amount a prepaid payment asks, and "unpaid" is what the session amount leaves', async () => {
    const uuid = await openSession(t, '/pay-prepaid', { contact_uuid: DEMO.anna, amount_in_cents: 2000 });
    const before = await accountSnapshot(t.app.db);
    expectReason(await portal(uuid, 'prepaid/pay', { amount_in_cents: 100 }), 'amount_set_by_session');
    await expectUnchanged(t.app.db, before);
    const res = await portal(uuid, 'prepaid/pay', {});
    expect(res.statusCode).toBe(200);
    // Anna holds € 15: she pays that, and € 5 of the session's € 20 is left for the till.
    expect(res.json().data).toMatchObject({ charged_in_cents: 1500, unpaid_in_cents: 500 });
    expect(await prepaidOf(DEMO.anna)).toBe(0);
  });

  it('is the only amount a gift-card top-up moves, once per session', async () => {
    const uuid = await openSession(t, '/top-up-giftcards', { amount_in_cents: 1000 });
    const before = await accountSnapshot(t.app.db);
    for (const amount of [40_000, 47_500]) {
      expectReason(
        await portal(uuid, 'giftcards/top-up', { giftcard_uuid: GC2, amount_in_cents: amount }),
        'amount_set_by_session',
      );
    }
    await expectUnchanged(t.app.db, before);
    const first = await portal(uuid, 'giftcards/top-up', { giftcard_uuid: GC2, amount_in_cents: 1000 });
    expect(first.statusCode).toBe(200);
    expect(await storedGiftcardCents(t.app.db, GC2)).toBe(11_000);
    const after = await accountSnapshot(t.app.db);
    expectReason(
      await portal(uuid, 'giftcards/top-up', { giftcard_uuid: GC1, amount_in_cents: 1000 }),
      'giftcard_top_up_done',
    );
    await expectUnchanged(t.app.db, after);
    await expectLedgersBalanced(t.app.db);
  });

  it('tops up more than one card where the session allows it, each by its amount', async () => {
    const uuid = await openSession(t, '/top-up-giftcards', {
      amount_in_cents: 1000,
      allow_multiple_giftcards: true,
    });
    for (const card of [GC1, GC2]) {
      expect(
        (await portal(uuid, 'giftcards/top-up', { giftcard_uuid: card, amount_in_cents: 1000 })).statusCode,
      ).toBe(200);
    }
    expect(await storedGiftcardCents(t.app.db, GC1)).toBe(3500);
    expect(await storedGiftcardCents(t.app.db, GC2)).toBe(11_000);
  });

  it('leaves the amount to the screen when the session fixes none', async () => {
    const uuid = await openSession(t, '/top-up-prepaid', { contact_uuid: DEMO.anna });
    expect((await portal(uuid, 'prepaid/top-up', { amount_in_cents: 2500 })).statusCode).toBe(200);
    expect(await prepaidOf(DEMO.anna)).toBe(4000);
  });
});
