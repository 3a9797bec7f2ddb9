import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_PAGE_SIZE,
  meActivity,
  meCards,
  meProfile,
  meRewards,
  meVouchers,
} from '../../src/contract/me';
import { WRONG_CARDS_PER_CONTACT } from '../../src/service/domain/contacts/guess-budgets';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { meCall, meCookie, signedInContact } from '../helpers/me';
import { openSession } from '../helpers/portal';

let t: TestApp;
beforeAll(async () => {
  // Its webhook subscriptions name a loopback URL, which takes the operator's leave.
  t = await createTestApp({ argv: ['--webhook-allow-private-networks'] });
});
afterAll(async () => t?.close());

const profileOf = async (cookie: string) =>
  meProfile.parse((await meCall(t, cookie, { method: 'GET', path: '/profile' })).json());
const fieldValue = async (cookie: string, name: string) =>
  (await profileOf(cookie)).fields.find((f) => f.name === name)?.value;
const put = (cookie: string, payload: Record<string, unknown>) =>
  meCall(t, cookie, { method: 'PUT', path: '/profile', payload });

describe('/me/ profile: custom attributes validated by their definitions', () => {
  it('takes a valid value of every type the account defines, and clears with null', async () => {
    const { cookie } = await signedInContact(t);
    const res = await put(cookie, {
      firstname: 'Noor',
      birthdate: '1988-02-29',
      dier: 'dog',
      dieet: ['vegan', 'gluten_free'],
      trouwdag: '2015-06-20',
      havermelk: true,
      kopjes_per_dag: 3,
      a_custom_attribute: 'Likes the window seat',
    });
    expect(res.statusCode).toBe(200);
    const values = Object.fromEntries(meProfile.parse(res.json()).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({
      firstname: 'Noor',
      birthdate: '1988-02-29',
      dier: 'dog',
      dieet: ['vegan', 'gluten_free'],
      trouwdag: '2015-06-20',
      havermelk: true,
      kopjes_per_dag: 3,
      a_custom_attribute: 'Likes the window seat',
    });
    expect((await put(cookie, { dier: null, dieet: '' })).statusCode).toBe(200);
    expect(await fieldValue(cookie, 'dier')).toBeNull();
    expect(await fieldValue(cookie, 'dieet')).toBeNull();
  });

  const refused: [string, unknown][] = [
    ['dier', 'horse'],
    ['dier', ['cat']],
    ['dieet', ['vegan', 'meat']],
    ['dieet', 'vegan'],
    ['trouwdag', '2015-02-30'],
    ['trouwdag', 'last june'],
    ['havermelk', 'perhaps'],
    ['kopjes_per_dag', 2.5],
    ['kopjes_per_dag', 'many'],
    ['a_custom_attribute', 'x'.repeat(10_001)],
    ['birthdate', '31-12-1990'],
    ['firstname', 'x'.repeat(192)],
    ['email', 'someone@example.com'],
    ['tier', 'Gold'],
    ['loyalty_balance', 1000],
    ['not_an_attribute', 'x'],
  ];
  for (const [name, value] of refused) {
    it(`refuses ${name} = ${JSON.stringify(value).slice(0, 30)} (invalid_attribute naming it) and changes nothing`, async () => {
      const { cookie } = await signedInContact(t);
      expect((await put(cookie, { dier: 'cat', firstname: 'Before' })).statusCode).toBe(200);
      const before = await accountSnapshot(t.app.db);
      const res = await put(cookie, { firstname: 'After', dier: 'dog', [name]: value });
      const body = expectReason(res, 'invalid_attribute');
      expect(Object.keys(body.errors ?? {})).toEqual([name]);
      await expectUnchanged(t.app.db, before);
      expect(await fieldValue(cookie, 'firstname')).toBe('Before');
      expect(await fieldValue(cookie, 'dier')).toBe('cat');
    });
  }

  it('a change reaches the POS as today: a contact_updated webhook event naming what changed', async () => {
    const hook = await t.call({
      method: 'POST',
      url: '/webhook-subscriptions',
      payload: { name: uniqueId('hook'), url: 'http://127.0.0.1:4199/hook', event_type: 'contact_updated' },
    });
    expect(hook.statusCode).toBe(201);
    const { uuid, cookie } = await signedInContact(t);
    expect((await put(cookie, { dier: 'dog', city: 'Utrecht' })).statusCode).toBe(200);
    // In the outbox for the POS, in the transaction of the change (docs/webhooks.md).
    const deliveries = await t.app.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('event_type', '=', 'contact_updated')
      .execute();
    const event = deliveries.map((d) => JSON.parse(d.payload).data).find((d) => d.uuid === uuid);
    expect(event).toMatchObject({ uuid, changed: expect.arrayContaining(['dier', 'city']) });
    await t.call({
      method: 'PUT',
      url: `/webhook-subscriptions/${hook.json().data.uuid}`,
      payload: { status: 'INACTIVE' },
    });
  });
});

describe('/me/ rewards, vouchers, activity, cards, subscriptions', () => {
  it("Anna's rewards, vouchers and activity", async () => {
    const cookie = await meCookie(t, DEMO.anna);
    const rewards = meRewards.parse((await meCall(t, cookie, { method: 'GET', path: '/rewards' })).json());
    expect(rewards.rewards.length).toBeGreaterThan(0);
    expect(rewards.rewards[0]!.claimable).toBe(true);
    const vouchers = await meCall(t, cookie, { method: 'GET', path: '/vouchers' });
    expect(vouchers.statusCode).toBe(200);
    meVouchers.parse(vouchers.json());
    const activity = meActivity.parse((await meCall(t, cookie, { method: 'GET', path: '/activity' })).json());
    expect(activity.page).toBe(1);
  });

  it(`activity comes in pages of ${ACTIVITY_PAGE_SIZE}, newest first`, async () => {
    const { uuid, cookie } = await signedInContact(t);
    for (let i = 1; i <= ACTIVITY_PAGE_SIZE + 5; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/credit-receptions',
        payload: { contact_uuid: uuid, shop_uuid: DEMO.shop, credits: i },
      });
      expect(res.statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const page = async (n: number) =>
      meActivity.parse((await meCall(t, cookie, { method: 'GET', path: `/activity?page=${n}` })).json());
    const first = await page(1);
    expect(first).toMatchObject({ page: 1, last_page: 2 });
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.items[0]!.credits).toBe(ACTIVITY_PAGE_SIZE + 5);
    const second = await page(2);
    expect(second.items.map((i) => i.credits)).toEqual([5, 4, 3, 2, 1]);
    expect((await page(3)).items).toEqual([]);
  });

  it('adds a loyalty card of the shop not linked yet (shown by its last 4), which the counter then identifies; removes it', async () => {
    const { uuid, cookie } = await signedInContact(t);
    const code = uniqueId('CARD').toUpperCase();
    // A card the shop handed out: known to the account, linked to nobody.
    const made = await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: code, contact_identifier_name: 'Loyalty card' },
    });
    expect(made.statusCode).toBe(201);
    const added = await meCall(t, cookie, { method: 'POST', path: '/cards', payload: { code } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ value_hint: code.slice(-4), active: true });
    expect(JSON.stringify(added.json())).not.toContain(code);
    // Their own card again: answered as it is.
    expect((await meCall(t, cookie, { method: 'POST', path: '/cards', payload: { code } })).statusCode).toBe(
      201,
    );
    const list = meCards.parse((await meCall(t, cookie, { method: 'GET', path: '/cards' })).json());
    expect(list.cards.map((c) => c.id)).toEqual([added.json().id]);
    const session = await openSession(t);
    const scan = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${session}/identify`,
      token: null,
      payload: { value: code },
    });
    expect(scan.json().data).toMatchObject({ result: 'identified', contact: { uuid } });
    const removed = await meCall(t, cookie, { method: 'DELETE', path: `/cards/${added.json().id}` });
    expect(removed.statusCode).toBe(204);
    expect(meCards.parse((await meCall(t, cookie, { method: 'GET', path: '/cards' })).json()).cards).toEqual(
      [],
    );
  });

  it("gives one answer for anything but an unlinked card: unknown, someone else's, inactive, a gift card, a voucher, an app code; keeps nothing", async () => {
    const { cookie } = await signedInContact(t);
    const stored = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('contact_identifiers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await stored();
    const codes = [
      uniqueId('UNKNOWN').toUpperCase(),
      DEMO.annaCard,
      'CARD-9002',
      DEMO.giftcardHash,
      'MUFFIN-0001',
      DEMO.annaAppToken,
      'two words',
    ];
    const bodies = [];
    for (const code of codes) {
      const res = await meCall(t, cookie, { method: 'POST', path: '/cards', payload: { code } });
      expectReason(res, 'card_not_addable');
      bodies.push(res.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0].errors).toEqual({ code: ['This is no loyalty card that can be added.'] });
    expect(await stored()).toBe(before);
    expect(meCards.parse((await meCall(t, cookie, { method: 'GET', path: '/cards' })).json()).cards).toEqual(
      [],
    );
  });

  it(`is throttled: ${WRONG_CARDS_PER_CONTACT} refused numbers an hour, then 429 with Retry-After, even for a good card`, async () => {
    const { cookie } = await signedInContact(t);
    const add = (code: string) => meCall(t, cookie, { method: 'POST', path: '/cards', payload: { code } });
    for (let i = 0; i < WRONG_CARDS_PER_CONTACT; i++) {
      expectReason(await add(uniqueId('GUESS').toUpperCase()), 'card_not_addable');
    }
    const limited = await add(DEMO.freeCard);
    expectReason(limited, 'too_many_wrong_codes');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The free card stayed free.
    const free = await t.call({
      method: 'GET',
      url: `/contact-identifiers/find?contact_identifier_value=${DEMO.freeCard}`,
    });
    expect(free.json().data.contact).toBeNull();
  });

  it('subscriptions: double opt-in becomes pending, as at the counter; unsubscribing works', async () => {
    const { cookie } = await signedInContact(t);
    const list = (await meCall(t, cookie, { method: 'GET', path: '/subscriptions' })).json()
      .subscriptions as {
      id: number;
      strategy: string;
      status: string;
    }[];
    const double = list.find((s) => s.strategy === 'DOUBLE_OPT_IN')!;
    const changed = await meCall(t, cookie, {
      method: 'PUT',
      path: `/subscriptions/${double.id}`,
      payload: { subscribed: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: double.id, status: 'PENDING_CONFIRMATION' });
    const off = await meCall(t, cookie, {
      method: 'PUT',
      path: `/subscriptions/${double.id}`,
      payload: { subscribed: false },
    });
    expect(off.json().status).toBe('UNSUBSCRIBED');
    const unknown = await meCall(t, cookie, {
      method: 'PUT',
      path: '/subscriptions/999',
      payload: { subscribed: true },
    });
    expect(unknown.json().code).toBe(55030);
  });

  it('the app code is a contact session token the kiosk takes once, within its 5 minutes', async () => {
    const { uuid, cookie } = await signedInContact(t);
    const code = (await meCall(t, cookie, { method: 'GET', path: '/app-code' })).json();
    expect(code.token).toMatch(/^[\w-]{40,}$/);
    const identify = async (value: string) =>
      t.call({
        method: 'POST',
        url: `/portal/api/sessions/${await openSession(t)}/identify`,
        token: null,
        payload: { value },
      });
    expect((await identify(code.token)).json().data).toMatchObject({
      result: 'identified',
      contact: { uuid },
      proof: { proven: true },
    });
    expectReason(await identify(code.token), 'contact_session_token_used');
    const late = (await meCall(t, cookie, { method: 'GET', path: '/app-code' })).json();
    t.clock.advance(5 * 60_000);
    expectReason(await identify(late.token), 'contact_session_token_used');
    // Rotating codes do not pile up: the next one takes the place of those that ran out unused.
    expect((await meCall(t, cookie, { method: 'GET', path: '/app-code' })).statusCode).toBe(200);
    const left = await t.app.db
      .selectFrom('contact_session_tokens')
      .select('token')
      .where('token', 'in', [code.token, late.token])
      .execute();
    expect(left.map((r) => r.token)).toEqual([code.token]);
  });
});

describe("the counter's me-link", () => {
  it('a proven customer gets a one-time link to /me/; one known by e-mail alone does not', async () => {
    const session = await openSession(t);
    const scan = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${session}/identify`,
      token: null,
      payload: { value: DEMO.annaCard },
    });
    expect(scan.statusCode).toBe(200);
    const link = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${session}/me-link`,
      token: null,
      payload: {},
    });
    expect(link.statusCode).toBe(200);
    const inFive = new Date(t.clock.current.getTime() + 5 * 60_000).toISOString().replace('.000Z', '+00:00');
    expect(link.json().data).toEqual({ url: expect.stringMatching(/\/me\/\?token=/), expires_at: inFive });
    const byEmail = await openSession(t, '', { enable_email_identification: true });
    const email = `${uniqueId('walkin')}@example.com`;
    await t.call({ method: 'POST', url: '/contacts', payload: { email } });
    await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${byEmail}/identify`,
      token: null,
      payload: { email },
    });
    expectReason(
      await t.call({
        method: 'POST',
        url: `/portal/api/sessions/${byEmail}/me-link`,
        token: null,
        payload: {},
      }),
      'proof_required',
    );
    expectReason(
      await t.call({
        method: 'POST',
        url: `/portal/api/sessions/${await openSession(t)}/me-link`,
        token: null,
        payload: {},
      }),
      'customer_not_identified',
    );
  });
});
