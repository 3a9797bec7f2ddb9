import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactByUuid } from '../../src/service/domain/contacts/contacts';
import { subscribeContact } from '../../src/service/domain/contacts/subscriptions';
import { createTestApp, DEMO, newContact, type TestApp } from '../helpers/app';

const NEWSLETTER = 'c0000000-0000-4000-8000-000000000001'; // DOUBLE_OPT_IN, id 1
const OFFERS = 'c0000000-0000-4000-8000-000000000002'; // OPT_OUT, id 2
const PARTNER = 'c0000000-0000-4000-8000-000000000003'; // OPT_IN, id 3
const NOBODY = '00000000-0000-4000-8000-00000000dead';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (contact: string) => t.call({ method: 'GET', url: `/contact-subscriptions/${contact}` });
const change = (contact: string, action: 'subscribe' | 'unsubscribe', type: string) =>
  t.call({
    method: 'PUT',
    url: `/contact-subscriptions/${contact}/${action}`,
    payload: { subscription_type_uuid: type },
  });
const statuses = async (contact: string) =>
  Object.fromEntries(
    (await list(contact))
      .json()
      .data.map((s: { subscription_type: { id: number }; status: number }) => [
        s.subscription_type.id,
        s.status,
      ]),
  );
const contactValues = async (contact: string) =>
  (await t.call({ method: 'GET', url: `/contacts/${contact}` })).json().data.current_values;

describe('GET /contact-subscriptions/{contact_uuid}', () => {
  it('lists one subscription per active type with a numeric status', async () => {
    const res = await list(DEMO.anna);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual([
      {
        is_subscribed: true,
        status: 1,
        subscription_type: {
          id: 1,
          uuid: NEWSLETTER,
          name: 'Newsletter',
          description: 'News from Demo Coffee, once a month',
          active: true,
          strategy: 'DOUBLE_OPT_IN',
        },
      },
      expect.objectContaining({
        is_subscribed: true,
        status: 1,
        subscription_type: expect.objectContaining({ id: 2 }),
      }),
      expect.objectContaining({
        is_subscribed: false,
        status: 0,
        subscription_type: expect.objectContaining({ id: 3 }),
      }),
    ]);
    expect(await statuses(DEMO.ben)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });

  it('answers 55031 for an unknown contact', async () => {
    const res = await list(NOBODY);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 55031, message: 'Contact not found', status_code: 404 });
  });
});

describe('PUT /contact-subscriptions/{contact_uuid}/subscribe and /unsubscribe', () => {
  it('subscribes to an OPT_IN type and unsubscribes again (form-encoded)', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/v3/register/contact-subscriptions/${DEMO.ben}/subscribe`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `subscription_type_uuid=${PARTNER}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        is_subscribed: true,
        status: 'SUBSCRIBED',
        subscription_type: {
          id: 3,
          uuid: PARTNER,
          name: 'Partner news',
          description: 'Offers from our partners',
          active: true,
          strategy: 'OPT_IN',
        },
      },
      meta: {},
    });
    expect((await statuses(DEMO.ben))[3]).toBe(1);

    const off = await change(DEMO.ben, 'unsubscribe', PARTNER);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ is_subscribed: false, status: 'UNSUBSCRIBED' });
    expect((await statuses(DEMO.ben))[3]).toBe(0);
    expect((await contactValues(DEMO.ben)).subscription_status_3).toBe('UNSUBSCRIBED');
  });

  it('stores an explicit unsubscribe from an OPT_OUT type', async () => {
    expect((await statuses(DEMO.dirk))[2]).toBe(1);
    const res = await change(DEMO.dirk, 'unsubscribe', OFFERS);
    expect(res.json().data).toMatchObject({
      status: 'UNSUBSCRIBED',
      subscription_type: { strategy: 'OPT_OUT' },
    });
    expect((await statuses(DEMO.dirk))[2]).toBe(0);
    expect((await change(DEMO.dirk, 'subscribe', OFFERS)).json().data.status).toBe('SUBSCRIBED');
  });

  it('double opt-in: PENDING_CONFIRMATION, then SUBSCRIBED through the link in current_values', async () => {
    const contact = await newContact(t);
    expect((await contactValues(contact)).double_opt_in_confirmation_url_1).toBeNull();
    const res = await change(contact, 'subscribe', NEWSLETTER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      is_subscribed: false,
      status: 'PENDING_CONFIRMATION',
      subscription_type: { id: 1, strategy: 'DOUBLE_OPT_IN' },
    });
    expect((await statuses(contact))[1]).toBe(2);

    const values = await contactValues(contact);
    expect(values.subscription_status_1).toBe('PENDING_CONFIRMATION');
    const link = new URL(values.double_opt_in_confirmation_url_1);
    expect(link.origin).toBe('http://kiosk.test');
    expect(link.pathname).toMatch(/^\/subscriptions\/confirm\/[A-Za-z0-9_-]{43}$/);

    const page = await t.call({ method: 'GET', url: link.pathname, token: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Subscription confirmed');
    expect(page.body).toContain('Newsletter');

    expect((await statuses(contact))[1]).toBe(1);
    const after = await contactValues(contact);
    expect(after.subscription_status_1).toBe('SUBSCRIBED');
    expect(after.double_opt_in_confirmation_url_1).toBeNull();

    const reused = await t.call({ method: 'GET', url: link.pathname, token: null });
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toMatchObject({ code: 1003, status_code: 404 });
  });

  it('double opt-in from any state: a subscribed contact goes back to pending with a fresh link', async () => {
    const contact = await newContact(t);
    const pending = await change(contact, 'subscribe', NEWSLETTER);
    expect(pending.json().data.status).toBe('PENDING_CONFIRMATION');
    const confirm = new URL((await contactValues(contact)).double_opt_in_confirmation_url_1).pathname;
    expect((await t.call({ method: 'GET', url: confirm, token: null })).statusCode).toBe(200);
    expect((await statuses(contact))[1]).toBe(1);

    const first = await change(contact, 'subscribe', NEWSLETTER);
    expect(first.json().data.status).toBe('PENDING_CONFIRMATION');
    const oldLink = new URL((await contactValues(contact)).double_opt_in_confirmation_url_1).pathname;
    await change(contact, 'subscribe', NEWSLETTER);
    const newLink = new URL((await contactValues(contact)).double_opt_in_confirmation_url_1).pathname;
    expect(newLink).not.toBe(oldLink);
    expect((await t.call({ method: 'GET', url: oldLink, token: null })).statusCode).toBe(404);

    // Unsubscribing cancels the pending confirmation: its link stops working.
    const off = await change(contact, 'unsubscribe', NEWSLETTER);
    expect(off.json().data).toMatchObject({ is_subscribed: false, status: 'UNSUBSCRIBED' });
    expect((await contactValues(contact)).double_opt_in_confirmation_url_1).toBeNull();
    expect((await t.call({ method: 'GET', url: newLink, token: null })).statusCode).toBe(404);
    expect((await statuses(contact))[1]).toBe(0);
  });

  it('answers 55030 for an unknown subscription type, and for subscribing to an inactive one', async () => {
    const unknown = await change(DEMO.ben, 'subscribe', NOBODY);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 55030, message: 'Subscription type not found', status_code: 404 });
    expect((await change(DEMO.ben, 'unsubscribe', NOBODY)).json().code).toBe(55030);

    await t.app.db
      .insertInto('subscription_types')
      .values([
        {
          id: 90,
          uuid: 'c0000000-0000-4000-8000-000000000090',
          name: 'Old',
          description: null,
          active: 0,
          strategy: 'OPT_IN',
        },
        { id: 91, uuid: null, name: 'No uuid', description: null, active: 1, strategy: 'OPT_IN' },
      ])
      .execute();
    expect((await change(DEMO.ben, 'subscribe', 'c0000000-0000-4000-8000-000000000090')).json().code).toBe(
      55030,
    );
    const leave = await change(DEMO.ben, 'unsubscribe', 'c0000000-0000-4000-8000-000000000090');
    expect(leave.json().data).toMatchObject({ status: 'UNSUBSCRIBED', subscription_type: { active: false } });

    // A type without uuid cannot be named by uuid, but the kiosk can name it by id.
    const ben = await contactByUuid(t.app.db, DEMO.ben);
    const byId = await t.app.tx((tx) => subscribeContact(tx, ben.id, { id: 91 }));
    expect(byId).toMatchObject({ status: 'SUBSCRIBED', subscription_type: { id: 91, uuid: null } });
    expect(await t.app.tx((tx) => subscribeContact(tx, ben.id, {})).catch((e) => e.code)).toBe(55030);
    expect(await t.app.tx((tx) => subscribeContact(tx, ben.id, { id: 999 })).catch((e) => e.code)).toBe(
      55030,
    );
    await t.app.db
      .deleteFrom('contact_subscriptions')
      .where('subscription_type_id', 'in', [90, 91])
      .execute();
    await t.app.db.deleteFrom('subscription_types').where('id', 'in', [90, 91]).execute();
  });

  it('answers 55031 for an unknown contact and 1003 for a missing type, changing nothing', async () => {
    const before = await statuses(DEMO.carla);
    const nobody = await change(NOBODY, 'subscribe', PARTNER);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe(55031);
    expect((await change(NOBODY, 'unsubscribe', PARTNER)).json().code).toBe(55031);
    for (const action of ['subscribe', 'unsubscribe'] as const) {
      const res = await t.call({
        method: 'PUT',
        url: `/contact-subscriptions/${DEMO.carla}/${action}`,
        payload: {},
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 1003,
        message: 'Invalid input',
        status_code: 422,
        errors: { subscription_type_uuid: ['The subscription type uuid field is required.'] },
      });
    }
    expect(await statuses(DEMO.carla)).toEqual(before);
  });
});

describe('GET /subscriptions/confirm/{token}', () => {
  it('answers 404 with the error body for an unknown token, without a bearer token', async () => {
    const res = await t.call({ method: 'GET', url: '/subscriptions/confirm/not-a-token', token: null });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 1003,
      message: 'Unknown or already used confirmation link',
      status_code: 404,
      reason: 'confirmation_link_unknown',
    });
  });
});

describe('authentication', () => {
  it('401 without a token, 403 for an access token or a personal access token', async () => {
    const calls = [
      { method: 'GET', url: `/contact-subscriptions/${DEMO.ben}` },
      {
        method: 'PUT',
        url: `/contact-subscriptions/${DEMO.ben}/subscribe`,
        payload: { subscription_type_uuid: PARTNER },
      },
      {
        method: 'PUT',
        url: `/contact-subscriptions/${DEMO.ben}/unsubscribe`,
        payload: { subscription_type_uuid: OFFERS },
      },
    ] as const;
    for (const call of calls) {
      expect((await t.call({ ...call, token: null })).statusCode).toBe(401);
      for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
        const res = await t.call({ ...call, token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 1003, status_code: 403 });
      }
    }
    expect(await statuses(DEMO.ben)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });
});

describe('OpenAPI', () => {
  it('documents the numeric list status and marks the confirmation link as an extension', async () => {
    const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json();
    expect(doc.paths['/contact-subscriptions/{contact_uuid}'].get.description).toContain('0 = UNSUBSCRIBED');
    const confirm = doc.paths['/subscriptions/confirm/{token}'].get;
    expect(confirm.tags).toContain('Extension');
    expect(confirm.summary).toMatch(/^Extension:/);
    expect(doc.paths['/contact-identifiers'].delete.summary).toContain('Extension:');
  });
});
