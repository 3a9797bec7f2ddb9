/*
 * The real platform's portal component (npm @leatcom/portal-sessions 0.2.0, `<UuidSession uuid
 * host>`) on a POS page of its own origin, calling this service's v1 API (docs/v1-api.md). The
 * component is proprietary: it is never part of this repository. The test packs it from the npm
 * registry when it runs, with the React 18 it needs, into a temp folder, and bundles the POS page
 * there with esbuild. Its run-time hosts (its texts, and the barcode decoder it fetches from a CDN)
 * are the embedding page's concern: the test provides them through Playwright routes, and refuses
 * every other outside address (its error reporting among them).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { build } from 'esbuild';
import { COMPONENT_TEXTS } from '../fixtures/portal-component-texts';

/** The component's version, and the decoder's it fetches at run time (its own pin). */
const COMPONENT = '@leatcom/portal-sessions@0.2.0';
const DECODER = 'zxing-wasm@1.3.4';

/** The POS page's entry: the component alone, `uuid` and `host` from the page's query string. */
const ENTRY = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { UuidSession } from '@leatcom/portal-sessions';
import '@leatcom/portal-sessions/dist/style.css';

const query = new URLSearchParams(location.search);
// What the component posts to its parent (the POS page itself, when not framed).
window.posMessages = [];
window.addEventListener('message', (event) => window.posMessages.push(event.data));
createRoot(document.getElementById('root')).render(
  createElement(UuidSession, { uuid: query.get('uuid'), host: query.get('host') }),
);
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>POS</title>
    <link rel="stylesheet" href="/pos.css">
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/pos.js"></script>
  </body>
</html>`;

/** The packed component's POS page, ready to serve: its folder, and the decoder's files. */
export interface PosPageBuild {
  folder: string;
  /** zxing-wasm's `dist/` of the version the component names. */
  decoderDist: string;
}

function npm(args: string[], cwd: string): void {
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, stdio: 'pipe' });
}

/** Unpacks an npm tarball (its `package/` folder) into `target`. */
function unpack(tarball: string, target: string): void {
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', target, '--strip-components=1']);
}

/**
 * Packs the component and the decoder from the npm registry into a temp folder, installs React 18
 * and ReactDOM 18 beside them (no lockfile, nothing saved), and bundles the POS page with esbuild.
 * Remove the folder with `removePosPage`.
 */
export async function buildPosPage(): Promise<PosPageBuild> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-component-'));
  try {
    return await packAndBundle(folder);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function packAndBundle(folder: string): Promise<PosPageBuild> {
  writeFileSync(join(folder, 'package.json'), '{"private": true}');
  // Only React: the component's bundle carries its other dependencies. (First: npm install
  // removes from node_modules what it did not install.)
  npm(['install', '--no-save', '--no-package-lock', 'react@18.3.1', 'react-dom@18.3.1'], folder);
  npm(['pack', COMPONENT, DECODER, '--pack-destination', folder], folder);
  unpack(
    join(folder, 'leatcom-portal-sessions-0.2.0.tgz'),
    join(folder, 'node_modules', '@leatcom', 'portal-sessions'),
  );
  const decoder = join(folder, 'zxing-wasm');
  unpack(join(folder, 'zxing-wasm-1.3.4.tgz'), decoder);
  writeFileSync(join(folder, 'entry.js'), ENTRY);
  writeFileSync(join(folder, 'index.html'), PAGE);
  await build({
    entryPoints: { pos: join(folder, 'entry.js') },
    absWorkingDir: folder,
    bundle: true,
    format: 'esm',
    outdir: folder,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    logLevel: 'error',
  });
  return { folder, decoderDist: join(decoder, 'dist') };
}

export function removePosPage(page: PosPageBuild): void {
  rmSync(page.folder, { recursive: true, force: true });
}

const TYPES: Record<string, string> = {
  '/': 'text/html',
  '/pos.js': 'text/javascript',
  '/pos.css': 'text/css',
};

/** Serves the POS page on `port` of loopback (the origin http://localhost:port, allowed by run-e2e). */
export function servePosPage(page: PosPageBuild, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const type = TYPES[path];
    if (!type) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', type);
    response.end(readFileSync(join(page.folder, path === '/' ? 'index.html' : path.slice(1))));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

/**
 * The component's run-time hosts, as the embedding page provides them: its texts (ours, in
 * English, for every language it asks) and the decoder's WebAssembly from the packed version. Any
 * other outside address is refused, so the test depends on nothing but this machine.
 */
export async function provideComponentHosts(context: BrowserContext, page: PosPageBuild): Promise<void> {
  const cors = { 'access-control-allow-origin': '*' };
  await context.route(
    (url) => !LOOPBACK.has(url.hostname),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'translations.piggy.eu') {
        await route.fulfill({ json: COMPONENT_TEXTS, headers: cors });
        return;
      }
      const decoderFile = /^\/npm\/zxing-wasm@1\.3\.4\/dist\/(.+)$/.exec(url.pathname)?.[1];
      if (url.hostname === 'fastly.jsdelivr.net' && decoderFile && !decoderFile.includes('..')) {
        await route.fulfill({
          body: readFileSync(join(page.decoderDist, decoderFile)),
          contentType: 'application/wasm',
          headers: cors,
        });
        return;
      }
      await route.abort('blockedbyclient');
    },
  );
}
