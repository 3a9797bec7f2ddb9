import { readFileSync } from 'node:fs';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';

/*
 * The cashier console's security: the browser holds a cookie it cannot read (httpOnly,
 * SameSite=Strict, Secure under TLS), never an API key; cross-site calls are refused; every call
 * is scoped to the device's shop; calls are rate-limited.
 */

let t: TestApp;
let amsterdam: string;
let utrecht: string;

beforeAll(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
  amsterdam = await pair(t, CASHIER.amsterdam);
  utrecht = await pair(t, CASHIER.utrecht);
});
afterAll(() => t.close());

/** Every secret of the fixture that is not the console's own: no console answer may carry one. */
const FOREIGN_SECRETS = [
  ...cashierFixture().credentials.map((c) => c.token),
  ...cashierFixture().devices.map((d) => d.token),
  ...cashierFixture().cashier_devices.map((d) => d.token),
  ...cashierFixture().oauth_clients.map((c) => c.secret),
];

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Strict, limited to /cashier and not Secure over plain http', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      payload: { token: CASHIER.amsterdam },
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^portal_cashier=[\w-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/cashier');
    expect(header).toMatch(/Max-Age=\d+/);
    expect(header).not.toContain('Secure');
  });

  it('is Secure when the request came over TLS', async () => {
    const tls = join(import.meta.dirname, '..', 'fixtures', 'tls');
    const server = createServer(
      { key: readFileSync(join(tls, 'localhost.key')), cert: readFileSync(join(tls, 'localhost.crt')) },
      (req, res) => t.app.routing(req, res),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const setCookie = await new Promise<string[]>((resolve, reject) => {
        const body = JSON.stringify({ token: CASHIER.amsterdam });
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/cashier/api/pair',
            method: 'POST',
            rejectUnauthorized: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            expect(res.statusCode).toBe(200);
            resolve(res.headers['set-cookie'] ?? []);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(setCookie[0]).toMatch(/; Secure/);
      expect(setCookie[0]).toContain('HttpOnly');
      expect(setCookie[0]).toContain('SameSite=Strict');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('cross-site calls', () => {
  it('refuses a POST from another origin (403) and one that is not JSON (415); nothing is started', async () => {
    const before = await t.app.db.selectFrom('portal_sessions').select('id').execute();
    const crossSite = await consoleCall(
      t,
      amsterdam,
      'POST',
      '/sessions',
      { type: 'identify' },
      {
        origin: 'https://evil.example',
      },
    );
    expectReason(crossSite, 'cross_site_call');
    const form = await t.call({
      method: 'POST',
      url: '/cashier/api/sessions',
      token: null,
      headers: { cookie: amsterdam, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'type=identify',
    });
    expectReason(form, 'not_json');
    const pairForm = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ token: CASHIER.amsterdam }),
    });
    expect(pairForm.statusCode).toBe(415);
    expect(await t.app.db.selectFrom('portal_sessions').select('id').execute()).toHaveLength(before.length);
    // The console's own origin is fine.
    const sameSite = await consoleCall(
      t,
      amsterdam,
      'POST',
      '/sessions',
      { type: 'identify' },
      {
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
    );
    expect(sameSite.statusCode).toBe(201);
  });
});

describe('no API key', () => {
  it('is in any answer of the console, errors included', async () => {
    const answers: string[] = [];
    const record = async (res: Awaited<ReturnType<typeof consoleCall>>) => {
      answers.push(res.body, JSON.stringify(res.headers));
      return res;
    };
    const started = await record(
      await consoleCall(t, amsterdam, 'POST', '/sessions', {
        type: 'credit_reception',
        contact_uuid: DEMO.anna,
      }),
    );
    const uuid = started.json().data.uuid;
    for (const [method, path, payload] of [
      ['GET', '/device', undefined],
      ['GET', '/sessions', undefined],
      ['GET', `/sessions/${uuid}`, undefined],
      ['POST', '/contacts/find', { query: 'anna@example.com' }],
      ['POST', '/contacts/find', { query: 'CARD-0001' }],
      ['POST', '/contacts/find', { query: 'nobody@example.com' }],
      ['POST', `/sessions/${uuid}/purchase`, { amount_in_cents: 1000 }],
      ['POST', `/sessions/${uuid}/cancel`, {}],
      ['POST', `/sessions/${uuid}/cancel`, {}],
      ['POST', '/sessions', { type: 'nonsense' }],
    ] as const) {
      await record(await consoleCall(t, amsterdam, method, path, payload));
    }
    await record(await consoleCall(t, null, 'GET', '/device'));
    const text = answers.join('\n');
    for (const secret of FOREIGN_SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/bearer/i);
  });
});

describe('every call is scoped to the device’s shop', () => {
  it('each session route answers another shop’s session as unknown (404), from the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/cashier/api/sessions/{uuid}'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ path, method: method.toUpperCase() })));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const session = (
      await consoleCall(t, amsterdam, 'POST', '/sessions', { type: 'credit_reception' })
    ).json().data;
    for (const { path, method } of routes) {
      const url = path.replace('/cashier/api', '').replace('{uuid}', session.uuid);
      const res = await consoleCall(t, utrecht, method as 'GET' | 'POST', url, { amount_in_cents: 100 });
      expect({ method, path, status: res.statusCode }).toEqual({ method, path, status: 404 });
    }
    const after = (await consoleCall(t, amsterdam, 'GET', `/sessions/${session.uuid}`)).json().data;
    expect(after).toMatchObject({ status: 'open', purchase_in_cents: null, events: [] });
  });

  it('lists, streams and starts only at the device’s shop', async () => {
    const mine = (await consoleCall(t, amsterdam, 'POST', '/sessions', { type: 'vouchers' })).json().data;
    const theirs = await consoleCall(t, utrecht, 'GET', '/sessions?since=2000-01-01T00:00:00Z');
    expect(theirs.json().data.map((s: { uuid: string }) => s.uuid)).not.toContain(mine.uuid);
    const started = (await consoleCall(t, utrecht, 'POST', '/sessions', { type: 'vouchers' })).json().data;
    const pub = await t.call({ method: 'GET', url: `/portal-sessions/${started.uuid}` });
    expect(pub.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  let cookie: string;
  beforeAll(async () => {
    limited = await createTestApp({ fixture: cashierFixture(), argv: ['--rate-limit', '5000'] });
    cookie = await pair(limited, CASHIER.amsterdam);
  });
  afterAll(() => limited.close());

  it('allows 10 pairing attempts a minute per address (one used to pair), then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await limited.call({
        method: 'POST',
        url: '/cashier/api/pair',
        token: null,
        payload: { token: `guess-${i}-aaaaaaaaaaaa` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(9).fill(401), 429]);
  });

  it('limits a console session to 600 calls a minute, apart from the pairing limit', async () => {
    const res = await consoleCall(limited, cookie, 'GET', '/device');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    expect(res.headers['x-ratelimit-remaining']).toBe('599');
  });
});
