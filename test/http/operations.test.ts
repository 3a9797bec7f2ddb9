import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';
import { openSession } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const METRICS_TOKEN = 'metrics-secret-0123456789';

/** One Prometheus sample's value from the text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('health', () => {
  it('answers liveness and readiness without a token', async () => {
    t = await createTestApp();
    const live = await t.call({ method: 'GET', url: '/healthz', token: null });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.call({ method: 'GET', url: '/readyz', token: null });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'done' });
  });

  it('is not ready while a migration of this version is missing from the database', async () => {
    t = await createTestApp();
    await sql`delete from kysely_migration where name = '0002_catalog_rewards_bookings'`.execute(t.app.db);
    const ready = await t.call({ method: 'GET', url: '/readyz', token: null });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      database: 'ok',
      migrations: 'pending: 0002_catalog_rewards_bookings',
    });
  });

  it('is not ready when the database does not answer, and says so', async () => {
    t = await createTestApp();
    await t.app.db.destroy();
    const ready = await t.call({ method: 'GET', url: '/readyz', token: null });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'not_ready',
      database: expect.stringMatching(/^unreachable: /),
    });
    expect((await t.call({ method: 'GET', url: '/healthz', token: null })).statusCode).toBe(200);
  });

  it('is never rate limited', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '2'] });
    for (let i = 0; i < 5; i++) {
      expect((await t.call({ method: 'GET', url: '/readyz', token: null })).statusCode).toBe(200);
    }
  });
});

describe('metrics', () => {
  it('are not served on the main port without --metrics-token', async () => {
    t = await createTestApp();
    await expectError(await t.call({ method: 'GET', url: '/metrics', token: null }), 1003, 404);
  });

  it('need the metrics token: 401 with the error body otherwise, never an API key', async () => {
    t = await createTestApp({ argv: ['--metrics-token', METRICS_TOKEN] });
    await expectError(await t.call({ method: 'GET', url: '/metrics', token: null }), 1003, 401);
    await expectError(await t.call({ method: 'GET', url: '/metrics' }), 1003, 401);
    await expectError(
      await t.call({ method: 'GET', url: '/metrics', token: `${METRICS_TOKEN}x` }),
      1003,
      401,
    );
  });

  it('count requests by route and status, time them, and count open sessions and event streams', async () => {
    t = await createTestApp({ argv: ['--metrics-token', METRICS_TOKEN] });
    const scrape = async () => {
      const res = await t!.call({ method: 'GET', url: '/metrics', token: METRICS_TOKEN });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    const before = await scrape();
    const sessions = sample(before, 'portal_sessions_open') ?? 0;
    await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    await t.call({ method: 'GET', url: '/contacts/d0000000-0000-4000-8000-00000000ffff' });
    await t.call({ method: 'GET', url: '/contacts/%zz' });
    const uuid = await openSession(t);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await readEvents(`${base}/portal-sessions/${uuid}/events/stream`, {
      authorization: `Bearer ${DEMO.apiKey}`,
    });
    try {
      const text = await scrape();
      const route = '/contacts/:contact_uuid';
      expect(sample(text, 'portal_http_requests_total', { method: 'GET', route, status: '200' })).toBe(2);
      expect(sample(text, 'portal_http_requests_total', { method: 'GET', route, status: '404' })).toBe(1);
      expect(sample(text, 'portal_http_requests_total', { route: 'unmatched', status: '400' })).toBe(1);
      expect(
        sample(text, 'portal_http_request_duration_seconds_count', { method: 'GET', route, status: '200' }),
      ).toBe(2);
      expect(
        sample(text, 'portal_http_request_duration_seconds_bucket', { route, status: '200', le: '+Inf' }),
      ).toBe(2);
      expect(sample(text, 'portal_sessions_open')).toBe(sessions + 1);
      expect(sample(text, 'portal_event_streams_open')).toBe(1);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      if (t.app.dialect === 'postgres') {
        expect(sample(text, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      }
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample(await scrape(), 'portal_event_streams_open')).toBe(0);
    const cancelled = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${uuid}/cancel`,
      token: null,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(sample(await scrape(), 'portal_sessions_open')).toBe(sessions);
  });
});

describe('framework errors answer the error body', () => {
  it.each(['/contacts/%', '/contacts/%zz', '/contacts/%FF%FE', '/portal/api/sessions/%E0%A4%A/state'])(
    'malformed percent-encoding in %s → 400 with code 1003',
    async (url) => {
      t = await createTestApp();
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 1003,
        message: 'Malformed percent-encoding in the path',
        status_code: 400,
      });
      const dutch = await t.call({ method: 'GET', url, headers: { 'accept-language': 'nl' } });
      expect(dutch.json().message).toBe(
        'Ongeldige procentcodering in het pad | Malformed percent-encoding in the path',
      );
    },
  );

  it('checks the token before a long path parameter, then validates it like any input', async () => {
    t = await createTestApp();
    const long = 'a'.repeat(5000);
    await expectError(await t.call({ method: 'GET', url: `/contacts/${long}`, token: null }), 1003, 401);
    await expectError(
      await t.call({ method: 'GET', url: `/contacts/${long}`, token: DEMO.personalAccessToken }),
      1003,
      403,
    );
    const invalid = await expectError(await t.call({ method: 'GET', url: `/contacts/${long}` }), 1003, 422);
    expect(Object.keys(invalid.errors ?? {})).toEqual(['contact_uuid']);
    const session = await t.call({ method: 'GET', url: `/portal-sessions/${long}` });
    expect(session.statusCode).toBeGreaterThanOrEqual(400);
    expect(session.statusCode).toBeLessThan(500);
    expect(session.json()).toMatchObject({ code: expect.any(Number), status_code: session.statusCode });
  });

  it('refuses a NUL character in a path parameter, query or body string with 1003 naming the field', async () => {
    t = await createTestApp();
    const inPath = await expectError(await t.call({ method: 'GET', url: '/contacts/a%00b' }), 1003, 422);
    expect(inPath.errors).toEqual({
      contact_uuid: ['The contact uuid field must not contain a NUL character.'],
    });
    const inQuery = await expectError(
      await t.call({ method: 'GET', url: '/contacts/find-one-by?email=anna%00@example.com' }),
      1003,
      422,
    );
    expect(Object.keys(inQuery.errors ?? {})).toEqual(['email']);
    const inBody = await expectError(
      await t.call({
        method: 'POST',
        url: '/contacts',
        payload: { email: 'nul@example.com', first_name: 'A\u0000B' },
      }),
      1003,
      422,
    );
    expect(Object.keys(inBody.errors ?? {})).toEqual(['first_name']);
    // The token still comes first.
    await expectError(await t.call({ method: 'GET', url: '/contacts/a%00b', token: null }), 1003, 401);
  });

  it('answers requests Node itself refuses with the error body too', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const send = (text: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let out = '';
        socket.on('data', (chunk) => {
          out += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = out.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
        });
      });
    const cases: [string, number, string][] = [
      ['GARBAGE\r\n\r\n', 400, 'Malformed HTTP request'],
      [
        `GET /contacts/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        431,
        'Request line and headers exceed 16 KiB',
      ],
      ['GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'Missing Host header'],
      [
        'POST /contacts HTTP/1.1\r\nHost: x\r\nExpect: 100-later\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        417,
        'Unsupported Expect header (only 100-continue)',
      ],
    ];
    for (const [text, status, message] of cases) {
      expect(await send(text)).toEqual({ status, body: { code: 1003, message, status_code: status } });
    }
  });

  it('a small fuzz: every documented path with malformed or oversized parameters answers the error body, never 5xx', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '0'] });
    const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const values = ['%', '%zz', '%FF%FE', '%00', '..', '%2F%2E%2E', 'a'.repeat(3000), '%E2%82'];
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.includes('{')) continue;
      for (const method of Object.keys(operations)) {
        for (const value of values) {
          const url = path.replace(/\{[^}]+\}/g, value);
          const res = await t.call({
            method: method.toUpperCase() as 'GET',
            url,
            ...(method === 'get' ? {} : { payload: {} }),
          });
          // A path that normalises to / gets the start page (HTML); every error is the JSON body.
          const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
          const body = json ? (JSON.parse(res.body) as { code?: unknown; status_code?: unknown }) : {};
          const ok =
            res.statusCode < 500 &&
            (res.statusCode < 400 || (typeof body.code === 'number' && body.status_code === res.statusCode));
          if (!ok)
            failures.push(
              `${method.toUpperCase()} ${url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
