import { Agent, request as httpRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { openSession } from '../helpers/portal';

/*
 * Failed authentication counts per client address, and no made-up credential, cookie or spelling
 * of a session uuid buys a rate-limit bucket of its own (docs/operations.md "Rate limits").
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const CONTACT = `/contacts/${DEMO.anna}`;
const FAILURE_LIMIT = 60;

describe('failed authentication', () => {
  it('counts per client address: X-RateLimit-* on every 401, then 429 with Retry-After; other addresses go on', async () => {
    t = await createTestApp();
    const app = t;
    const from = (remoteAddress: string, token: string | null) =>
      app.call({ method: 'GET', url: CONTACT, token, remoteAddress });
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      const res = await from('10.1.1.1', i % 2 ? `made-up-${i}` : null);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBe(String(FAILURE_LIMIT));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(FAILURE_LIMIT - 1 - i));
    }
    const limited = await from('10.1.1.1', 'made-up-again');
    expectReason(limited, 'too_many_failed_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A token not seen yet is not even looked up from there now.
    expectReason(await from('10.1.1.1', DEMO.personalAccessToken), 'too_many_failed_attempts');
    expect((await from('10.1.1.2', DEMO.apiKey)).statusCode).toBe(200);
    expect((await from('10.1.1.2', 'made-up')).statusCode).toBe(401);
  });

  it('counts refused console cookies, pairing tokens, OAuth secrets and standby tokens alike', async () => {
    t = await createTestApp();
    const app = t;
    const remoteAddress = '10.2.2.2';
    const attempts = [
      () =>
        app.call({
          method: 'GET',
          url: '/cashier/api/device',
          token: null,
          headers: { cookie: 'portal_cashier=x' },
          remoteAddress,
        }),
      () =>
        app.call({
          method: 'POST',
          url: '/oauth/token',
          token: 'made-up',
          payload: { grant_type: 'client_credentials', client_id: 1, client_secret: 'wrong-secret' },
          remoteAddress,
        }),
      () =>
        app.call({ method: 'GET', url: '/portal/api/devices/guess-0000', token: 'made-up', remoteAddress }),
    ];
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      const res = await attempts[i % attempts.length]!();
      expect([401, 404]).toContain(res.statusCode);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(FAILURE_LIMIT - 1 - i));
    }
    for (const attempt of attempts) expectReason(await attempt(), 'too_many_failed_attempts');
    const pairing = await app.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      payload: { token: 'not-a-device-token' },
      remoteAddress,
    });
    expectReason(pairing, 'too_many_failed_attempts');
  });

  // Memory is the same on both engines; on PostgreSQL each refusal is one more statement (the shared
  // count), which makes 100,000 of them take minutes, so this one runs on SQLite.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    '100,000 distinct unknown tokens: 429 past the limit, and none of them stays in memory',
    async () => {
      t = await createTestApp();
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      const get = (token: string) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            `${base}${CONTACT}`,
            { agent, headers: { authorization: `Bearer ${token}` } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end();
        });
      const statuses = new Map<number, number>();
      const flood = async (from: number, count: number) => {
        let next = from;
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            while (next < from + count) {
              const status = await get(`made-up-${next++}`);
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }
          }),
        );
      };
      // Warm: the paths of a refusal run once before the heap is measured.
      const started = Date.now();
      await flood(0, 1000);
      gc();
      const before = process.memoryUsage().heapUsed;
      await flood(1000, 100_000);
      gc();
      const grown = process.memoryUsage().heapUsed - before;
      agent.destroy();
      // 60 failures a minute: a slow run sees a new window every minute.
      const windows = Math.ceil((Date.now() - started) / 60_000);
      expect(statuses.get(401)).toBeGreaterThanOrEqual(FAILURE_LIMIT);
      expect(statuses.get(401)).toBeLessThanOrEqual(FAILURE_LIMIT * windows);
      expect(statuses.get(429)).toBe(101_000 - statuses.get(401)!);
      // Keeping them took some 300 bytes each (30 MB); now nothing grows with their number.
      expect(grown).toBeLessThan(5 * 1024 * 1024);
    },
    180_000,
  );
});

describe('rate-limit buckets cannot be bought', () => {
  it('pairing counts per client address, whatever cookie comes along', async () => {
    t = await createTestApp();
    for (let i = 0; i < 10; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/cashier/api/pair',
        token: null,
        headers: { cookie: `portal_cashier=made-up-${i}` },
        payload: { token: CASHIER.amsterdam },
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      headers: { cookie: 'portal_cashier=yet-another' },
      payload: { token: CASHIER.amsterdam },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a made-up bearer token on a kiosk call is no bucket of its own: the session counts', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '5'] });
    const uuid = await openSession(t);
    const lookup = (token: string) =>
      t!.call({
        method: 'POST',
        url: `/portal/api/sessions/${uuid}/scan-lookup`,
        token,
        payload: { value: 'X' },
      });
    for (let i = 0; i < 5; i++) expect((await lookup(`made-up-${i}`)).statusCode).toBe(200);
    expect((await lookup('made-up-5')).statusCode).toBe(429);
  });

  // Defect 8: the v1 API's session calls counted against the client address (5000 a minute), so a
  // screen on the v1 API had 400 check-code answers where the kiosk's API stops at 300. Here 40 a
  // minute for every bucket, so that a shared budget and separate ones tell apart quickly.
  it('a session has one budget a minute, whichever API its screen calls (kiosk or v1)', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '40'] });
    const checkCode = (uuid: string) =>
      t!.call({
        method: 'GET',
        url: `/api/v1/portal-sessions/${uuid}/check-code?code=${DEMO.annaCard}`,
        token: 'undefined',
      });
    const kioskLookup = (uuid: string) =>
      t!.call({
        method: 'POST',
        url: `/portal/api/sessions/${uuid}/scan-lookup`,
        token: null,
        payload: { value: DEMO.annaCard },
      });

    // The v1 API alone spends the session's budget: then both APIs answer 429.
    const v1Only = await openSession(t);
    for (let i = 0; i < 40; i++) expect((await checkCode(v1Only)).statusCode, `call ${i + 1}`).toBe(200);
    expect((await checkCode(v1Only)).statusCode).toBe(429);
    expect((await kioskLookup(v1Only)).statusCode).toBe(429);

    // Half and half: one budget, not two.
    const mixed = await openSession(t);
    for (let i = 0; i < 20; i++) {
      expect((await kioskLookup(mixed)).statusCode).toBe(200);
      const res = await checkCode(mixed);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(40 - 2 * (i + 1)));
    }
    expect((await checkCode(mixed)).statusCode).toBe(429);
    expect((await kioskLookup(mixed)).statusCode).toBe(429);
  }, 60_000);

  it('a percent-encoded, padded or upper-case session uuid counts in the session’s bucket', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '4'] });
    const uuid = await openSession(t);
    const spellings = [
      uuid,
      uuid.replace(/[0-9a-f]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
      `%20${uuid}`,
      uuid.toUpperCase(),
      encodeURIComponent(uuid).replaceAll('-', '%2D'),
    ];
    const statuses = [];
    for (const spelling of spellings) {
      const res = await t.call({ method: 'GET', url: `/portal/api/sessions/${spelling}`, token: null });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('a made-up bearer token on the token endpoint is no bucket of its own either', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '3'] });
    const token = (bearer: string) =>
      t!.call({
        method: 'POST',
        url: '/oauth/token',
        token: bearer,
        payload: {
          grant_type: 'client_credentials',
          client_id: 1,
          client_secret: 'demo-oauth-client-secret',
        },
        remoteAddress: '10.3.3.3',
      });
    for (let i = 0; i < 3; i++) expect((await token(`made-up-${i}`)).statusCode).toBe(200);
    expect((await token('made-up-3')).statusCode).toBe(429);
  });
});
