import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_DATA, type WebhookEventType } from '../../src/contract/public/webhooks';
import { WEBHOOK_SUBSCRIPTION_LIMIT } from '../../src/service/domain/webhooks/subscriptions';
import type { WebhookTimers } from '../../src/service/webhooks/dispatcher';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/service/webhooks/outbox';
import { createTestApp, DEMO, newContact, type TestApp, uniqueId } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { openSession } from '../helpers/portal';
import { WebhookReceiver } from '../helpers/webhook-receiver';

/*
 * Webhooks end to end (docs/webhooks.md): subscriptions through the API, each event type written
 * to the outbox by its change and POSTed, signed, to a receiver of the test's own that checks every
 * signature as the docs show; retries with back-off after the receiver was down or failing, the
 * cap, replay; bounded tries and timeouts that never hold up a request; a restart mid-delivery.
 * Delivery runs by hand (`app.webhooks.drain()`) on the app's test clock, with timers the test
 * fires itself; test/http/webhooks-two-processes.test.ts has two processes on PostgreSQL, and
 * test/http/webhooks-targets.test.ts the addresses deliveries may reach. The receivers listen on
 * loopback, which the operator allows here (--webhook-allow-private-networks; off by default).
 */

/** The option that lets deliveries reach the test's receivers on 127.0.0.1. */
const LOCAL = ['--webhook-allow-private-networks'];

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ argv: LOCAL, webhookDelivery: { background: false } });
  receiver = new WebhookReceiver(t.clock.now);
  await receiver.up();
});
afterAll(async () => {
  await receiver.down();
  await t.close();
});

/** Subscribes the receiver (or `url`) to `eventType`; answers the subscription with its secret. */
async function subscribe(
  app: TestApp,
  eventType: WebhookEventType,
  more: Record<string, unknown> = {},
  to: WebhookReceiver = receiver,
) {
  const res = await app.call({
    method: 'POST',
    url: '/webhook-subscriptions',
    payload: { name: uniqueId('hook'), url: to.url, event_type: eventType, ...more },
  });
  expect(res.statusCode).toBe(201);
  const created = res.json().data as { uuid: string; secret: string };
  to.trust(created.uuid, created.secret);
  return created;
}

/** Sets the subscription INACTIVE, so that later tests' events do not reach it. */
const retire = (app: TestApp, uuid: string) =>
  app.call({ method: 'PUT', url: `/webhook-subscriptions/${uuid}`, payload: { status: 'INACTIVE' } });

/** The deliveries of one subscription as its delivery log shows them. */
async function deliveryLog(app: TestApp, uuid: string) {
  const res = await app.call({ method: 'GET', url: `/webhook-subscriptions/${uuid}/deliveries` });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    event_uuid: string;
    event_type: string;
    status: string;
    attempts: number;
    next_attempt_at: string | null;
    attempt_log: { attempt: number; status_code: number | null; error: string | null }[];
  }[];
}

/** Timers that fire only when the test says so. */
class ManualTimers implements WebhookTimers {
  private readonly pending = new Set<() => void>();
  setTimeout(callback: () => void) {
    this.pending.add(callback);
    return callback;
  }
  clearTimeout(handle: unknown) {
    this.pending.delete(handle as () => void);
  }
  fireAll() {
    for (const callback of [...this.pending]) {
      this.pending.delete(callback);
      callback();
    }
  }
}

beforeEach(() => {
  receiver.mode = 'ok';
  receiver.received.length = 0;
});

describe('webhook subscriptions', () => {
  it('create answers the secret once; get, list, update (the SDK’s `attributes`), delete', async () => {
    const created = await subscribe(t, 'contact_updated', { properties: ['firstname'] });
    expect(created).toMatchObject({
      event_type: 'contact_updated',
      url: receiver.url,
      properties: ['firstname'],
      status: 'ACTIVE',
      version: 'V1',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const got = await t.call({ method: 'GET', url: `/webhook-subscriptions/${created.uuid}` });
    expect(got.json().data).not.toHaveProperty('secret');
    const { secret: _, ...shown } = created;
    expect(got.json().data).toEqual(shown);
    const listed = await t.call({ method: 'GET', url: '/webhook-subscriptions?event_type=contact_updated' });
    expect(listed.json().data.map((s: { uuid: string }) => s.uuid)).toContain(created.uuid);
    for (const s of listed.json().data) expect(s).not.toHaveProperty('secret');

    const updated = await t.call({
      method: 'PUT',
      url: `/webhook-subscriptions/${created.uuid}`,
      payload: `name=Renamed&attributes%5B0%5D=city&attributes%5B1%5D=lastname&status=INACTIVE`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(updated.json().data).toMatchObject({
      name: 'Renamed',
      properties: ['city', 'lastname'],
      status: 'INACTIVE',
    });
    const inactive = await t.call({ method: 'GET', url: '/webhook-subscriptions?status=INACTIVE' });
    expect(inactive.json().data.map((s: { uuid: string }) => s.uuid)).toContain(created.uuid);

    const deleted = await t.call({ method: 'DELETE', url: `/webhook-subscriptions/${created.uuid}` });
    expect(deleted.json()).toEqual({ data: [], meta: {} });
    expectReason(
      await t.call({ method: 'GET', url: `/webhook-subscriptions/${created.uuid}` }),
      'webhook_subscription_not_found',
    );
  });

  it('refuses an unknown event type, a URL that is not http(s) or holds a password, properties of another type', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.call({
        method: 'POST',
        url: '/webhook-subscriptions',
        payload: { name: 'x', url: 'https://example.com/h', event_type: 'contact_created', ...payload },
      });
    for (const [payload, field] of [
      [{ event_type: 'contact_deleted' }, 'event_type'],
      [{ url: 'ftp://example.com/h' }, 'url'],
      [{ url: '' }, 'url'],
      [{ url: 'https://user:secret@example.com/h' }, 'url'],
      [{ properties: ['firstname'] }, 'properties'],
    ] as const) {
      expect(Object.keys((await expectError(await post(payload), 1003)).errors ?? {})).toEqual([field]);
    }
    // A change is checked alike (an empty URL was a server error once).
    const put = await t.call({ method: 'PUT', url: '/webhook-subscriptions/x', payload: { url: '' } });
    expect(Object.keys((await expectError(put, 1003)).errors ?? {})).toEqual(['url']);
  });
});

describe('who may subscribe, and how many', () => {
  it("a register key (bound to a shop) is refused every call: the subscriptions are the account's", async () => {
    const hook = await subscribe(t, 'contact_created');
    const before = await t.app.db.selectFrom('webhook_subscriptions').selectAll().orderBy('id').execute();
    const path = `/webhook-subscriptions/${hook.uuid}`;
    for (const prefix of ['', '/api/v3/register', '/api/v3/oauth/clients']) {
      for (const call of [
        { method: 'GET', url: '/webhook-subscriptions' },
        {
          method: 'POST',
          url: '/webhook-subscriptions',
          payload: { name: 'Mine now', url: 'https://attacker.example/h', event_type: 'contact_created' },
        },
        { method: 'GET', url: path },
        { method: 'PUT', url: path, payload: { url: 'https://attacker.example/h' } },
        { method: 'DELETE', url: path },
        { method: 'GET', url: `${path}/deliveries` },
        { method: 'POST', url: `${path}/deliveries/${DEMO.anna}/replay` },
      ] as const) {
        const res = await t.call({ ...call, url: `${prefix}${call.url}`, token: DEMO.registerKey });
        expectReason(res, 'account_key_required', 403);
      }
    }
    const after = await t.app.db.selectFrom('webhook_subscriptions').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
    // The account's own key still manages it.
    expect((await t.call({ method: 'GET', url: path })).statusCode).toBe(200);
    await retire(t, hook.uuid);
  });

  it(`an account has ${WEBHOOK_SUBSCRIPTION_LIMIT} subscriptions at most, INACTIVE ones too; concurrent creates count one after another`, async () => {
    // The test's own subscriptions are named cap-…, INACTIVE (they hear nothing), and go at the end.
    const create = () =>
      t.call({
        method: 'POST',
        url: '/webhook-subscriptions',
        payload: {
          name: uniqueId('cap'),
          url: 'https://pos.example.com/hooks',
          event_type: 'contact_created',
          status: 'INACTIVE',
        },
      });
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('webhook_subscriptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      // All but three places taken (as that many creates would leave them, without the wait).
      const at = new Date().toISOString();
      const rows = Array.from({ length: WEBHOOK_SUBSCRIPTION_LIMIT - 3 - (await count()) }, () => ({
        uuid: randomUUID(),
        name: uniqueId('cap'),
        url: 'https://pos.example.com/hooks',
        event_type: 'contact_created',
        properties: '[]',
        status: 'INACTIVE' as const,
        secret: `whsec_${uniqueId('secret')}`,
        created_at: at,
        updated_at: at,
      }));
      await t.app.db.insertInto('webhook_subscriptions').values(rows).execute();
      // Six at once for the last three places: three are made, three refused.
      const raced = await Promise.all(Array.from({ length: 6 }, create));
      expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 422, 422, 422]);
      expect(await count()).toBe(WEBHOOK_SUBSCRIPTION_LIMIT);
      const refused = expectReason(await create(), 'webhook_subscription_limit_reached');
      expect(refused.message).toContain(`${WEBHOOK_SUBSCRIPTION_LIMIT} webhook subscriptions`);
      expect(await count()).toBe(WEBHOOK_SUBSCRIPTION_LIMIT);
      // One deleted: room for one.
      await t.call({ method: 'DELETE', url: `/webhook-subscriptions/${rows[0]!.uuid}` });
      expect((await create()).statusCode).toBe(201);
      expectReason(await create(), 'webhook_subscription_limit_reached');
    } finally {
      await t.app.db.deleteFrom('webhook_subscriptions').where('name', 'like', 'cap-%').execute();
    }
  });
});

describe('delivering each event type', () => {
  it('POSTs every event of each type once, signed, with the resource as the API shows it', async () => {
    const types = Object.keys(WEBHOOK_EVENT_DATA) as WebhookEventType[];
    const subscriptions = new Map<string, WebhookEventType>();
    for (const type of types) subscriptions.set((await subscribe(t, type)).uuid, type);

    const contact = await newContact(t);
    await t.call({
      method: 'PUT',
      url: `/contacts/${contact}`,
      payload: { attributes: { firstname: 'Noor' } },
    });
    const reception = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: contact, credits: 80, shop_uuid: DEMO.shop },
    });
    await t.call({ method: 'POST', url: `/credit-receptions/${reception.json().data.uuid}/reverse` });
    await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: contact, credits: 60, shop_uuid: DEMO.shop },
    });
    const reward = await t.call({
      method: 'POST',
      url: '/reward-receptions',
      payload: { contact_uuid: contact, reward_uuid: DEMO.rewardCoffee, shop_uuid: DEMO.shop },
    });
    await t.call({ method: 'POST', url: `/reward-receptions/${reward.json().data.uuid}/reverse` });
    await t.call({
      method: 'POST',
      url: '/giftcard-transactions',
      payload: { giftcard_uuid: DEMO.giftcard, amount_in_cents: 500, shop_uuid: DEMO.shop },
    });
    await t.call({
      method: 'POST',
      url: '/prepaid-transactions',
      payload: { contact_uuid: contact, amount_in_cents: 700, shop_uuid: DEMO.shop },
    });
    const voucher = await t.call({
      method: 'POST',
      url: '/vouchers',
      payload: { promotion_uuid: DEMO.promotionMuffin, contact_uuid: contact },
    });
    await t.call({
      method: 'POST',
      url: '/vouchers/redeem',
      payload: { code: voucher.json().data.code, shop_uuid: DEMO.shop },
    });
    const completed = await openSession(t);
    await t.call({ method: 'POST', url: `/portal/api/sessions/${completed}/complete`, token: null });
    const cancelled = await openSession(t);
    await t.call({ method: 'POST', url: `/portal/api/sessions/${cancelled}/cancel`, token: null });
    const expired = await openSession(t);
    t.clock.advance(61 * 60_000);
    await t.call({ method: 'GET', url: `/portal/api/sessions/${expired}`, token: null });

    expect(await t.app.webhooks.drain()).toBe(types.length + 1);
    expect(receiver.received.every((d) => d.verified)).toBe(true);
    const byType = new Map<string, (typeof receiver.received)[number][]>();
    for (const d of receiver.received) {
      expect(subscriptions.get(d.body.subscription_uuid)).toBe(d.body.event_type);
      byType.set(d.body.event_type, [...(byType.get(d.body.event_type) ?? []), d]);
      expect(d.headers['webhook-id']).toBe(d.body.uuid);
      expect(d.headers['webhook-event']).toBe(d.body.event_type);
      expect(d.headers['content-type']).toBe('application/json');
      expect(d.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      WEBHOOK_EVENT_DATA[d.body.event_type as WebhookEventType].parse(d.body.data);
    }
    expect([...byType.keys()].sort()).toEqual([...types].sort());
    expect(byType.get('credit_reception_created')!.map((d) => d.body.data.credits)).toEqual([80, 60]);
    expect(byType.get('contact_created')![0]!.body.data).toMatchObject({
      uuid: contact,
      is_anonymous: false,
    });
    expect(byType.get('contact_updated')![0]!.body.data).toMatchObject({
      uuid: contact,
      firstname: 'Noor',
      changed: ['firstname'],
    });
    expect(byType.get('credit_reception_reversed')![0]!.body.data).toMatchObject({
      credits: -80,
      reverses_uuid: reception.json().data.uuid,
    });
    expect(byType.get('reward_reception_reversed')![0]!.body.data).toMatchObject({
      credits: 50,
      reverses_uuid: reward.json().data.uuid,
    });
    expect(byType.get('voucher_redeemed')![0]!.body.data).toMatchObject({ status: 'REDEEMED' });
    for (const [type, uuid] of [
      ['portal_session_completed', completed],
      ['portal_session_cancelled', cancelled],
      ['portal_session_expired', expired],
    ] as const) {
      expect(byType.get(type)![0]!.body.data).toMatchObject({ uuid, shop: { uuid: DEMO.shop } });
    }
    for (const uuid of subscriptions.keys()) {
      for (const d of await deliveryLog(t, uuid)) {
        expect(d).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null });
        expect(d.attempt_log).toEqual([
          expect.objectContaining({ attempt: 1, status_code: 200, error: null }),
        ]);
      }
      await retire(t, uuid);
    }
  });

  it('what the POS and the counter decide is told too: a held top-up once confirmed, a cancel by the POS, a receipt collected', async () => {
    const prepaid = await subscribe(t, 'prepaid_transaction_created');
    const cancelled = await subscribe(t, 'portal_session_cancelled');
    const credits = await subscribe(t, 'credit_reception_created');
    const portal = (uuid: string, action: string, payload: Record<string, unknown> = {}) =>
      t.call({ method: 'POST', url: `/portal/api/sessions/${uuid}/${action}`, token: null, payload });

    const held = await openSession(t, '/top-up-prepaid', {
      contact_uuid: DEMO.anna,
      amount_in_cents: 2500,
      require_payment_confirmation: true,
    });
    expect((await portal(held, 'prepaid/top-up')).statusCode).toBe(200);
    // Held: no money has moved, so nobody hears of a transaction yet.
    expect(await t.app.webhooks.drain()).toBe(0);
    const confirmed = await t.call({ method: 'POST', url: `/portal-sessions/${held}/confirm-payment` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const byPos = await openSession(t);
    expect((await t.call({ method: 'POST', url: `/portal-sessions/${byPos}/cancel` })).statusCode).toBe(200);

    const receipt = await t.call({
      method: 'POST',
      url: '/api/v3/oauth/clients/loyalty-tokens',
      payload: { version: 'v1', shop_id: 1, unique_id: uniqueId('RECEIPT'), credits: 6 },
    });
    const counter = await openSession(t);
    await portal(counter, 'identify', { value: DEMO.annaCard });
    expect((await portal(counter, 'receipt-tokens/claim', { value: receipt.json().data })).statusCode).toBe(
      200,
    );

    expect(await t.app.webhooks.drain()).toBe(3);
    const of = (uuid: string) => receiver.received.filter((d) => d.body.subscription_uuid === uuid);
    expect(of(prepaid.uuid).map((d) => d.body.data)).toEqual([
      expect.objectContaining({
        amount_in_cents: 2500,
        contact: expect.objectContaining({ uuid: DEMO.anna }),
      }),
    ]);
    expect(of(cancelled.uuid).map((d) => d.body.data)).toEqual([
      expect.objectContaining({
        uuid: byPos,
        status: 'cancelled',
        details: expect.objectContaining({ by: 'pos' }),
      }),
    ]);
    expect(of(credits.uuid).map((d) => d.body.data)).toEqual([
      expect.objectContaining({ credits: 6, contact: expect.objectContaining({ uuid: DEMO.anna }) }),
    ]);
    for (const { uuid } of [prepaid, cancelled, credits]) await retire(t, uuid);
  });

  it('a refused change tells nobody; an INACTIVE subscription hears nothing', async () => {
    const active = await subscribe(t, 'credit_reception_created');
    const inactive = await subscribe(t, 'credit_reception_created', { status: 'INACTIVE' });
    const contact = await newContact(t);
    const refused = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: contact, credits: -5, shop_uuid: DEMO.shop },
    });
    expectReason(refused, 'credit_balance_below_zero');
    expect(await t.app.webhooks.drain()).toBe(0);
    await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: contact, credits: 5, shop_uuid: DEMO.shop },
    });
    expect(await t.app.webhooks.drain()).toBe(1);
    expect(receiver.received.map((d) => d.body.subscription_uuid)).toEqual([active.uuid]);
    expect(await deliveryLog(t, inactive.uuid)).toEqual([]);
    await retire(t, active.uuid);
  });

  it('contact_updated with properties hears only changes of those values', async () => {
    const city = await subscribe(t, 'contact_updated', { properties: ['city', 'post_code'] });
    const contact = await newContact(t);
    const update = (attributes: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/contacts/${contact}`, payload: { attributes } });
    await update({ firstname: 'Sam' });
    await update({ city: 'Delft', lastname: 'Bos' });
    await update({ city: 'Delft' });
    await update({ postalcode: '1234 AB' });
    await t.app.webhooks.drain();
    expect(receiver.received.map((d) => d.body.data.changed)).toEqual([['lastname', 'city']]);
    await retire(t, city.uuid);
  });
});

describe('retries', () => {
  it('tries again with back-off after the receiver was down, and delivers once it is up', async () => {
    const hook = await subscribe(t, 'contact_created');
    await receiver.down();
    const contact = await newContact(t);
    expect(await t.app.webhooks.drain()).toBe(1);
    const [failed] = await deliveryLog(t, hook.uuid);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.attempt_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: null, error: 'connection failed' }),
    ]);
    expect(Date.parse(failed!.next_attempt_at!) - t.clock.now().getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await t.app.webhooks.drain()).toBe(0);

    await receiver.up();
    t.clock.advance(retryDelayMs(1));
    expect(await t.app.webhooks.drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ verified: true, body: { data: { uuid: contact } } });
    const [delivered] = await deliveryLog(t, hook.uuid);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(delivered!.attempt_log.map((a) => a.status_code)).toEqual([null, 200]);
    await retire(t, hook.uuid);
  });

  it('backs off 30 s, 2, 8, 32 min, 1 h, gives up after the sixth try; a replay delivers it', async () => {
    const hook = await subscribe(t, 'contact_created');
    receiver.mode = 'fail';
    await newContact(t);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await t.app.webhooks.drain()).toBe(1);
      const [delivery] = await deliveryLog(t, hook.uuid);
      expect(delivery!.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        const wait = Date.parse(delivery!.next_attempt_at!) - t.clock.now().getTime();
        waits.push(wait / 1000);
        t.clock.advance(wait);
      }
    }
    expect(waits).toEqual([30, 120, 480, 1920, 3600]);
    const [givenUp] = await deliveryLog(t, hook.uuid);
    expect(givenUp).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(givenUp!.attempt_log.map((a) => a.error)).toEqual(Array(MAX_ATTEMPTS).fill('HTTP 500'));
    t.clock.advance(24 * 3600_000);
    expect(await t.app.webhooks.drain()).toBe(0);

    receiver.mode = 'ok';
    const replay = (event: string) =>
      t.call({ method: 'POST', url: `/webhook-subscriptions/${hook.uuid}/deliveries/${event}/replay` });
    const replayed = await replay(givenUp!.event_uuid);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().data).toMatchObject({ status: 'pending', attempts: 0 });
    expectReason(await replay(givenUp!.event_uuid), 'webhook_delivery_pending');
    expectReason(await replay(DEMO.anna), 'webhook_delivery_not_found');
    expect(await t.app.webhooks.drain()).toBe(1);
    const [delivered] = await deliveryLog(t, hook.uuid);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.received.filter((d) => d.acknowledged)).toHaveLength(1);
    const sameEvent = new Set(receiver.received.map((d) => d.body.uuid));
    expect(sameEvent).toEqual(new Set([givenUp!.event_uuid]));
    await retire(t, hook.uuid);
  });
});

describe('a slow receiver', () => {
  it('holds no request up: tries are bounded per process and per endpoint, and time out', async () => {
    const timers = new ManualTimers();
    const slow = await createTestApp({ argv: LOCAL, webhookDelivery: { background: false, timers } });
    // Three endpoints (three ports: three origins), each holding every delivery it gets.
    const endpoints = [0, 1, 2].map(() => new WebhookReceiver(slow.clock.now));
    for (const e of endpoints) await e.up();
    try {
      const hooks = [];
      for (const e of endpoints) hooks.push(await subscribe(slow, 'contact_created', {}, e));
      for (let i = 0; i < 5; i++) await newContact(slow);
      for (const e of endpoints) e.mode = 'hold';
      const draining = slow.app.webhooks.drain();
      // 8 tries at once by default, 2 to one endpoint: 6 for three endpoints.
      for (const e of endpoints) await e.until(2);
      expect(endpoints.map((e) => e.holding)).toEqual([2, 2, 2]);
      // Requests are answered meanwhile, and their events wait their turn.
      const during = await slow.call({
        method: 'POST',
        url: '/contacts',
        payload: { email: `${uniqueId('during')}@example.com` },
      });
      expect(during.statusCode).toBe(201);
      const leased = await slow.app.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('lease_token', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(Number(leased.n)).toBe(6);
      // The tries' timeouts run out: each counts as failed, to be tried again later.
      timers.fireAll();
      for (const e of endpoints) await e.until(4);
      for (const e of endpoints) e.release();
      await draining;
      const logs = await Promise.all(hooks.map((h) => deliveryLog(slow, h.uuid)));
      const firstTries = logs.flat().flatMap((d) => d.attempt_log.filter((a) => a.attempt === 1));
      expect(firstTries.filter((a) => a.error === 'timeout')).toHaveLength(6);
    } finally {
      for (const e of endpoints) await e.down();
      await slow.close();
    }
  });

  it('a dead endpoint delays only itself: behind its backlog, another endpoint is delivered at once', async () => {
    // In the background, as in production (woken by each commit and each finished try); timers that
    // never fire unless told, so the dead endpoint's tries hang for as long as the test runs.
    const timers = new ManualTimers();
    const app = await createTestApp({ argv: LOCAL, webhookDelivery: { timers } });
    const dead = new WebhookReceiver(app.clock.now);
    const healthy = new WebhookReceiver(app.clock.now);
    await dead.up();
    await healthy.up();
    try {
      // One endpoint behind two subscriptions (two paths, one origin): one share of the slots.
      await subscribe(app, 'contact_created', {}, dead);
      await subscribe(app, 'contact_created', { url: `${dead.url}/second` }, dead);
      dead.mode = 'hold';
      // A backlog of 24 deliveries to the dead endpoint, due before anything else (more than the 16
      // rows a process once looked at, which then hid every other endpoint's behind it).
      for (let i = 0; i < 12; i++) await newContact(app);
      await dead.until(2);
      const hook = await subscribe(app, 'contact_created', {}, healthy);
      const contacts = [await newContact(app), await newContact(app), await newContact(app)];
      // Delivered while the dead endpoint's tries hang, none of them timed out.
      await vi.waitFor(() => expect(healthy.received).toHaveLength(3), { timeout: 5000, interval: 10 });
      expect(healthy.received.map((d) => d.body.data.uuid).sort()).toEqual([...contacts].sort());
      expect(healthy.received.every((d) => d.verified && d.acknowledged)).toBe(true);
      // The dead endpoint holds its share (a quarter of 8 slots), whatever its number of subscriptions.
      expect(dead.holding).toBe(2);
      expect(dead.received).toHaveLength(2);
      await vi.waitFor(async () =>
        expect((await deliveryLog(app, hook.uuid)).map((d) => d.status)).toEqual(Array(3).fill('delivered')),
      );
      // Back up: its backlog follows, each delivery once.
      dead.release();
      await dead.until(30);
      expect(dead.acknowledgedCounts().size).toBe(30);
    } finally {
      await app.close();
      await healthy.down();
      await dead.down();
    }
    // An app of its own, started and closed: slow on a busy PostgreSQL.
  }, 60_000);
});

describe('a restart mid-delivery', () => {
  it('sends the cut try again from the restarted process: each event is taken once', async () => {
    const first = await createTestApp({ argv: LOCAL, webhookDelivery: { background: false } });
    const endpoint = new WebhookReceiver(first.clock.now);
    await endpoint.up();
    let restarted: TestApp | undefined;
    try {
      const hook = await subscribe(first, 'contact_created', {}, endpoint);
      const contacts = [await newContact(first), await newContact(first)];
      endpoint.mode = 'hold';
      const draining = first.app.webhooks.drain();
      await endpoint.until(2);
      // The process stops while both tries wait for their answer.
      await first.stop();
      await draining;
      restarted = await createTestApp({
        restartOf: first,
        argv: LOCAL,
        webhookDelivery: { background: false },
      });
      endpoint.mode = 'ok';
      expect(await restarted.app.webhooks.drain()).toBe(2);
      expect(endpoint.received.every((d) => d.verified)).toBe(true);
      expect(endpoint.received.slice(0, 2).every((d) => !d.acknowledged)).toBe(true);
      const counts = endpoint.acknowledgedCounts();
      expect([...counts.values()]).toEqual([1, 1]);
      expect(new Set(endpoint.received.map((d) => d.body.data.uuid))).toEqual(new Set(contacts));
      for (const d of await deliveryLog(restarted, hook.uuid)) {
        expect(d).toMatchObject({ status: 'delivered', attempts: 1 });
      }
    } finally {
      await endpoint.down();
      await (restarted ?? first).close();
    }
  });

  it('after a crash, the dead process’s lease runs out and the delivery is sent once', async () => {
    const hook = await subscribe(t, 'contact_created');
    await newContact(t);
    // As a process that took the delivery and died before its try ended leaves it.
    const leaseUntil = t.clock.now().getTime() + 70_000;
    await t.app.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: leaseUntil, lease_token: 'crashed', attempts: 1 })
      .where('status', '=', 'pending')
      .execute();
    expect(await t.app.webhooks.drain()).toBe(0);
    t.clock.advance(70_000);
    expect(await t.app.webhooks.drain()).toBe(1);
    expect([...receiver.acknowledgedCounts().values()]).toEqual([1]);
    const [delivered] = await deliveryLog(t, hook.uuid);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2 });
    await retire(t, hook.uuid);
  });
});

describe('in the background', () => {
  it('delivers a committed change without anyone asking, and stops with the app', async () => {
    const live = await createTestApp({ argv: LOCAL });
    const endpoint = new WebhookReceiver(live.clock.now);
    await endpoint.up();
    try {
      await subscribe(live, 'contact_created', {}, endpoint);
      const contact = await newContact(live);
      await endpoint.until(1);
      expect(endpoint.received[0]).toMatchObject({ verified: true, body: { data: { uuid: contact } } });
    } finally {
      await live.close();
      await endpoint.down();
    }
  });
});
