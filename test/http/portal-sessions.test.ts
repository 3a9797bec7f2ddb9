import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { sessionState } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEFAULTS = {
  scanner_type: 'camera',
  enable_email_identification: false,
  enable_registration: false,
  enable_on_screen_keyboard: false,
  camera_service: 3,
  facing_mode: 'user',
  primary_identification_method: 'identifier',
  allow_multiple_giftcards: true,
  require_payment_confirmation: false,
};

const VARIANTS = [
  ['/portal-sessions', 'identify', {}],
  ['/portal-sessions/credit-reception', 'credit_reception', {}],
  ['/portal-sessions/redeem-giftcards', 'redeem_giftcards', { amount_in_cents: 1250 }],
  ['/portal-sessions/top-up-giftcards', 'top_up_giftcards', {}],
  ['/portal-sessions/pay-prepaid', 'pay_prepaid', {}],
  ['/portal-sessions/top-up-prepaid', 'top_up_prepaid', {}],
  ['/portal-sessions/vouchers', 'vouchers', {}],
] as const;

async function create(url: string, payload: Record<string, unknown>, token?: string) {
  return t.call({ method: 'POST', url, payload, ...(token ? { token } : {}) });
}

const portalState = (uuid: string) => sessionState(t, uuid);

describe('POST /portal-sessions[/…]', () => {
  it.each(VARIANTS)('%s creates a %s session with the default settings', async (url, type, extra) => {
    const res = await create(url, { shop_uuid: DEMO.shop, ...extra });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      uuid: expect.any(String),
      url: `http://kiosk.test/portal/?uuid=${data.uuid}`,
      contact: null,
      shop: { id: 1, uuid: DEMO.shop, reference: 'AMS-01', name: 'Demo Coffee Amsterdam' },
      events: [],
      created_at: '2026-11-21T10:00:00+00:00',
    });
    const state = await portalState(data.uuid);
    expect(state).toMatchObject({
      type,
      status: 'open',
      // A top-up session takes one card unless it allows more.
      settings: { ...DEFAULTS, allow_multiple_giftcards: type !== 'top_up_giftcards' },
      expires_at: '2026-11-21T11:00:00+00:00',
    });
  });

  it('stores every setting as sent, JSON or form-encoded', async () => {
    const settings = {
      scanner_type: 'hand_scanner',
      enable_email_identification: true,
      enable_registration: true,
      enable_on_screen_keyboard: true,
      camera_service: 1,
      facing_mode: 'environment',
      primary_identification_method: 'email',
    };
    const json = await create('/portal-sessions', { shop_uuid: DEMO.shop, ...settings });
    expect(json.statusCode).toBe(201);
    expect((await portalState(json.json().data.uuid)).settings).toEqual({
      ...settings,
      allow_multiple_giftcards: true,
      require_payment_confirmation: false,
    });

    const form = await t.call({
      method: 'POST',
      url: '/api/v3/register/portal-sessions/redeem-giftcards',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `shop_uuid=${DEMO.shop}&camera_service=2&enable_registration=1&amount_in_cents=990&allow_multiple_giftcards=0`,
    });
    expect(form.statusCode).toBe(201);
    const state = await portalState(form.json().data.uuid);
    expect(state.settings).toMatchObject({
      camera_service: 2,
      enable_registration: true,
      allow_multiple_giftcards: false,
    });
    expect(state.amount_in_cents).toBe(990);
  });

  it('pre-fills the contact', async () => {
    const res = await create('/portal-sessions', { shop_uuid: DEMO.shop, contact_uuid: DEMO.anna });
    expect(res.json().data.contact).toEqual({ uuid: DEMO.anna });
    expect((await portalState(res.json().data.uuid)).contact).toMatchObject({
      uuid: DEMO.anna,
      email_hint: 'a***@example.com',
      tier: { name: 'Gold' },
      credit_balance: 120,
      prepaid_balance_in_cents: 1500,
    });
  });

  it('takes the extension amount on credit-reception, pay-prepaid and top-up-prepaid', async () => {
    for (const url of [
      '/portal-sessions/credit-reception',
      '/portal-sessions/pay-prepaid',
      '/portal-sessions/top-up-prepaid',
    ]) {
      const res = await create(url, { shop_uuid: DEMO.shop, amount_in_cents: 1999 });
      expect(res.statusCode).toBe(201);
      expect((await portalState(res.json().data.uuid)).amount_in_cents).toBe(1999);
    }
  });

  it('takes a POS transaction on credit-reception (extension): 1027 unknown, 6001 linked', async () => {
    const pos = await t.call({
      method: 'POST',
      url: '/pos-transactions',
      token: DEMO.registerKey,
      payload: { amount_in_cents: 2500 },
    });
    expect(pos.statusCode).toBe(201);
    const posUuid = pos.json().data.uuid;
    const res = await create('/portal-sessions/credit-reception', {
      shop_uuid: DEMO.shop,
      pos_transaction_uuid: posUuid,
    });
    expect(res.statusCode).toBe(201);
    expect((await portalState(res.json().data.uuid)).pos_transaction).toEqual({
      uuid: posUuid,
      amount_in_cents: 2500,
    });

    const unknown = await create('/portal-sessions/credit-reception', {
      shop_uuid: DEMO.shop,
      pos_transaction_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json()).toMatchObject({ code: 1027, status_code: 404 });

    const reception = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      token: DEMO.registerKey,
      payload: { contact_uuid: DEMO.ben, unit_value: 25, pos_transaction_uuid: posUuid },
    });
    expect(reception.statusCode).toBe(201);
    const linked = await create('/portal-sessions/credit-reception', {
      shop_uuid: DEMO.shop,
      pos_transaction_uuid: posUuid,
    });
    expect(linked.json()).toMatchObject({ code: 6001, status_code: 409 });
  });

  it('answers 1008 for a missing, unknown or foreign shop; a register key uses its own shop', async () => {
    expect((await create('/portal-sessions', {})).json()).toMatchObject({ code: 1008, status_code: 404 });
    expect(
      (await create('/portal-sessions', { shop_uuid: '00000000-0000-4000-8000-000000000000' })).json(),
    ).toMatchObject({ code: 1008 });
    expect(
      (await create('/portal-sessions', { shop_uuid: DEMO.shopUtrecht }, DEMO.registerKey)).json(),
    ).toMatchObject({ code: 1008 });
    const own = await create('/portal-sessions/vouchers', {}, DEMO.registerKeyUtrecht);
    expect(own.statusCode).toBe(201);
    expect(own.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
  });

  it('answers 55031 for an unknown contact', async () => {
    const res = await create('/portal-sessions', {
      shop_uuid: DEMO.shop,
      contact_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.json()).toMatchObject({ code: 55031, status_code: 404 });
  });

  it('answers 1003 naming the field for bad settings and a missing redeem amount', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/portal-sessions', { camera_service: 4 }, 'camera_service'],
      ['/portal-sessions', { camera_service: 'fast' }, 'camera_service'],
      ['/portal-sessions', { facing_mode: 'left' }, 'facing_mode'],
      ['/portal-sessions', { scanner_type: 'laser' }, 'scanner_type'],
      ['/portal-sessions', { primary_identification_method: 'phone' }, 'primary_identification_method'],
      ['/portal-sessions', { enable_registration: 'maybe' }, 'enable_registration'],
      ['/portal-sessions/redeem-giftcards', {}, 'amount_in_cents'],
      ['/portal-sessions/redeem-giftcards', { amount_in_cents: 0 }, 'amount_in_cents'],
      ['/portal-sessions/redeem-giftcards', { amount_in_cents: 12.5 }, 'amount_in_cents'],
      ['/portal-sessions/pay-prepaid', { amount_in_cents: -5 }, 'amount_in_cents'],
    ];
    for (const [url, body, field] of cases) {
      const res = await create(url, { shop_uuid: DEMO.shop, ...body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 1003, errors: { [field]: expect.any(Array) } });
    }
  });

  it('accepts an access token; refuses a personal access token (403) and no token (401)', async () => {
    expect((await create('/portal-sessions', { shop_uuid: DEMO.shop }, DEMO.accessToken)).statusCode).toBe(
      201,
    );
    const pat = await create('/portal-sessions', { shop_uuid: DEMO.shop }, DEMO.personalAccessToken);
    expect(pat.json()).toMatchObject({ code: 1003, status_code: 403 });
    const none = await t.call({ method: 'POST', url: '/portal-sessions', token: null, payload: {} });
    expect(none.json()).toMatchObject({ code: 1003, status_code: 401 });
  });
});

describe('GET /portal-sessions/{uuid}', () => {
  it('returns the session without events', async () => {
    const created = (
      await create('/portal-sessions', { shop_uuid: DEMO.shop, contact_uuid: DEMO.ben })
    ).json().data;
    const res = await t.call({
      method: 'GET',
      url: `/portal-sessions/${created.uuid}`,
      token: DEMO.accessToken,
    });
    expect(res.statusCode).toBe(200);
    const { events, ...rest } = created;
    expect(events).toEqual([]);
    expect(res.json()).toEqual({ data: rest, meta: {} });
  });

  it('answers 1003 with HTTP 404 for an unknown session; 401/403 by token', async () => {
    const res = await t.call({ method: 'GET', url: '/portal-sessions/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 1003,
      message: 'Portal session not found',
      status_code: 404,
      reason: 'portal_session_not_found',
    });
    const dutch = await t.call({
      method: 'GET',
      url: '/portal-sessions/nope',
      headers: { 'accept-language': 'nl' },
    });
    expect(dutch.json().message).toBe('Portaalsessie niet gevonden | Portal session not found');
    expect((await t.call({ method: 'GET', url: '/portal-sessions/nope', token: null })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/portal-sessions/nope', token: DEMO.personalAccessToken }))
        .statusCode,
    ).toBe(403);
  });
});

describe('session events (extension)', () => {
  it('lists the events oldest first', async () => {
    const uuid = (await create('/portal-sessions', { shop_uuid: DEMO.shop })).json().data.uuid;
    const empty = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
    expect(empty.json()).toEqual({ data: [], meta: {} });
    await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${uuid}/identify`,
      token: null,
      payload: { value: 'CARD-0001' },
    });
    await t.call({ method: 'POST', url: `/portal/api/sessions/${uuid}/complete`, token: null, payload: {} });
    const res = await t.call({
      method: 'GET',
      url: `/portal-sessions/${uuid}/events`,
      token: DEMO.accessToken,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((e: { type: string }) => e.type)).toEqual(['contact_identified', 'session_completed']);
    expect(data[0]).toEqual({
      uuid: expect.any(String),
      type: 'contact_identified',
      created_at: expect.any(String),
      data: { method: 'card', contact: { uuid: DEMO.anna, email: 'anna@example.com' } },
    });
    expect((await t.call({ method: 'GET', url: '/portal-sessions/nope/events' })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events`, token: null })).statusCode,
    ).toBe(401);
  });

  it('streams stored events, then live ones, as server-sent events', async () => {
    const uuid = (await create('/portal-sessions', { shop_uuid: DEMO.shop })).json().data.uuid;
    await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${uuid}/identify`,
      token: null,
      payload: { value: 'CARD-0002' },
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, {
      authorization: `Bearer ${DEMO.accessToken}`,
    });
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.next();
      expect(first).toMatchObject({ event: 'portal_event', data: { type: 'contact_identified' } });
      expect(first.id).toBe(first.data.uuid);
      await t.call({ method: 'POST', url: `/portal/api/sessions/${uuid}/cancel`, token: null, payload: {} });
      expect(await stream.next()).toMatchObject({
        event: 'portal_event',
        data: { type: 'session_cancelled' },
      });
    } finally {
      stream.close();
    }
    const resumed = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, {
      authorization: `Bearer ${DEMO.accessToken}`,
      'last-event-id': (await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` })).json()
        .data[0].uuid,
    });
    try {
      expect(await resumed.next()).toMatchObject({ data: { type: 'session_cancelled' } });
    } finally {
      resumed.close();
    }
    const unknown = await fetch(`${base}/portal-sessions/nope/events/stream`, {
      headers: { authorization: `Bearer ${DEMO.apiKey}` },
    });
    expect(unknown.status).toBe(404);
  });
});
