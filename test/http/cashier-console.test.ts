import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CashierSession, cashierSession, cashierSessionSummary } from '../../src/contract/cashier';
import { loadFixture } from '../../src/service/fixture/load';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { expectLedgersBalanced } from '../helpers/ledger';
import { readEvents } from '../helpers/sse';

/*
 * The cashier console's API through the real app: a device paired by its fixture token starts,
 * follows, completes and cancels the portal sessions of its shop, and nothing of another shop.
 */

let t: TestApp;
let amsterdam: string;
let utrecht: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  amsterdam = await pair(t, CASHIER.amsterdam);
  utrecht = await pair(t, CASHIER.utrecht);
});
afterAll(() => t.close());

/** Starts a session from the Amsterdam console (201); answers it, checked against the contract. */
async function start(payload: Record<string, unknown>, cookie = amsterdam): Promise<CashierSession> {
  const res = await consoleCall(t, cookie, 'POST', '/sessions', payload);
  expect(res.statusCode, res.body).toBe(201);
  return cashierSession.parse(res.json().data);
}

async function view(uuid: string, cookie = amsterdam): Promise<CashierSession> {
  const res = await consoleCall(t, cookie, 'GET', `/sessions/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return cashierSession.parse(res.json().data);
}

/** The kiosk's own call on a session (portal API, no credentials). */
async function kiosk(uuid: string, action: string, payload: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: `/portal/api/sessions/${uuid}/${action}`,
    token: null,
    payload,
  });
  return res;
}

describe('pairing', () => {
  it('answers the device and its shop, with the account defaults, and never the token', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      payload: { token: CASHIER.amsterdam },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      name: 'Till 1',
      shop: { uuid: DEMO.shop, name: 'Demo Coffee Amsterdam' },
      account: { name: 'Demo Coffee', brand: expect.any(Object), wording: expect.any(Object) },
      session_defaults: expect.objectContaining({
        scanner_type: 'camera',
        enable_email_identification: true,
        enable_registration: true,
        enable_on_screen_keyboard: true,
      }),
      staff: null,
      staff_required: expect.any(Boolean),
    });
    expect(res.body).not.toContain(CASHIER.amsterdam);
    const cookie = res.cookies.find((c) => c.name === 'portal_cashier')!;
    expect(cookie.value).not.toContain(CASHIER.amsterdam);
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses an unknown token with 401 and sets no cookie', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      payload: { token: 'demo-cashier-nowhere' },
    });
    expectReason(res, 'device_not_paired');
    expect(res.cookies).toEqual([]);
  });

  it('refuses every call without a valid cookie (401), an API key included', async () => {
    for (const cookie of [null, 'portal_cashier=forged', `portal_cashier=${CASHIER.amsterdam}`]) {
      const res = await consoleCall(t, cookie, 'GET', '/device');
      expect(res.statusCode).toBe(401);
    }
    const withKey = await t.call({ method: 'GET', url: '/cashier/api/device' });
    expect(withKey.statusCode).toBe(401);
  });

  it('unpairing ends the cookie', async () => {
    const cookie = await pair(t, CASHIER.amsterdam);
    expect((await consoleCall(t, cookie, 'POST', '/unpair')).statusCode).toBe(200);
    expect((await consoleCall(t, cookie, 'GET', '/device')).statusCode).toBe(401);
  });
});

describe('starting sessions', () => {
  it.each([
    ['identify', {}],
    ['credit_reception', { amount_in_cents: 1275 }],
    ['redeem_giftcards', { amount_in_cents: 3000 }],
    ['top_up_giftcards', {}],
    ['pay_prepaid', { amount_in_cents: 500 }],
    ['top_up_prepaid', {}],
    ['vouchers', {}],
  ])('starts %s at the device’s shop, and the shop’s standby screen switches to it', async (type, extra) => {
    const session = await start({ type, ...extra });
    expect(session).toMatchObject({ type, status: 'open', started_by: { name: 'Till 1' }, contact: null });
    const standby = await t.call({
      method: 'GET',
      url: '/portal/api/devices/demo-device-amsterdam',
      token: null,
    });
    expect(standby.json().data.session).toEqual({ uuid: session.uuid, type });
    // The public API sees the same session at the Amsterdam shop.
    const pub = await t.call({ method: 'GET', url: `/portal-sessions/${session.uuid}` });
    expect(pub.json().data.shop.uuid).toBe(DEMO.shop);
  });

  it('takes the account’s switches unless the cashier changes them', async () => {
    const defaults = await start({ type: 'identify' });
    expect(defaults.settings).toMatchObject({
      enable_email_identification: true,
      enable_registration: true,
      enable_on_screen_keyboard: true,
      scanner_type: 'camera',
    });
    const changed = await start({
      type: 'identify',
      enable_email_identification: false,
      enable_registration: false,
      scanner_type: 'hand_scanner',
    });
    expect(changed.settings).toMatchObject({
      enable_email_identification: false,
      enable_registration: false,
      enable_on_screen_keyboard: true,
      scanner_type: 'hand_scanner',
      primary_identification_method: 'identifier',
    });
  });

  it('refuses an amount where the type takes none, and a gift-card payment without one', async () => {
    for (const payload of [
      { type: 'vouchers', amount_in_cents: 100 },
      { type: 'redeem_giftcards' },
      { type: 'credit_reception', amount_in_cents: 0 },
      { type: 'nonsense' },
    ]) {
      const res = await consoleCall(t, amsterdam, 'POST', '/sessions', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe(1003);
    }
    const unknownContact = await consoleCall(t, amsterdam, 'POST', '/sessions', {
      type: 'identify',
      contact_uuid: 'd0000000-0000-4000-8000-00000000dead',
    });
    expect(unknownContact.json().code).toBe(55031);
  });

  it('starts once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'start-once-1' };
    const first = await consoleCall(t, amsterdam, 'POST', '/sessions', { type: 'vouchers' }, headers);
    const again = await consoleCall(t, amsterdam, 'POST', '/sessions', { type: 'vouchers' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.uuid).toBe(first.json().data.uuid);
  });

  it('records every action with the device as its actor', async () => {
    const session = await start({ type: 'vouchers' });
    const row = await t.app.db
      .selectFrom('cashier_actions as a')
      .innerJoin('cashier_devices as d', 'd.id', 'a.cashier_device_id')
      .innerJoin('portal_sessions as s', 's.id', 'a.portal_session_id')
      .select(['a.action', 'd.name', 's.uuid'])
      .where('s.uuid', '=', session.uuid)
      .execute();
    expect(row).toEqual([{ action: 'session_started', name: 'Till 1', uuid: session.uuid }]);
    await consoleCall(t, amsterdam, 'POST', `/sessions/${session.uuid}/cancel`);
    const actions = await t.app.db
      .selectFrom('cashier_actions')
      .select('action')
      .where('portal_session_id', 'is not', null)
      .execute();
    expect(actions.map((a) => a.action)).toContain('session_cancelled');
  });
});

describe('finding a customer', () => {
  it('by e-mail or card, then a session for them skips identification', async () => {
    const byEmail = await consoleCall(t, amsterdam, 'POST', '/contacts/find', { query: 'Anna@Example.com ' });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data).toMatchObject({ uuid: DEMO.anna, firstname: 'Anna' });
    const byCard = await consoleCall(t, amsterdam, 'POST', '/contacts/find', { query: 'CARD-0002' });
    expect(byCard.json().data.uuid).toBe(DEMO.ben);

    const session = await start({ type: 'identify', contact_uuid: DEMO.anna });
    expect(session.contact).toMatchObject({ uuid: DEMO.anna });
    expect(session.identification).toBe('cashier');
    const state = await t.call({ method: 'GET', url: `/portal/api/sessions/${session.uuid}`, token: null });
    expect(state.json().data.contact.uuid).toBe(DEMO.anna);
  });

  it.each([
    ['nobody@example.com', 55031],
    ['CARD-9001', 55031], // a card nobody holds
    ['CARD-0004', 60004], // inactive
    ['CARD-NOPE', 60003],
  ])('%s → %i', async (query, code) => {
    const res = await consoleCall(t, amsterdam, 'POST', '/contacts/find', { query });
    expect(res.json().code).toBe(code);
  });
});

describe('following a session', () => {
  it('credit reception: the customer scans, waits, the cashier sends € 12.75, the screen credits', async () => {
    const session = await start({ type: 'credit_reception', scanner_type: 'hand_scanner' });
    const stream = await readEvents(`${base}/cashier/api/sessions/${session.uuid}/stream`, {
      cookie: amsterdam,
    });
    expect(stream.response.status).toBe(200);

    expect((await kiosk(session.uuid, 'identify', { value: 'CARD-0001' })).statusCode).toBe(200);
    expect((await stream.next()).data).toMatchObject({
      type: 'contact_identified',
      data: { method: 'card' },
    });
    const waiting = await view(session.uuid);
    expect(waiting).toMatchObject({ waiting_for_purchase: true, identification: 'card', credits: null });
    expect(waiting.contact).toMatchObject({ firstname: 'Anna', tier: { name: 'Gold' } });

    const sent = await consoleCall(t, amsterdam, 'POST', `/sessions/${session.uuid}/purchase`, {
      amount_in_cents: 1275,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ purchase_in_cents: 1275, waiting_for_purchase: false });
    expect((await stream.next()).data).toMatchObject({
      type: 'pos_transaction_pushed',
      data: { amount_in_cents: 1275 },
    });
    // The screen credits the pushed purchase: Gold earns 1.5 per euro, floor(12.75 × 1.5) = 19.
    expect((await kiosk(session.uuid, 'credit-reception')).statusCode).toBe(200);
    expect((await stream.next()).data).toMatchObject({ type: 'credit_reception', data: { credits: 19 } });
    stream.close();
    expect(await view(session.uuid)).toMatchObject({ credits: 19, contact: { credit_balance: 139 } });

    const twice = await consoleCall(t, amsterdam, 'POST', `/sessions/${session.uuid}/purchase`, {
      amount_in_cents: 500,
    });
    expect(twice.statusCode).toBe(409);
    await expectLedgersBalanced(t.app.db);
  });

  it('sends a purchase only to a credit-reception session that has none', async () => {
    const giftcards = await start({ type: 'redeem_giftcards', amount_in_cents: 1000 });
    const wrongType = await consoleCall(t, amsterdam, 'POST', `/sessions/${giftcards.uuid}/purchase`, {
      amount_in_cents: 500,
    });
    expectReason(wrongType, 'not_allowed_in_session');
    const withAmount = await start({ type: 'credit_reception', amount_in_cents: 800 });
    const already = await consoleCall(t, amsterdam, 'POST', `/sessions/${withAmount.uuid}/purchase`, {
      amount_in_cents: 500,
    });
    expectReason(already, 'purchase_already_set');
    const bad = await consoleCall(t, amsterdam, 'POST', `/sessions/${withAmount.uuid}/purchase`, {
      amount_in_cents: -5,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('gift-card payment: what each card paid and what is left to pay at the till', async () => {
    const session = await start({ type: 'redeem_giftcards', amount_in_cents: 3000 });
    const scanned = await kiosk(session.uuid, 'giftcards/scan', { value: 'GC-0001' });
    const card = scanned.json().data.giftcard;
    expect((await kiosk(session.uuid, 'giftcards/redeem', { giftcard_uuid: card.uuid })).statusCode).toBe(
      200,
    );
    const paid = await view(session.uuid);
    expect(paid.giftcard_payment).toEqual({
      payments: [
        expect.objectContaining({
          amount_in_cents: 2500,
          balance_after_in_cents: 0,
          giftcard: { uuid: card.uuid, hash_hint: '0001' },
        }),
      ],
      paid_in_cents: 2500,
      remaining_in_cents: 500,
    });
    expect((await kiosk(session.uuid, 'complete')).statusCode).toBe(200);
    expect((await view(session.uuid)).status).toBe('completed');
  });

  it('cancel: the session ends, the screen can do nothing more, a second cancel is refused', async () => {
    const session = await start({ type: 'top_up_prepaid', amount_in_cents: 1000 });
    const cancelled = await consoleCall(t, amsterdam, 'POST', `/sessions/${session.uuid}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', ended_at: expect.any(String) });
    expect(cancelled.json().data.events.at(-1)).toMatchObject({ type: 'session_cancelled' });
    expect((await kiosk(session.uuid, 'identify', { value: 'CARD-0001' })).statusCode).toBe(409);
    expect((await consoleCall(t, amsterdam, 'POST', `/sessions/${session.uuid}/cancel`)).statusCode).toBe(
      409,
    );
    const standby = await t.call({
      method: 'GET',
      url: '/portal/api/devices/demo-device-amsterdam',
      token: null,
    });
    expect(standby.json().data.session?.uuid).not.toBe(session.uuid);
  });

  it('an overdue session reads expired and cannot be cancelled', async () => {
    const session = await start({ type: 'vouchers' });
    const now = t.clock.current;
    t.clock.advance(61 * 60_000);
    try {
      expect((await view(session.uuid)).status).toBe('expired');
      expect((await consoleCall(t, amsterdam, 'POST', `/sessions/${session.uuid}/cancel`)).statusCode).toBe(
        410,
      );
    } finally {
      t.clock.current = now;
    }
  });
});

describe('today', () => {
  it('lists the shop’s sessions since a moment, newest first, with outcome; the POS’s too', async () => {
    // Sessions of other tests started at or before the clock's time now: `since` comes after them.
    t.clock.advance(1000);
    const since = t.clock.now().toISOString();
    t.clock.advance(1000);
    const pos = await t.call({
      method: 'POST',
      url: '/portal-sessions/pay-prepaid',
      payload: { shop_uuid: DEMO.shop, contact_uuid: DEMO.carla, amount_in_cents: 1250 },
    });
    t.clock.advance(1000);
    const mine = await start({ type: 'pay_prepaid', amount_in_cents: 6000, contact_uuid: DEMO.carla });
    expect((await kiosk(mine.uuid, 'prepaid/pay')).statusCode).toBe(200);

    const res = await consoleCall(t, amsterdam, 'GET', `/sessions?since=${encodeURIComponent(since)}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as unknown[];
    for (const item of list) cashierSessionSummary.parse(item);
    expect(list).toMatchObject([
      {
        uuid: mine.uuid,
        started_by: { name: 'Till 1' },
        prepaid: { amount_in_cents: -5000, unpaid_in_cents: 1000 },
        contact: { firstname: 'Carla' },
      },
      { uuid: pos.json().data.uuid, started_by: null, prepaid: null },
    ]);
    const bad = await consoleCall(t, amsterdam, 'GET', '/sessions?since=yesterday');
    expect(bad.statusCode).toBe(422);
  });
});

describe('another shop’s device', () => {
  it('sees none of this shop’s sessions and can touch none of them', async () => {
    const session = await start({ type: 'credit_reception' });
    for (const [method, path, payload] of [
      ['GET', `/sessions/${session.uuid}`, undefined],
      ['GET', `/sessions/${session.uuid}/stream`, undefined],
      ['POST', `/sessions/${session.uuid}/cancel`, {}],
      ['POST', `/sessions/${session.uuid}/purchase`, { amount_in_cents: 100 }],
    ] as const) {
      const res = await consoleCall(t, utrecht, method, path, payload);
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    }
    const list = await consoleCall(t, utrecht, 'GET', '/sessions?since=2000-01-01T00:00:00Z');
    expect(list.json().data.map((s: { uuid: string }) => s.uuid)).not.toContain(session.uuid);
    expect((await view(session.uuid)).status).toBe('open');
    // Its own sessions start at its own shop.
    const own = await start({ type: 'identify' }, utrecht);
    const pub = await t.call({ method: 'GET', url: `/portal-sessions/${own.uuid}` });
    expect(pub.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
  });

  it('hears only its own shop on the console stream', async () => {
    const stream = await readEvents(`${base}/cashier/api/stream`, { cookie: utrecht });
    await start({ type: 'vouchers' });
    const own = await start({ type: 'vouchers' }, utrecht);
    expect((await stream.next()).data).toEqual({ session: own.uuid, status: 'open' });
    stream.close();
  });
});

describe('revoking a device', () => {
  it('refuses the next request once a loaded fixture no longer lists it', async () => {
    // A device of this test's own, so the other tests' consoles stay paired.
    const spare = 'test-cashier-spare-0001';
    const fixture = cashierFixture();
    const listed = {
      ...fixture,
      cashier_devices: [
        ...fixture.cashier_devices,
        { token: spare, shop: DEMO.shopUtrecht, name: 'Spare till' },
      ],
    };
    await loadFixture(t.app.db, listed, t.clock.now());
    const cookie = await pair(t, spare);
    expect((await consoleCall(t, cookie, 'GET', '/device')).statusCode).toBe(200);
    await loadFixture(t.app.db, fixture, t.clock.now());
    expect((await consoleCall(t, cookie, 'GET', '/device')).statusCode).toBe(401);
    expect((await consoleCall(t, cookie, 'POST', '/sessions', { type: 'identify' })).statusCode).toBe(401);
    const again = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      payload: { token: spare },
    });
    expect(again.statusCode).toBe(401);
    expect((await consoleCall(t, utrecht, 'GET', '/device')).statusCode).toBe(200);
    // Listed again, it pairs anew; the old cookie stays dead.
    await loadFixture(t.app.db, listed, t.clock.now());
    expect((await consoleCall(t, cookie, 'GET', '/device')).statusCode).toBe(401);
    await pair(t, spare);
  });
});
