import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { openSession } from '../helpers/portal';

/*
 * Security headers on every page and every response (docs/operations.md "Security headers").
 */

const POS = 'https://pos.example.com';
const INLINE = "window.early = location.search; document.documentElement.dataset.ready = '1';";

let t: TestApp;
let dir: string;
let session: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-headers-'));
  const kioskDir = join(dir, 'kiosk');
  const cashierDir = join(dir, 'cashier');
  mkdirSync(join(kioskDir, 'assets'), { recursive: true });
  mkdirSync(join(cashierDir, 'assets'), { recursive: true });
  writeFileSync(
    join(kioskDir, 'index.html'),
    `<!doctype html><html lang="nl"><head><title>Portal</title><script>${INLINE}</script></head>` +
      '<body><div id="root"></div><script type="module" src="/portal/assets/app.js"></script></body></html>',
  );
  writeFileSync(join(kioskDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(cashierDir, 'index.html'), '<!doctype html><title>Cashier</title>');
  writeFileSync(join(cashierDir, 'assets', 'console.js'), 'console.log(2)');
  t = await createTestApp({
    kioskDir,
    cashierDir,
    argv: ['--allowed-origins', POS, '--trust-proxy', '127.0.0.1'],
  });
  session = await openSession(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
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

const get = (url: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, token: null, headers });

describe('the kiosk’s pages', () => {
  it.each([
    '/portal',
    '/portal/',
    '/portal/index.html',
    '/portal/?device=demo-device-amsterdam',
    '/portal/assets/app.js',
  ])(
    '%s: a CSP that allows the page’s own inline script by its hash and nothing inline else',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      expect(policy['script-src']).toEqual(["'self'", hash, "'wasm-unsafe-eval'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      // Only the POS pages of --allowed-origins may frame it.
      expect(policy['frame-ancestors']).toEqual([POS]);
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('a session’s page too, and HSTS when it came over TLS (a trusted proxy’s X-Forwarded-Proto)', async () => {
    const res = await get(`/portal/?uuid=${session}`, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual([POS]);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('without allowed origins, nobody may frame it', async () => {
    const other = await createTestApp({ kioskDir: join(dir, 'kiosk') });
    try {
      const res = await other.call({ method: 'GET', url: '/portal/', token: null });
      expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await other.close();
    }
  });
});

describe('the cashier console’s pages', () => {
  it.each(['/cashier', '/cashier/', '/cashier/index.html', '/cashier/assets/console.js'])(
    '%s: no script inline, never framed, no referrer',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    },
  );
});

describe('the API reference', () => {
  it.each(['/docs', '/docs/', '/docs/static/index.html'])(
    '%s: Swagger UI under a policy of its own',
    async (url) => {
      const res = await get(url);
      expect([200, 302]).toContain(res.statusCode);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

describe('the start page', () => {
  it('/: no script at all, its form posting here only, never framed', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'", new URL(t.app.config.portalUrl).origin]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('every other response', () => {
  it.each([
    ['API JSON', `/contacts/${DEMO.anna}`, DEMO.apiKey],
    ['a refusal', '/contacts/unknown-contact', DEMO.apiKey],
    ['an unknown path', '/no/such/path', null],
    ['the OpenAPI document', '/openapi.json', null],
    ['the kiosk’s portal API', `/portal/api/sessions/${'{session}'}`, null],
  ])('%s: nosniff, HSTS under TLS', async (_what, url, token) => {
    const path = url.replace('{session}', session);
    const plain = await t.call({ method: 'GET', url: path, token });
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.call({ method: 'GET', url: path, token, headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('an untrusted X-Forwarded-Proto brings no HSTS', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/healthz',
      token: null,
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
