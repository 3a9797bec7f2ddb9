import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_VALUE_KEYS } from '../../src/service/domain/contacts/contacts';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /contacts/{uuid}', () => {
  it('returns the contact with balances, tier, subscriptions and the current_values maps', async () => {
    const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toMatchObject({
      uuid: DEMO.anna,
      email: 'anna@example.com',
      tier: { name: 'Gold', position: 2 },
      credit_balance: { balance: 120 },
      prepaid_balance: { balance_in_cents: 1500 },
    });
    expect(data.subscriptions).toContainEqual(
      expect.objectContaining({
        is_subscribed: true,
        status: 'SUBSCRIBED',
        subscription_type: expect.objectContaining({ name: 'Newsletter' }),
      }),
    );
    const spec = [
      'age',
      'city',
      'dier',
      'tier',
      'uuid',
      'email',
      'avatar',
      'locale',
      'status',
      'address',
      'channel',
      'lastname',
      'birthdate',
      'firstname',
      'created_at',
      'postalcode',
      'updated_at',
      'housenumber',
      'phonenumber',
      'is_anonymous',
      'add_to_wallet',
      'a_custom_attribute',
      'loyalty_balance',
      'prepaid_balance',
      'custom_app_login_url',
      'custom_app_login_code',
      'subscription_status_1',
      'loyalty_associated_shops',
      'previous_loyalty_balance',
      'default_contact_identifier',
      'subscription_preferences_url',
      'loyalty_last_transaction_date',
      'loyalty_first_transaction_date',
      'loyalty_number_of_transactions',
      'loyalty_total_credits_received',
      'double_opt_in_confirmation_url_1',
    ];
    for (const key of spec) {
      expect(data.current_values).toHaveProperty(key);
      expect(data.current_display_values).toHaveProperty(key);
    }
    expect(data.current_values).toMatchObject({
      status: 'ACTIVE',
      dier: 'cat',
      age: 36,
      loyalty_balance: 120,
      default_contact_identifier: 'CARD-0001',
    });
  });

  it('lists exactly the built-in keys custom attributes may not take, beside the custom ones', async () => {
    const values = (await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` })).json().data
      .current_values;
    const builtIn = Object.keys(values).filter(
      (k) =>
        !/^(subscription_status|double_opt_in_confirmation_url)_\d+$/.test(k) &&
        !['dier', 'a_custom_attribute', 'dieet', 'trouwdag', 'havermelk', 'kopjes_per_dag'].includes(k),
    );
    expect(builtIn.sort()).toEqual([...CONTACT_VALUE_KEYS].sort());
  });

  it('answers 55031 for an unknown contact', async () => {
    const res = await t.call({ method: 'GET', url: '/contacts/00000000-0000-4000-8000-00000000dead' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 55031, message: 'Contact not found', status_code: 404 });
  });

  it('answers bilingually with Accept-Language: nl', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/contacts/nobody',
      headers: { 'accept-language': 'nl-NL' },
    });
    expect(res.json().message).toBe('Contact niet gevonden | Contact not found');
  });
});

describe('GET /contacts/find-one-by', () => {
  it('finds by e-mail, case-insensitively', async () => {
    const res = await t.call({ method: 'GET', url: '/contacts/find-one-by?email=Ben@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ uuid: DEMO.ben, credit_balance: { balance: 35.5 } });
  });

  it('names the field of a bad e-mail', async () => {
    const res = await t.call({ method: 'GET', url: '/contacts/find-one-by?email=not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 1003,
      message: 'Invalid input',
      status_code: 422,
      errors: { email: ['The email field must be a valid email address.'] },
    });
  });

  it('says the e-mail is required', async () => {
    const res = await t.call({ method: 'GET', url: '/contacts/find-one-by' });
    expect(res.json().errors).toEqual({ email: ['The email field is required.'] });
  });
});

describe('POST /contacts', () => {
  it('creates a contact from an e-mail alone, then refuses a second one (60005)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/contacts',
      payload: { email: 'New.Person@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const { uuid } = res.json().data;
    // The spec's {uuid}, and the rest of the Contact as the real platform answers (the PHP SDK maps it).
    expect(res.json().data).toMatchObject({
      uuid,
      email: 'new.person@example.com',
      subscriptions: expect.any(Array),
    });
    const got = await t.call({ method: 'GET', url: `/contacts/${uuid}` });
    expect(got.json().data).toMatchObject({
      email: 'new.person@example.com',
      credit_balance: { balance: 0 },
    });
    const again = await t.call({
      method: 'POST',
      url: '/contacts',
      payload: { email: 'new.person@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(60005);
  });

  it('accepts a form-encoded body as the PHP SDK sends it', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/contacts',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form%40example.com&referral_code=ABC',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('authentication and framework errors', () => {
  it('401 without a token, before validating input', async () => {
    const res = await t.call({ method: 'POST', url: '/contacts', token: null, payload: { email: 'bad' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 1003, status_code: 401 });
  });

  it('401 for an unknown token', async () => {
    const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token: 'not-a-real-token' });
    expect(res.statusCode).toBe(401);
  });

  it('403 for a token of the wrong kind', async () => {
    for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
      const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 1003, status_code: 403 });
    }
  });

  it('404 with the error body for an unknown path', async () => {
    const res = await t.call({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1003, status_code: 404 });
  });

  it('400 for malformed JSON, 415 for an unsupported content type', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/contacts',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1003, status_code: 400 });
    const xml = await t.call({
      method: 'POST',
      url: '/contacts',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 1003, status_code: 415 });
  });

  it('413 for a body over the limit', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/contacts',
      payload: { email: 'a@b.nl', pad: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 1003, status_code: 413 });
  });

  it('sends rate-limit headers', async () => {
    const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    expect(res.headers['x-ratelimit-limit']).toBe('5000');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
  });
});

describe('reads after a write', () => {
  it('serve the contact and the card as the write left them', async () => {
    const contactUrl = `/contacts/${DEMO.dirk}`;
    const before = (await t.call({ method: 'GET', url: contactUrl })).json().data.credit_balance.balance;
    expect((await t.call({ method: 'GET', url: contactUrl })).json().data.credit_balance.balance).toBe(
      before,
    );
    const earned = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      token: DEMO.registerKey,
      payload: { contact_uuid: DEMO.dirk, credits: 4 },
    });
    expect(earned.statusCode).toBe(201);
    expect((await t.call({ method: 'GET', url: contactUrl })).json().data.credit_balance.balance).toBe(
      before + 4,
    );

    const findUrl = '/contact-identifiers/find?contact_identifier_value=CARD-0005';
    expect((await t.call({ method: 'GET', url: findUrl })).json().data.contact).toMatchObject({
      uuid: DEMO.dirk,
    });
    await t.call({
      method: 'PUT',
      url: '/contact-identifiers/unlink',
      payload: { contact_identifier_value: 'CARD-0005' },
    });
    expect((await t.call({ method: 'GET', url: findUrl })).json().data.contact).toBeNull();
    await t.call({
      method: 'PUT',
      url: '/contact-identifiers/link',
      payload: { contact_identifier_value: 'CARD-0005', contact_uuid: DEMO.dirk },
    });
    expect((await t.call({ method: 'GET', url: findUrl })).json().data.contact).toMatchObject({
      uuid: DEMO.dirk,
    });
  });
});
