import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { openSession, portalCall, sessionState } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

/*
 * Nothing personal at the counter: the portal API answers a screen anyone can read. A first name, a
 * masked e-mail address, balances, rewards and vouchers; never a phone number, birth date,
 * address, last name or whole e-mail address, and card codes as their last 4 characters. An ended
 * session answers no contact data at all.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** What the fixture knows of Anna that the counter must never show. */
const ANNA_PRIVATE = [
  'anna@example.com',
  '+31612345678',
  '1990-04-12',
  'de Vries',
  'CARD-0001',
  'APP-TOKEN-0011',
];

const post = (uuid: string, action: string, payload: unknown = {}) =>
  portalCall(t, {}, 'POST', uuid, action, payload);
const get = (uuid: string, action: string) => portalCall(t, {}, 'GET', uuid, action);

function expectNothingPrivate(text: string, also: string[] = []) {
  for (const secret of [...ANNA_PRIVATE, ...also]) expect(text).not.toContain(secret);
}

describe('what the counter reads of an identified customer', () => {
  it('is a first name, a masked e-mail and balances, in every answer of a whole visit', async () => {
    const uuid = await openSession(t, '', { enable_email_identification: true, enable_registration: true });
    const answers: string[] = [];
    const keep = async (res: { statusCode: number; body: string }) => {
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    };
    await keep(await post(uuid, 'identify', { value: DEMO.annaCard }));
    const state = await sessionState(t, uuid);
    expect(state.contact).toEqual({
      uuid: DEMO.anna,
      firstname: 'Anna',
      email_hint: 'a***@example.com',
      locale: 'nl',
      tier: { name: 'Gold' },
      credit_balance: 120,
      prepaid_balance_in_cents: 1500,
      terms_pending: false,
    });
    await keep(await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee }));
    await keep(await post(uuid, 'vouchers/redeem', { code: 'TWOFORONE-0001' }));
    await keep(await post(uuid, 'scan-lookup', { value: 'APP-TOKEN-0011' }));
    for (const action of ['rewards', 'vouchers', 'stats']) {
      await keep(await get(uuid, action));
    }
    await keep(await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null }));
    for (const text of answers) expectNothingPrivate(text);
  });

  it('streams the same counter view of the events (no whole e-mail or card code)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    // E-mail on: the component's link-identifier names the customer by their address.
    const uuid = await openSession(t, '', { enable_email_identification: true });
    await post(uuid, 'identify', { value: DEMO.annaCard });
    // A card added in the session (by the POS's v1 component) is an event the counter streams too.
    const added = await t.call({
      method: 'POST',
      url: `/api/v1/portal-sessions/${uuid}/contacts/link-identifier`,
      token: 'undefined',
      headers: { 'x-sdk-version': '0.2.0' },
      payload: { contact_identifier_value: 'ANNA-NEW-CARD-7788', email: DEMO.annaEmail },
    });
    expect(added.statusCode).toBe(200);
    const stream = await readEvents(`http://127.0.0.1:${port}/portal/api/sessions/${uuid}/stream`);
    try {
      const first = await stream.next();
      const second = await stream.next();
      expectNothingPrivate(JSON.stringify([first.data, second.data]), ['ANNA-NEW-CARD-7788']);
      expect(first.data).toMatchObject({
        type: 'contact_identified',
        data: { contact: { email: 'a***@example.com' } },
      });
      expect(second.data).toMatchObject({ type: 'card_added' });
    } finally {
      stream.close();
    }
  });

  it('keeps the POS its whole events (the POS holds an API key)', async () => {
    const uuid = await openSession(t, '', {});
    await post(uuid, 'identify', { value: DEMO.annaCard });
    const res = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
    expect(res.json().data[0].data.contact.email).toBe('anna@example.com');
  });
});

describe('an ended session', () => {
  it('answers no contact data at all, now or after the customer changed', async () => {
    const uuid = await openSession(t, '/credit-reception', { amount_in_cents: 1000 });
    await post(uuid, 'identify', { value: DEMO.annaCard });
    await post(uuid, 'credit-reception');
    expect((await post(uuid, 'complete')).statusCode).toBe(200);
    // Anna earns again elsewhere; the ended session's link tells nothing of it.
    await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: DEMO.anna, unit_value: 10, shop_uuid: DEMO.shop },
    });
    const res = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
    expect(res.statusCode).toBe(200);
    const state = res.json().data;
    expect(state).toMatchObject({
      status: 'completed',
      contact: null,
      contact_proof: null,
      credit_reception: null,
    });
    expectNothingPrivate(res.body, ['Anna', 'a***@example.com', DEMO.anna, '"credit_balance"']);
    expect(res.body).not.toMatch(/"balance/);
  });
});
