import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { meCall, meCookie } from '../helpers/me';

/*
 * The customer's own page /me/ and its API carry strict security headers (docs/me.md), as the
 * kiosk's pages do: scripts only from here (the page's inline script by its hash), never framed,
 * no referrer (its URL holds a sign-in token), nosniff; the API's answers are never cached.
 */

const INLINE = "document.documentElement.dataset.me = '1';";
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-me-headers-'));
  const meDir = join(dir, 'me');
  mkdirSync(join(meDir, 'assets'), { recursive: true });
  writeFileSync(
    join(meDir, 'index.html'),
    `<!doctype html><html><head><title>Me</title><script>${INLINE}</script></head>` +
      '<body><div id="root"></div><script type="module" src="/me/assets/me.js"></script></body></html>',
  );
  writeFileSync(join(meDir, 'assets', 'me.js'), 'console.log(1)');
  t = await createTestApp({ meDir, argv: ['--allowed-origins', 'https://pos.example.com'] });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectStrict(res: { headers: Record<string, unknown> }, inline: string[] = []) {
  const policy = csp(res.headers['content-security-policy']);
  expect(policy['script-src']).toEqual(["'self'", ...inline]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('/me/ security headers', () => {
  const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

  it.each(['/me', '/me/', '/me/?token=abc', '/me/index.html'])(
    '%s: the page, its inline script by hash, never framed',
    async (url) => {
      const res = await t.call({ method: 'GET', url, token: null });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(INLINE);
      expectStrict(res, [hash]);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('/me/assets: from here, cached for good', async () => {
    const res = await t.call({ method: 'GET', url: '/me/assets/me.js', token: null });
    expect(res.statusCode).toBe(200);
    expectStrict(res, [hash]);
  });

  it('/me/api answers (signed in, signed out, refused) carry them too, with Cache-Control: no-store', async () => {
    const cookie = await meCookie(t, DEMO.anna);
    for (const res of [
      await meCall(t, cookie, { method: 'GET', path: '/overview' }),
      await meCall(t, null, { method: 'GET', path: '/overview' }),
      await meCall(t, cookie, { method: 'PUT', path: '/profile', payload: { dier: 'horse' } }),
      await t.call({ method: 'POST', url: '/me/api/sign-in', token: null, payload: { token: 'nope' } }),
    ]) {
      expectStrict(res, [hash]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('over TLS (HSTS) the cookie is Secure', async () => {
    const https = await createTestApp({ argv: ['--trust-proxy', '127.0.0.1'] });
    try {
      const link = await https.call({
        method: 'GET',
        url: `/api/v3/oauth/clients/contacts-portal/auth-url?contact_uuid=${DEMO.anna}`,
      });
      const token = new URL(link.json().data.url).searchParams.get('token')!;
      const res = await https.call({
        method: 'POST',
        url: '/me/api/sign-in',
        token: null,
        payload: { token },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.cookies.find((c) => c.name === 'portal_me')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      });
    } finally {
      await https.close();
    }
  });
});
