import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deviceState,
  identifyResult,
  portalContact,
  portalCreditReception,
  portalSessionState,
} from '../../src/contract/portal';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { expectLedgersBalanced } from '../helpers/ledger';
import { openSession, portalCall, sessionState } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The kiosk codes against contract/portal.ts: every successful answer must parse with it.
const CONTRACT = {
  identify: identifyResult,
  register: z.object({ contact: portalContact }),
  'credit-reception': portalCreditReception,
  complete: portalSessionState,
  cancel: portalSessionState,
} as Record<string, z.ZodType>;

const session = (variant = '', payload: Record<string, unknown> = {}) => openSession(t, variant, payload);
const portal = (uuid: string, action: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  portalCall(t, CONTRACT, 'POST', uuid, action, payload, headers);
const state = (uuid: string) => sessionState(t, uuid);

async function contact(uuidOrEmail: string) {
  const url = uuidOrEmail.includes('@')
    ? `/contacts/find-one-by?email=${uuidOrEmail}`
    : `/contacts/${uuidOrEmail}`;
  return t.call({ method: 'GET', url });
}

/** The contact's credit balance now (GET /contacts/{uuid}). */
const creditsOf = async (uuid: string): Promise<number> =>
  (await contact(uuid)).json().data.credit_balance.balance;

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('GET /portal/api/sessions/{uuid}', () => {
  it('returns everything the kiosk renders from', async () => {
    const uuid = await session('/credit-reception', { amount_in_cents: 1250, enable_registration: 1 });
    expect(await state(uuid)).toEqual({
      uuid,
      type: 'credit_reception',
      status: 'open',
      expires_at: '2026-11-21T11:00:00+00:00',
      settings: expect.objectContaining({ enable_registration: true, camera_service: 3 }),
      amount_in_cents: 1250,
      shop: { uuid: DEMO.shop, name: 'Demo Coffee Amsterdam' },
      account: {
        name: 'Demo Coffee',
        brand: expect.objectContaining({
          primary_color: '#6b3e26',
          secondary_color: '#f4e9dc',
          small_logo_url: expect.stringMatching(/^\/media\//),
        }),
        // The demo's wording: je, points, whole points, its content in Dutch.
        wording: {
          dutch_address: 'je',
          credit_name: { nl: null, en: null },
          credit_decimals: 0,
          translations: { nl: expect.objectContaining({ 'Free coffee': 'Gratis koffie' }) },
        },
      },
      contact: null,
      contact_proof: null,
      pos_transaction: null,
      credit_reception: null,
      giftcard_payment: null,
      giftcard_top_ups: null,
      payment_hold: null,
      subscription_types: [
        { id: 1, name: 'Newsletter', description: expect.any(String), strategy: 'DOUBLE_OPT_IN' },
        { id: 2, name: 'Offers', description: expect.any(String), strategy: 'OPT_OUT' },
        { id: 3, name: 'Partner news', description: expect.any(String), strategy: 'OPT_IN' },
      ],
      kiosk: {
        idle_seconds: 60,
        end_screen_seconds: 8,
        min_amount_in_cents: 100,
        terms_url: 'https://example.com/demo-coffee/terms',
        privacy_url: 'https://example.com/demo-coffee/privacy',
      },
      allowed_origins: [],
      events: [],
    });
  });

  it('answers 1003 with HTTP 404 for an unknown session', async () => {
    const res = await t.call({ method: 'GET', url: '/portal/api/sessions/nope', token: null });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1003, message: 'Portal session not found' });
    expect((await portal('nope', 'identify', { value: 'CARD-0001' })).statusCode).toBe(404);
  });

  it('reads kiosk timings, minimum amount, terms and wording from the account settings and origins from the configuration', async () => {
    const fixture = demoAccountFixture();
    const other = await createTestApp({
      fixture: {
        ...fixture,
        account: {
          ...fixture.account,
          settings: {
            idle_seconds: 90,
            end_screen_seconds: 5,
            min_amount_in_cents: 500,
            dutch_address: 'u',
            custom_credit_name: { nl: 'stempels', en: 'stamps' },
            credit_decimals: 1,
          },
        },
      },
      config: { allowedOrigins: ['https://pos.example'] },
    });
    try {
      const created = await other.call({
        method: 'POST',
        url: '/portal-sessions',
        payload: { shop_uuid: DEMO.shop },
      });
      const res = await other.call({
        method: 'GET',
        url: `/portal/api/sessions/${created.json().data.uuid}`,
        token: null,
      });
      expect(res.json().data).toMatchObject({
        kiosk: {
          idle_seconds: 90,
          end_screen_seconds: 5,
          min_amount_in_cents: 500,
          terms_url: null,
          privacy_url: null,
        },
        allowed_origins: ['https://pos.example'],
        account: {
          wording: {
            dutch_address: 'u',
            credit_name: { nl: 'stempels', en: 'stamps' },
            credit_decimals: 1,
            translations: {},
          },
        },
      });
    } finally {
      await other.close();
    }
  });
});

describe('POST /portal/api/sessions/{uuid}/identify', () => {
  it('identifies by card and records contact_identified', async () => {
    const credits = await creditsOf(DEMO.anna);
    const uuid = await session();
    const res = await portal(uuid, 'identify', { value: 'CARD-0001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      result: 'identified',
      method: 'card',
      contact: {
        uuid: DEMO.anna,
        firstname: 'Anna',
        email_hint: 'a***@example.com',
        locale: 'nl',
        tier: { name: 'Gold' },
        credit_balance: credits,
        prepaid_balance_in_cents: 1500,
        terms_pending: false,
      },
      proof: {
        identified_by: 'card',
        proven: true,
        customer_proven: true,
        code: null,
        attempts_left: 5,
        locked: false,
      },
    });
    const s = await state(uuid);
    expect(s.contact?.uuid).toBe(DEMO.anna);
    // The counter reads the event with the address masked; the POS reads it whole.
    expect(s.events).toEqual([
      expect.objectContaining({
        type: 'contact_identified',
        data: { method: 'card', contact: { uuid: DEMO.anna, email: 'a***@example.com' } },
      }),
    ]);
    const events = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
    expect(events.json().data[0].data.contact.email).toBe('anna@example.com');
    const pub = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}` });
    expect(pub.json().data.contact).toEqual({ uuid: DEMO.anna });
  });

  it('identifies by app token once; a second use is refused', async () => {
    const uuid = await session('/vouchers');
    const res = await portal(uuid, 'identify', { value: 'APP-TOKEN-0002' });
    expect(res.json().data).toMatchObject({
      result: 'identified',
      method: 'app_token',
      contact: { uuid: DEMO.ben },
    });
    const token = await t.call({ method: 'GET', url: '/contact-session-tokens/APP-TOKEN-0002' });
    expect(token.json().data.status).toBe('used');
    const again = await portal(await session(), 'identify', { value: 'APP-TOKEN-0002' });
    expect(expectReason(again, 'contact_session_token_used').message).toBe(
      'Contact session token already used',
    );
  });

  it('identifies by e-mail (case-insensitive); an unknown e-mail is a result', async () => {
    const uuid = await session('/pay-prepaid', { enable_email_identification: true });
    const res = await portal(uuid, 'identify', { email: ' Carla@Example.com ' });
    expect(res.json().data).toMatchObject({
      result: 'identified',
      method: 'email',
      contact: { uuid: DEMO.carla },
    });
    const unknown = await portal(uuid, 'identify', { email: 'nobody@example.com' });
    expect(unknown.json().data).toEqual({ result: 'unknown_email', email: 'nobody@example.com' });
    expect((await state(uuid)).contact?.uuid).toBe(DEMO.carla);
  });

  it('reports unlinked cards of the account, and what a code of nobody is; refuses inactive cards (60004)', async () => {
    const uuid = await session();
    expect((await portal(uuid, 'identify', { value: 'CARD-9001' })).json().data).toEqual({
      result: 'unregistered_card',
      value: 'CARD-9001',
    });
    // Never offered for linking: an unknown code, a gift card, a voucher code.
    expect((await portal(uuid, 'identify', { value: 'CARD-NEW' })).json().data).toEqual({
      result: 'other_code',
      code: { kind: 'unknown' },
    });
    expect((await portal(uuid, 'identify', { value: 'GC-0001' })).json().data).toEqual({
      result: 'other_code',
      code: { kind: 'giftcard' },
    });
    expect((await portal(uuid, 'identify', { value: 'MUFFIN-FREE' })).json().data).toMatchObject({
      result: 'other_code',
      code: { kind: 'voucher', voucher: { code: 'MUFFIN-FREE', name: 'Free muffin', status: 'ACTIVE' } },
    });
    for (const value of ['CARD-0004', 'CARD-9002']) {
      expect((await portal(uuid, 'identify', { value })).json()).toMatchObject({
        code: 60004,
        status_code: 422,
      });
    }
    const s = await state(uuid);
    expect(s.contact).toBeNull();
    expect(s.events).toEqual([]);
  });

  it('validates the body (1003 naming the field)', async () => {
    const uuid = await session();
    const res = await portal(uuid, 'identify', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(1003);
    expect((await portal(uuid, 'identify', {})).statusCode).toBe(422);
  });

  it('is not allowed in gift-card sessions (403)', async () => {
    for (const [path, extra] of [
      ['/redeem-giftcards', { amount_in_cents: 500 }],
      ['/top-up-giftcards', {}],
    ] as const) {
      const res = await portal(await session(path, extra), 'identify', { value: 'CARD-0001' });
      expect(expectReason(res, 'not_allowed_in_session').message).toBe('Not allowed in this session');
    }
  });
});

describe('POST /portal/api/sessions/{uuid}/register', () => {
  const body = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    accept_terms: true,
    ...extra,
  });

  it('needs enable_registration (403)', async () => {
    const res = await portal(await session(), 'register', body('new0@example.com'));
    expectReason(res, 'registration_disabled');
    expect((await contact('new0@example.com')).statusCode).toBe(404);
  });

  it('creates the contact, links the unlinked card, and subscribes as ticked; a code the account does not know is no card', async () => {
    const uuid = await session('', { enable_registration: true });
    const unknown = await portal(uuid, 'register', body('new1@example.com', { card_value: 'CARD-NEW-1' }));
    expect(unknown.json()).toMatchObject({ code: 1003, errors: { card_value: expect.any(Array) } });
    expect((await contact('new1@example.com')).statusCode).toBe(404);
    await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: 'CARD-NEW-1' },
    });
    const res = await portal(
      uuid,
      'register',
      body('New1@Example.com', { card_value: 'CARD-NEW-1', subscription_type_ids: [1, 3], locale: 'en' }),
    );
    expect(res.statusCode).toBe(200);
    const created = res.json().data.contact;
    expect(created).toMatchObject({
      email_hint: 'n***@example.com',
      locale: 'en',
      credit_balance: 0,
      tier: null,
    });
    const card = await t.call({
      method: 'GET',
      url: '/contact-identifiers/find?contact_identifier_value=CARD-NEW-1',
    });
    expect(card.json().data).toMatchObject({ active: true, contact: { uuid: created.uuid } });
    const full = (await contact(created.uuid)).json().data;
    expect(full.current_values.channel).toBe('portal');
    const status = Object.fromEntries(
      full.subscriptions.map((s: { subscription_type: { id: number }; status: string }) => [
        s.subscription_type.id,
        s.status,
      ]),
    );
    expect(status).toEqual({ 1: 'PENDING_CONFIRMATION', 2: 'UNSUBSCRIBED', 3: 'SUBSCRIBED' });
    const s = await state(uuid);
    expect(s.contact?.uuid).toBe(created.uuid);
    expect(types(s.events)).toEqual(['contact_registered', 'contact_identified']);
    // The counter reads the card as its last 4 characters.
    expect(s.events[0]?.data).toMatchObject({
      contact: { uuid: created.uuid },
      contact_identifier: 'EW-1',
    });
    expect(s.contact_proof).toMatchObject({ identified_by: 'registration', proven: true });
  });

  it('links an unlinked card; registers without a card', async () => {
    const uuid = await session('/credit-reception', { enable_registration: true });
    const linked = await portal(uuid, 'register', body('new2@example.com', { card_value: 'CARD-9003' }));
    expect(linked.statusCode).toBe(200);
    const card = await t.call({
      method: 'GET',
      url: '/contact-identifiers/find?contact_identifier_value=CARD-9003',
    });
    expect(card.json().data.contact.email).toBe('new2@example.com');

    const plain = await portal(
      await session('', { enable_registration: true }),
      'register',
      body('new3@example.com'),
    );
    expect(plain.statusCode).toBe(200);
    expect((await contact('new3@example.com')).json().data.subscriptions).toContainEqual(
      expect.objectContaining({
        status: 'UNSUBSCRIBED',
        subscription_type: expect.objectContaining({ id: 2 }),
      }),
    );
  });

  it('refuses a linked (60014) or inactive (60004) card, a known e-mail (60005), unknown types (55030): nothing changes', async () => {
    const uuid = await session('', { enable_registration: true });
    const cases: [Record<string, unknown>, number][] = [
      [body('new4@example.com', { card_value: 'CARD-0002' }), 60014],
      [body('new4@example.com', { card_value: 'CARD-9002' }), 60004],
      [body('anna@example.com'), 60005],
      [body('new4@example.com', { subscription_type_ids: [99] }), 55030],
    ];
    for (const [payload, code] of cases) {
      expect((await portal(uuid, 'register', payload)).json().code).toBe(code);
    }
    expect((await contact('new4@example.com')).statusCode).toBe(404);
    const s = await state(uuid);
    expect(s.contact).toBeNull();
    expect(s.events).toEqual([]);
    expect((await portal(uuid, 'register', { email: 'new5@example.com' })).json()).toMatchObject({
      code: 1003,
      errors: { accept_terms: expect.any(Array) },
    });
  });
});

describe('POST /portal/api/sessions/{uuid}/credit-reception', () => {
  it("credits the session's amount once, even when called again", async () => {
    const before = await creditsOf(DEMO.anna);
    const uuid = await session('/credit-reception', { amount_in_cents: 1250 });
    await portal(uuid, 'identify', { value: 'CARD-0001' });
    const first = await portal(uuid, 'credit-reception');
    expect(first.statusCode).toBe(200);
    // Gold tier: 1.5 credits per euro, floored: 12.50 € → 18 credits.
    // The purchase it was for, and the next reward: Coffee beans 1 kg (400 credits) for anna.
    expect(first.json().data).toMatchObject({
      credits: 18,
      contact: { uuid: DEMO.anna, credit_balance: before + 18 },
      purchase_amount_in_cents: 1250,
      next_reward:
        before + 18 < 400 ? { title: 'Coffee beans 1 kg', credits_short: 400 - (before + 18) } : null,
    });
    const second = await portal(uuid, 'credit-reception');
    expect(second.json().data).toEqual(first.json().data);
    expect(await creditsOf(DEMO.anna)).toBe(before + 18);
    const s = await state(uuid);
    expect(s.credit_reception).toEqual(first.json().data);
    const reception = s.events.find((e: { type: string }) => e.type === 'credit_reception');
    expect(reception?.data).toMatchObject({
      type: 'credit_reception',
      uuid: first.json().data.uuid,
      credits: 18,
      unit_value: 12.5,
      shop: { uuid: DEMO.shop },
    });
    expectReason(await portal(uuid, 'identify', { value: 'CARD-0002' }), 'customer_already_credited');
    await expectLedgersBalanced(t.app.db);
  });

  it('names the reward the credits made claimable, and how far the next one is', async () => {
    const before = await creditsOf(DEMO.ben);
    const uuid = await session('/credit-reception', { amount_in_cents: 40000 });
    await portal(uuid, 'identify', { value: 'CARD-0002' });
    const reception = (await portal(uuid, 'credit-reception')).json().data;
    const after = before + reception.credits;
    const inStock = demoAccountFixture()
      .rewards.filter((r) => r.active && r.stock !== 0)
      .sort((a, b) => a.required_credits - b.required_credits);
    const unlocked = inStock.filter((r) => r.required_credits > before && r.required_credits <= after).at(-1);
    const next = inStock.find((r) => r.required_credits > after);
    // Coffee beans 1 kg (400) is the dearest reward in stock: 400 € of purchases crosses it.
    expect(unlocked?.title).toBe('Coffee beans 1 kg');
    expect(reception.unlocked_reward).toEqual({
      title: unlocked?.title,
      required_credits: unlocked?.required_credits,
    });
    expect(reception.next_reward).toEqual(
      next
        ? {
            title: next.title,
            required_credits: next.required_credits,
            credits_short: next.required_credits - after,
          }
        : null,
    );
  });

  it('names no unlocked reward when the balance crossed no threshold', async () => {
    const uuid = await session('/credit-reception', { amount_in_cents: 100 });
    await portal(uuid, 'identify', { value: 'CARD-0001' });
    const reception = (await portal(uuid, 'credit-reception')).json().data;
    // Gold tier, 1.5 credits per euro floored: Anna goes from 120-odd to one more, past no threshold.
    expect(reception.credits).toBe(1);
    expect(reception.contact.credit_balance).toBeLessThan(400);
    expect(reception.unlocked_reward).toBeNull();
  });

  it('credits once for two concurrent calls with the same Idempotency-Key', async () => {
    const before = await creditsOf(DEMO.ben);
    const uuid = await session('/credit-reception', { amount_in_cents: 1000 });
    await portal(uuid, 'identify', { value: 'CARD-0002' });
    const headers = { 'idempotency-key': 'credit-1' };
    const [a, b] = await Promise.all([
      portal(uuid, 'credit-reception', {}, headers),
      portal(uuid, 'credit-reception', {}, headers),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
    expect(a.json().data).toMatchObject({ credits: 10, contact: { credit_balance: before + 10 } });
    expect(await creditsOf(DEMO.ben)).toBe(before + 10);
    await expectLedgersBalanced(t.app.db);
  });

  it('needs an identified contact and something to credit (409); only in credit-reception sessions (403)', async () => {
    const uuid = await session('/credit-reception');
    const anonymous = await portal(uuid, 'credit-reception');
    expect(expectReason(anonymous, 'customer_not_identified').message).toBe('Identify the customer first');
    await portal(uuid, 'identify', { value: 'CARD-0005' });
    const nothing = await portal(uuid, 'credit-reception');
    expect(expectReason(nothing, 'nothing_to_credit').message).toBe('Nothing to credit yet');
    const wrong = await portal(await session('/pay-prepaid', { amount_in_cents: 500 }), 'credit-reception');
    expectReason(wrong, 'not_allowed_in_session');
  });
});

describe('ending and expiry', () => {
  it('completes and cancels; an ended session refuses actions (409) but still shows its state', async () => {
    const done = await session();
    const res = await portal(done, 'complete');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'completed', uuid: done });
    expect(types(res.json().data.events)).toEqual(['session_completed']);
    for (const action of ['identify', 'complete', 'cancel']) {
      const refused = await portal(done, action, action === 'identify' ? { value: 'CARD-0001' } : {});
      expect(expectReason(refused, 'portal_session_ended').message).toBe('Portal session has ended');
    }
    expect((await state(done)).status).toBe('completed');

    const cancelled = await portal(await session('/vouchers'), 'cancel');
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(types(cancelled.json().data.events)).toEqual(['session_cancelled']);
  });

  it('expires after the session time: 410, session_expired recorded once', async () => {
    const uuid = await session();
    t.clock.advance(61 * 60_000);
    try {
      const res = await portal(uuid, 'identify', { value: 'CARD-0001' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 1003, message: 'Portal session has expired' });
      expect((await portal(uuid, 'complete')).statusCode).toBe(410);
      const s = await state(uuid);
      expect(s.status).toBe('expired');
      expect(types(s.events)).toEqual(['session_expired']);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('streams the events to the kiosk (portal stream)', async () => {
    const uuid = await session();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${base}/portal/api/sessions/${uuid}/stream`);
    try {
      await portal(uuid, 'identify', { value: 'CARD-0005' });
      expect(await stream.next()).toMatchObject({
        event: 'portal_event',
        data: { type: 'contact_identified', data: { contact: { uuid: DEMO.dirk } } },
      });
    } finally {
      stream.close();
    }
  });
});

describe('standby screens (devices)', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp();
  });
  afterAll(() => d.close());

  it('shows the shop and its newest open session; 404 for an unknown device', async () => {
    const get = async () => {
      const res = await d.call({
        method: 'GET',
        url: '/portal/api/devices/demo-device-utrecht',
        token: null,
      });
      deviceState.parse(res.json().data);
      return res;
    };
    expect((await get()).json().data).toEqual({
      shop: { uuid: DEMO.shopUtrecht, name: 'Demo Coffee Utrecht' },
      account: {
        name: 'Demo Coffee',
        brand: expect.objectContaining({ primary_color: '#6b3e26' }),
        wording: expect.objectContaining({ dutch_address: 'je' }),
      },
      session: null,
      // The attract loop's offers: active rewards in stock, cheapest first (not the inactive
      // Summer special, nor the Slice of cake out of stock).
      offers: [
        { title: '10% off your next order', required_credits: 30, media: expect.anything() },
        { title: 'Free coffee', required_credits: 50, media: expect.anything() },
        { title: 'Coffee beans 1 kg', required_credits: 400, media: expect.anything() },
      ],
    });
    const created = await d.call({
      method: 'POST',
      url: '/portal-sessions/top-up-prepaid',
      payload: { shop_uuid: DEMO.shopUtrecht },
    });
    const uuid = created.json().data.uuid;
    expect((await get()).json().data.session).toEqual({ uuid, type: 'top_up_prepaid' });
    d.clock.advance(61 * 60_000);
    expect((await get()).json().data.session).toBeNull();
    const unknown = await d.call({ method: 'GET', url: '/portal/api/devices/nope', token: null });
    expectReason(unknown, 'device_not_found');
  });

  it('streams the state at once and whenever a session of the shop starts or ends', async () => {
    const base = await d.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${base}/portal/api/devices/demo-device-amsterdam/stream`);
    try {
      expect(await stream.next()).toMatchObject({ event: 'device_state', data: { session: null } });
      const created = await d.call({
        method: 'POST',
        url: '/portal-sessions',
        payload: { shop_uuid: DEMO.shop },
      });
      const uuid = created.json().data.uuid;
      expect(await stream.next()).toMatchObject({ data: { session: { uuid, type: 'identify' } } });
      await d.call({
        method: 'POST',
        url: `/portal/api/sessions/${uuid}/complete`,
        token: null,
        payload: {},
      });
      expect(await stream.next()).toMatchObject({ data: { session: null } });
    } finally {
      stream.close();
    }
    expect((await fetch(`${base}/portal/api/devices/nope/stream`)).status).toBe(404);
  });
});
