import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';

/*
 * The requests of the real platform's official PHP SDK (piggy/piggy-php-sdk), byte for byte as its
 * source sends them, without PHP (test/http/php-sdk.test.ts runs the SDK itself):
 * - BaseClient::request passes Guzzle `form_params` on every call: POST and PUT bodies are
 *   application/x-www-form-urlencoded as http_build_query writes them (nested `options[0][label]=…`,
 *   true/false as 1/0, null values left out); GET and DELETE carry their parameters in the query
 *   string and still send that content type with an empty body. Headers: Accept: application/json,
 *   Authorization: Bearer <token>.
 * - RegisterClient calls /api/v3/register/<path> with an API key; OAuthClientApiKey and OAuthClient
 *   call /api/v3/oauth/clients/<path>, OAuthClient with the access token of POST /oauth/token.
 * - The requests below are each a resource method's own (Resources/Register, Resources/OAuth).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REGISTER = '/api/v3/register';
const OAUTH = '/api/v3/oauth/clients';

/** PHP's http_build_query: nested arrays as bracket keys, booleans as 1/0, nulls left out. */
function httpBuildQuery(value: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (v === null || v === undefined) continue;
    if (typeof v === 'object') parts.push(httpBuildQuery(v as Record<string, unknown>, name));
    else {
      const text = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.filter(Boolean).join('&');
}

/** One SDK request: BaseClient::get/destroy put the parameters in the URL, post/put in a form body. */
function sdk(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  params: Record<string, unknown>,
  token: string,
) {
  const query = httpBuildQuery(params);
  const inBody = method === 'POST' || method === 'PUT';
  return t.app.inject({
    method,
    url: !inBody && query ? `${url}?${query}` : url,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: inBody ? query : '',
  });
}

/** The SDK's parseResponse: a JSON body with `data` (and `meta`); answers `data`. */
function dataOf(res: { statusCode: number; json(): unknown }, status = 200) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toHaveProperty('data');
  expect(body).toHaveProperty('meta');
  return body.data as Record<string, unknown>;
}

describe('RegisterClient (API key, /api/v3/register)', () => {
  it('contactIdentifiers->get, creditReceptions->create with pos_transaction_id, then reverse by GET', async () => {
    const card = dataOf(
      await sdk(
        'GET',
        `${REGISTER}/contact-identifiers/find`,
        { contact_identifier_value: 'CARD-0002' },
        DEMO.registerKey,
      ),
    );
    expect(card).toMatchObject({ value: 'CARD-0002', active: true, contact: { uuid: DEMO.ben } });
    const pos = dataOf(
      await t.call({
        method: 'POST',
        url: '/pos-transactions',
        token: DEMO.registerKey,
        payload: { amount_in_cents: 1099 },
      }),
      201,
    );
    // CreditReceptionsResource::create: pos_transaction_id carries the POS transaction's uuid.
    const create = () =>
      sdk(
        'POST',
        `${REGISTER}/credit-receptions`,
        {
          contact_uuid: DEMO.ben,
          unit_value: 10.99,
          credits: null,
          contact_identifier_value: 'CARD-0002',
          unit_name: null,
          pos_transaction_id: pos.uuid,
        },
        DEMO.registerKey,
      );
    const reception = dataOf(await create(), 201);
    expect(reception).toMatchObject({
      type: 'credit_reception',
      channel: 'API',
      credits: 10,
      contact_identifier: { value: 'CARD-0002', active: true, contact: { uuid: DEMO.ben } },
      shop: { uuid: DEMO.shop },
    });
    // The POS transaction is linked: a second reception for it is refused.
    await expectError(await create(), 6001, 409);
    // CreditReceptionsResource::reverse is a GET.
    const reversed = dataOf(
      await sdk('GET', `${REGISTER}/credit-receptions/${reception.uuid}/reverse`, {}, DEMO.registerKey),
      201,
    );
    expect(reversed).toMatchObject({ type: 'credit_reception', credits: -10 });
    await expectError(
      await sdk('GET', `${REGISTER}/credit-receptions/${reception.uuid}/reverse`, {}, DEMO.registerKey),
      1003,
    );
  });

  it('creditReceptions->calculate sends shop_uuid (and a null account_uuid)', async () => {
    const calc = dataOf(
      await sdk(
        'GET',
        `${REGISTER}/credit-receptions/calculate`,
        { contact_uuid: DEMO.anna, shop_uuid: DEMO.shop, unit_value: '10.99', account_uuid: null },
        DEMO.registerKey,
      ),
    );
    expect(calc).toEqual({ credits: 16 });
  });

  it('giftcardTransactions->create, then ->reverse by GET', async () => {
    const transaction = dataOf(
      await sdk(
        'POST',
        `${REGISTER}/giftcard-transactions`,
        { giftcard_uuid: 'f1000000-0000-4000-8000-000000000002', amount_in_cents: -1250 },
        DEMO.registerKey,
      ),
      201,
    );
    const reversed = dataOf(
      await sdk('GET', `${REGISTER}/giftcard-transactions/${transaction.uuid}/reverse`, {}, DEMO.registerKey),
      201,
    );
    expect(reversed).toMatchObject({ amount_in_cents: 1250 });
    // Only on the register surface, where the SDK sends it; elsewhere reverse stays a POST.
    expect(
      (await sdk('GET', `/giftcard-transactions/${transaction.uuid}/reverse`, {}, DEMO.apiKey)).statusCode,
    ).toBe(404);
  });

  it('rewardReceptions->create sends no shop_uuid: a register key claims at its shop', async () => {
    const reception = dataOf(
      await sdk(
        'POST',
        `${REGISTER}/reward-receptions`,
        {
          contact_uuid: DEMO.dirk,
          reward_uuid: 'e0000000-0000-4000-8000-000000000001',
          contact_identifier_value: 'CARD-0005',
        },
        DEMO.registerKeyUtrecht,
      ),
      201,
    );
    expect(reception).toMatchObject({
      type: 'reward_reception',
      channel: 'API',
      shop: { uuid: DEMO.shopUtrecht },
      contact_identifier: { value: 'CARD-0005' },
    });
  });

  it('rewards->update sends the reward’s own read-only fields back; they must be unchanged', async () => {
    const url = `${REGISTER}/rewards/e0000000-0000-4000-8000-000000000004`;
    // array_merge([title, description, required_credits], $reward->getAttributes()) of the mapped
    // PhysicalReward: its attributes are the fields the mapper did not take (type, pre_redeemable, …).
    const update = (attributes: Record<string, unknown>) =>
      sdk(
        'PUT',
        url,
        {
          title: 'Coffee beans 1 kg',
          description: 'Our house blend',
          required_credits: 450,
          type: 'reward',
          pre_redeemable: false,
          expiration_duration: 60,
          ...attributes,
        },
        DEMO.registerKey,
      );
    expect(dataOf(await update({}))).toMatchObject({ required_credits: 450, pre_redeemable: false });
    const changed = await expectError(await update({ pre_redeemable: true, expiration_duration: 5 }), 1003);
    expect(Object.keys(changed.errors ?? {}).sort()).toEqual(['expiration_duration', 'pre_redeemable']);
  });

  it('contactIdentifiers->create, link, unlink, delete (DELETE with the value in the query string)', async () => {
    const id = (value: string) => ({ contact_identifier_value: value });
    const created = dataOf(
      await sdk(
        'POST',
        `${REGISTER}/contact-identifiers`,
        {
          contact_uuid: DEMO.carla,
          contact_identifier_value: 'SDK-CARD-1',
          contact_identifier_name: 'SDK card',
        },
        DEMO.registerKey,
      ),
      201,
    );
    expect(created).toMatchObject({ name: 'SDK card', contact: { uuid: DEMO.carla } });
    expect(
      dataOf(await sdk('PUT', `${REGISTER}/contact-identifiers/unlink`, id('SDK-CARD-1'), DEMO.registerKey))
        .contact,
    ).toBeNull();
    const linked = dataOf(
      await sdk(
        'PUT',
        `${REGISTER}/contact-identifiers/link`,
        { ...id('SDK-CARD-1'), contact_uuid: DEMO.ben },
        DEMO.registerKey,
      ),
    );
    expect(linked).toMatchObject({ contact: { uuid: DEMO.ben } });
    // The register resource maps the answer of delete as a Contact Identifier.
    const deleted = dataOf(
      await sdk('DELETE', `${REGISTER}/contact-identifiers`, id('SDK-CARD-1'), DEMO.registerKey),
    );
    expect(deleted).toMatchObject({ value: 'SDK-CARD-1', name: 'SDK card', contact: { uuid: DEMO.ben } });
    await expectError(
      await sdk('GET', `${REGISTER}/contact-identifiers/find`, id('SDK-CARD-1'), DEMO.registerKey),
      60003,
      404,
    );
  });

  it('contactSubscriptions->list sends the contact uuid in the path and the query string', async () => {
    const list = dataOf(
      await sdk(
        'GET',
        `${REGISTER}/contact-subscriptions/${DEMO.ben}`,
        { contact_uuid: DEMO.ben },
        DEMO.registerKey,
      ),
    );
    expect(Array.isArray(list)).toBe(true);
  });

  it('contacts->create with a bad e-mail: the error body the SDK maps (code, status_code, errors)', async () => {
    const res = await sdk('POST', `${REGISTER}/contacts`, { email: 'not-an-email' }, DEMO.registerKey);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 1003,
      status_code: 422,
      errors: { email: [expect.any(String)] },
    });
  });
});

describe('OAuthClientApiKey and OAuthClient (/api/v3/oauth/clients)', () => {
  it('perk->create sends its data type as dataType, options nested', async () => {
    const perk = dataOf(
      await sdk(
        'POST',
        `${OAUTH}/perks`,
        {
          label: 'Free refill',
          name: 'free_refill',
          dataType: 'boolean',
          options: [
            { label: 'Yes', value: true, default: false },
            { label: 'No', value: false, default: true },
          ],
        },
        DEMO.apiKey,
      ),
      201,
    );
    expect(perk).toMatchObject({ name: 'free_refill', data_type: 'boolean' });
    const both = await expectError(
      await sdk(
        'POST',
        `${OAUTH}/perks`,
        {
          label: 'X',
          name: 'x_perk',
          dataType: 'boolean',
          data_type: 'single_select',
          options: [{ label: 'A', value: 'a', default: true }],
        },
        DEMO.apiKey,
      ),
      1003,
    );
    expect(Object.keys(both.errors ?? {})).toEqual(['dataType']);
  });

  it('voucher->lock and ->release post to paths with a trailing slash', async () => {
    const uuid = '91000000-0000-4000-8000-000000000001';
    const locked = dataOf(await sdk('POST', `${OAUTH}/vouchers/${uuid}/lock/`, {}, DEMO.apiKey));
    expect(locked).toMatchObject({ voucher: { uuid, status: 'LOCKED' }, lock: { unlocked_at: null } });
    const releaseKey = (locked.lock as { release_key: string }).release_key;
    const released = dataOf(
      await sdk('POST', `${OAUTH}/vouchers/${uuid}/release/`, { release_key: releaseKey }, DEMO.apiKey),
    );
    expect(released).toMatchObject({ voucher: { status: 'ACTIVE' }, lock: { release_key: releaseKey } });
  });

  it('OAuthClient: POST /oauth/token (a form, not enveloped), then portalSessions->create and ->get', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      payload: httpBuildQuery({
        grant_type: 'client_credentials',
        client_id: DEMO.oauthClientId,
        client_secret: DEMO.oauthClientSecret,
      }),
    });
    expect(res.statusCode).toBe(200);
    const { token_type, expires_in, access_token } = res.json();
    expect({ token_type, expires_in }).toEqual({ token_type: 'Bearer', expires_in: 3600 });
    const session = dataOf(
      await sdk(
        'POST',
        `${OAUTH}/portal-sessions`,
        { shop_uuid: DEMO.shop, contact_uuid: DEMO.ben },
        access_token,
      ),
      201,
    );
    expect(session).toMatchObject({ shop: { uuid: DEMO.shop }, contact: { uuid: DEMO.ben } });
    const got = dataOf(await sdk('GET', `${OAUTH}/portal-sessions/${session.uuid}`, {}, access_token));
    expect(got).toMatchObject({ uuid: session.uuid, url: session.url });
    // The register surface takes API keys only.
    await expectError(
      await sdk('GET', `${REGISTER}/portal-sessions/${session.uuid}`, {}, access_token),
      1003,
      403,
    );
  });
});
