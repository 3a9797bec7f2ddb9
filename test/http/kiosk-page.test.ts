import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../src/service/fixture/demo-account.json';
import { parseFixture } from '../../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../../src/service/fixture/seed';
import { createTestApp, type TestApp } from '../helpers/app';
import { buildBrowserBundles } from '../helpers/bundles';
import { openSession } from '../helpers/portal';

// The real kiosk and its first-screen module (vite.config.ts, vite.prerender.config.ts), built into
// a temp folder and served by the real app, whose demo shop is named with markup and replacement
// patterns in it.
const SHOP_NAME = "Demo Coffee $& $' </script><b>Amsterdam</b>";
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-kiosk-page-'));
  await buildBrowserBundles(dir, ['kiosk', 'kiosk-prerender']);
  const fixture = structuredClone(demo) as { shops: { name: string }[] };
  fixture.shops[0]!.name = SHOP_NAME;
  t = await createTestApp({
    fixture: parseFixture(fixture, '(test)', DEMO_FIXTURE_DIR),
    kioskDir: join(dir, 'kiosk'),
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

/** The answer a page carries for its scripts (#portal-session), parsed; undefined without one. */
function carriedAnswer(html: string): unknown {
  const json = /<script type="application\/json" id="portal-session">([^<]*)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('the kiosk page with the first screen rendered by the service', () => {
  it("a session's page holds its first screen (inert until the scripts take it) and the API's answer", async () => {
    const uuid = await openSession(t);
    const res = await page(`/portal/?uuid=${uuid}`, { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="nl">');
    expect(html).toMatch(/<div id="root" inert><div [^>]*class="kiosk"/);
    expect(html).toContain('data-testid="screen-scan"');
    expect(html).toContain('Scan uw pas');
    const api = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
    expect(carriedAnswer(html)).toEqual(api.json());
    // Markup in account data stays text in the screen and cannot end the answer's script element;
    // `$&` and `$'` stay as they are (no replacement patterns).
    expect(html).toMatch(/Demo Coffee \$&amp; \$(&#39;|') &lt;\/script>&lt;b>Amsterdam&lt;\/b>/);
    expect(html).not.toContain(SHOP_NAME);
    expect(html.match(/<\/script>/g)).toHaveLength(html.match(/<script\b/g)!.length);
  });

  it('speaks the language the browser asks for first, as navigator.languages does in the page', async () => {
    const uuid = await openSession(t);
    const html = (await page(`/portal/?uuid=${uuid}`, { 'accept-language': 'de-DE,en-GB;q=0.9,nl;q=0.5' }))
      .body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Scan your card');
    expect((await page(`/portal/?uuid=${uuid}`, { 'accept-language': 'fr' })).body).toContain(
      '<html lang="nl">',
    );
  });

  it('goes out brotli when the browser takes it', async () => {
    const uuid = await openSession(t);
    const res = await page(`/portal/?uuid=${uuid}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('data-testid="screen-scan"');
  });

  it.each([
    ['an unknown session', '/portal/?uuid=no-such-session'],
    ['no session', '/portal/'],
    ['a standby screen', '/portal/?device=demo-device-amsterdam'],
  ])('%s: the plain page, which renders by itself', async (_case, url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(carriedAnswer(res.body)).toBeUndefined();
  });

  it('a flow the page loads on demand: the plain page (its screen is not rendered ahead)', async () => {
    const uuid = await openSession(t, '/redeem-giftcards', { amount_in_cents: 1000 });
    const res = await page(`/portal/?uuid=${uuid}`);
    expect(res.body).toContain('<div id="root"></div>');
    expect(carriedAnswer(res.body)).toBeUndefined();
  });
});
