import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER } from '../helpers/cashier';
import { openSession } from '../helpers/portal';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and the error body past the limit, per credential', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '3'] });
    for (let i = 0; i < 3; i++) {
      const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 1003, status_code: 429 });
    const other = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token: DEMO.registerKey });
    expect(other.statusCode).toBe(200);
  });

  it('can be turned off with 0: every credential, the portal API and the cashier console, without limit', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '0'] });
    const app = t;
    const calls = [
      () => app.call({ method: 'GET', url: `/contacts/${DEMO.anna}` }),
      () =>
        app.call({ method: 'GET', url: `/api/v3/register/contacts/${DEMO.anna}`, token: DEMO.registerKey }),
      () =>
        app.call({
          method: 'GET',
          url: `/api/v3/oauth/clients/contacts/${DEMO.anna}`,
          token: DEMO.personalAccessToken,
        }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // Past the portal session's own limit (300 a minute) and the console's pairing limit (10).
    const session = await openSession(app);
    for (let i = 0; i < 305; i++) {
      const res = await app.call({ method: 'GET', url: `/portal/api/sessions/${session}`, token: null });
      expect(res.statusCode).toBe(200);
    }
    let cookie = '';
    for (let i = 0; i < 12; i++) {
      const paired = await app.call({
        method: 'POST',
        url: '/cashier/api/pair',
        token: null,
        payload: { token: CASHIER.amsterdam },
      });
      expect(paired.statusCode).toBe(200);
      cookie = String(paired.headers['set-cookie']).split(';')[0]!;
    }
    const device = await app.call({
      method: 'GET',
      url: '/cashier/api/device',
      token: null,
      headers: { cookie },
    });
    expect(device.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the document and the reference page', async () => {
    t = await createTestApp();
    const doc = await t.call({ method: 'GET', url: '/openapi.json', token: null });
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toBe('3.1.0');
    expect(json.paths['/contacts/{contact_uuid}'].get.security).toEqual([{ bearer: [] }]);
    expect(json.paths['/contacts/{contact_uuid}'].get.description).toContain('Auth K');
    const page = await t.call({ method: 'GET', url: '/docs', token: null });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sends the document brotli- or gzip-compressed as the client accepts, the same JSON', async () => {
    t = await createTestApp();
    const plain = await t.call({ method: 'GET', url: '/openapi.json', token: null });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.call({
        method: 'GET',
        url: '/openapi.json',
        token: null,
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });
});

describe('real platform path prefixes', () => {
  it('serves /api/v3/register/<path> as <path>', async () => {
    t = await createTestApp();
    const res = await t.call({ method: 'GET', url: `/api/v3/register/contacts/${DEMO.anna}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(DEMO.anna);
  });
});
