import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

/*
 * The real platform's official PHP SDK, as integrations in shops use it (extensions.md "Real clients"):
 * POST/PUT bodies are application/x-www-form-urlencoded as PHP's http_build_query writes them
 * (nested `a[0][b]=…`, booleans 1/0), GET and DELETE carry parameters in the query string, paths
 * carry /api/v3/register/ (and /api before /v3/oauth/clients/), and it reads `data` and `meta`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** http_build_query: nested arrays/objects as bracket keys, booleans as 1/0. */
function httpBuildQuery(value: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (v === null || v === undefined) continue;
    if (typeof v === 'object') parts.push(httpBuildQuery(v as Record<string, unknown>, name));
    else
      parts.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(typeof v === 'boolean' ? (v ? '1' : '0') : String(v))}`,
      );
  }
  return parts.filter(Boolean).join('&');
}

function sdk(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: Record<string, unknown> = {},
  token: string = DEMO.apiKey,
  surface: '/api/v3/register' | '/api/v3/oauth/clients' = '/api/v3/register',
) {
  const query = httpBuildQuery(params);
  const withBody = method === 'POST' || method === 'PUT';
  return t.app.inject({
    method,
    url: `${surface}${path}${!withBody && query ? `?${query}` : ''}`,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(withBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(withBody ? { payload: query } : {}),
  });
}

function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toHaveProperty('data');
  expect(body).toHaveProperty('meta');
  return body.data as Record<string, unknown>;
}

describe('the PHP SDK against this service', () => {
  it('finds a contact by card, then earns credits with a form body', async () => {
    const card = expectEnvelope(
      await sdk('GET', '/contact-identifiers/find', { contact_identifier_value: 'CARD-0002' }),
      200,
    );
    expect(card).toMatchObject({ value: 'CARD-0002', active: true, contact: { uuid: DEMO.ben } });
    const reception = expectEnvelope(
      await sdk(
        'POST',
        '/credit-receptions',
        { contact_uuid: DEMO.ben, unit_value: '10.99', contact_identifier_value: 'CARD-0002' },
        DEMO.registerKey,
      ),
      201,
    );
    expect(reception).toMatchObject({
      type: 'credit_reception',
      credits: 10,
      contact_identifier: { value: 'CARD-0002' },
    });
    const calc = expectEnvelope(
      await sdk(
        'GET',
        '/credit-receptions/calculate',
        { contact_uuid: DEMO.anna, unit_value: '10.99' },
        DEMO.registerKey,
      ),
      200,
    );
    expect(calc).toEqual({ credits: 16 });
  });

  it('creates, links, unlinks and deletes a card with PUT form bodies and DELETE query parameters', async () => {
    expectEnvelope(
      await sdk('POST', '/contact-identifiers', {
        contact_identifier_value: 'SDK-CARD-1',
        contact_identifier_name: 'SDK card',
      }),
      201,
    );
    const linked = expectEnvelope(
      await sdk('PUT', '/contact-identifiers/link', {
        contact_identifier_value: 'SDK-CARD-1',
        contact_uuid: DEMO.carla,
      }),
      200,
    );
    expect(linked).toMatchObject({ name: 'SDK card', contact: { uuid: DEMO.carla } });
    const unlinked = expectEnvelope(
      await sdk('PUT', '/contact-identifiers/unlink', { contact_identifier_value: 'SDK-CARD-1' }),
      200,
    );
    expect(unlinked.contact).toBeNull();
    expect(
      (await sdk('DELETE', '/contact-identifiers', { contact_identifier_value: 'SDK-CARD-1' })).statusCode,
    ).toBe(200);
    const gone = await sdk('GET', '/contact-identifiers/find', { contact_identifier_value: 'SDK-CARD-1' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 60003 });
  });

  it('starts a portal session with booleans as 1/0 and numbers as text', async () => {
    const session = expectEnvelope(
      await sdk(
        'POST',
        '/portal-sessions/redeem-giftcards',
        {
          shop_uuid: DEMO.shop,
          amount_in_cents: '1250',
          allow_multiple_giftcards: false,
          enable_email_identification: true,
          scanner_type: 'hand_scanner',
          camera_service: '2',
          facing_mode: 'environment',
        },
        DEMO.accessToken,
        '/api/v3/oauth/clients',
      ),
      201,
    );
    expect(session.url).toBe(`http://kiosk.test/portal/?uuid=${session.uuid}`);
    expect(session.events).toEqual([]);
    const got = expectEnvelope(
      await sdk('GET', `/portal-sessions/${session.uuid}`, {}, DEMO.accessToken, '/api/v3/oauth/clients'),
      200,
    );
    expect(got).not.toHaveProperty('events');
  });

  it('records a POS transaction and subscribes a contact', async () => {
    const pos = expectEnvelope(
      await sdk(
        'POST',
        '/pos-transactions',
        { amount_in_cents: '2350', transaction_id: '981', terminal_id: '3' },
        DEMO.registerKey,
      ),
      201,
    );
    expect(pos).toMatchObject({ amount_in_cents: 2350, transaction_id: 981, terminal_id: 3 });
    const sub = expectEnvelope(
      await sdk('PUT', `/contact-subscriptions/${DEMO.ben}/subscribe`, {
        subscription_type_uuid: 'c0000000-0000-4000-8000-000000000003',
      }),
      200,
    );
    expect(sub).toMatchObject({ is_subscribed: true, status: 'SUBSCRIBED' });
  });

  it('gets the error body with the field named for a bad form value', async () => {
    const res = await sdk(
      'POST',
      '/portal-sessions',
      { shop_uuid: DEMO.shop, camera_service: '7' },
      DEMO.accessToken,
      '/api/v3/oauth/clients',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 1003,
      status_code: 422,
      errors: { camera_service: [expect.any(String)] },
    });
  });
});
