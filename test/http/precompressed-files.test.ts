import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/app';
import { parseConfig } from '../../src/service/config';
import { type OpenDatabase, openDatabase } from '../../src/service/db/database';
import { COMPILE_HINT } from '../../vite.config';
import { browserBundles, filesUnder } from '../helpers/bundles';

// The real kiosk and console builds (vite.config.ts, vite.cashier.config.ts), served by the real
// app: each file goes out brotli or gzip as the client asks, and no source map.
let dir: string;
let bundles: Awaited<ReturnType<typeof browserBundles>>;
let database: OpenDatabase;
let app: FastifyInstance;
let files: { kiosk: string[]; cashier: string[] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-precompressed-'));
  bundles = await browserBundles();
  const out = { kiosk: join(bundles.dir, 'kiosk'), cashier: join(bundles.dir, 'cashier') };
  files = {
    kiosk: filesUnder(out.kiosk).map((file) => relative(out.kiosk, file)),
    cashier: filesUnder(out.cashier).map((file) => relative(out.cashier, file)),
  };
  database = await openDatabase({ dataDir: dir });
  app = await buildApp(parseConfig(['--log-level', 'silent'], {}), {
    db: database.db,
    dialect: 'sqlite',
    groupCommit: database.groupCommit,
    kioskDir: out.kiosk,
    cashierDir: out.cashier,
  });
}, 180_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
  bundles?.remove();
});

const served = (kind: 'kiosk' | 'cashier', pattern: RegExp) =>
  files[kind]
    .filter((file) => pattern.test(file))
    .map((file) => `/${kind === 'kiosk' ? 'portal' : kind}/${file}`);

describe('the built kiosk and cashier console, over the wire', () => {
  it('builds no source map, and a .br and .gz beside every script, style sheet, page and the wasm', () => {
    for (const kind of ['kiosk', 'cashier'] as const) {
      expect(files[kind].filter((file) => file.endsWith('.map'))).toEqual([]);
      const compressible = files[kind].filter((file) => /\.(js|css|html|wasm)$/.test(file));
      expect(compressible.length).toBeGreaterThan(kind === 'kiosk' ? 10 : 2);
      // Tiny files that compress no smaller are served as they are.
      for (const file of compressible.filter((f) => !/zxing_reader-[\w-]+\.js$/.test(f))) {
        expect(files[kind], file).toContain(`${file}.br`);
        expect(files[kind], file).toContain(`${file}.gz`);
      }
    }
    expect(files.kiosk.some((file) => file.endsWith('.wasm'))).toBe(true);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
  ])('Accept-Encoding %s → every asset and page answers Content-Encoding %s', async (accept, encoding) => {
    const urls = [
      ...served('kiosk', /\.(js|css|wasm)$/),
      ...served('cashier', /\.(js|css)$/),
      '/portal/',
      '/portal/?uuid=abc',
      '/portal',
      '/cashier/',
      '/cashier',
    ].filter((url) => !/zxing_reader-[\w-]+\.js$/.test(url));
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toContain('accept-encoding');
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      if (url.endsWith('/') || !url.includes('.')) expect(body.toString()).toContain('<div id="root">');
    }
  });

  it('without Accept-Encoding, files go out as they are, with the same headers', async () => {
    for (const url of [
      '/portal/',
      served('kiosk', /\.wasm$/)[0]!,
      '/cashier/',
      served('cashier', /\.js$/)[0]!,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const wasm = await app.inject({
      method: 'GET',
      url: served('kiosk', /\.wasm$/)[0]!,
      headers: { 'accept-encoding': 'br' },
    });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['cache-control']).toContain('immutable');
    const page = await app.inject({ method: 'GET', url: '/cashier/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves no source map', async () => {
    const script = served('kiosk', /index-[\w-]+\.js$/)[0]!;
    for (const url of [`${script}.map`, `${served('cashier', /\.js$/)[0]!}.map`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("starts the scripts of each first screen, and only those, with V8's compile hint, in every encoding", async () => {
    for (const [kind, pageUrl] of [
      ['kiosk', '/portal/'],
      ['cashier', '/cashier/'],
    ] as const) {
      const page = (await app.inject({ method: 'GET', url: pageUrl, headers: { 'accept-encoding': '' } }))
        .body;
      // The entry and what it imports statically: what the page asks for before its first screen.
      const firstScreen = [
        ...page.matchAll(
          /<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)"/g,
        ),
      ].map((match) => match[1]!);
      expect(firstScreen.length, kind).toBeGreaterThan(kind === 'kiosk' ? 2 : 0);
      const scripts = served(kind, /\.js$/);
      // The kiosk's later screens and camera code are chunks of their own, left unmarked.
      expect(scripts.length, kind).toBeGreaterThan(firstScreen.length + (kind === 'kiosk' ? 5 : -1));
      for (const url of scripts) {
        for (const accept of ['br', 'gzip', '']) {
          const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? brotliDecompressSync(res.rawPayload)
              : encoding === 'gzip'
                ? gunzipSync(res.rawPayload)
                : res.rawPayload;
          expect(body.toString().startsWith(`${COMPILE_HINT}\n`), `${url} (${accept || 'identity'})`).toBe(
            firstScreen.includes(url),
          );
        }
      }
    }
  });
});
