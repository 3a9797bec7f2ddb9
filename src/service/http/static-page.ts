import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerPageSecurity } from './security-headers';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The folder of a front end's build (`dist/<name>`): beside the built service (dist/service/main.js
 * → dist/<name>), else from the repository root (running from src/).
 */
export function defaultPageDir(name: string): string {
  const candidates = [resolve(here, `../${name}`), resolve(here, `../../../dist/${name}`)];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1]!;
}

/** Where and how a built front end (Vite's output) is served. */
export interface StaticPage {
  /** The build's folder (index.html and assets/). */
  root: string;
  /** Its path with slashes around it: `/portal/`, `/cashier/`, `/me/`. */
  prefix: string;
  /** Its content security policy (security-headers.ts). */
  directives: Record<string, string[]>;
}

/**
 * Serves a built front end in its own encapsulated scope under @fastify/helmet with its `directives`:
 * each file precompressed (.br/.gz beside it, chosen by Accept-Encoding, `Vary: accept-encoding`),
 * hashed assets cached for a year, the page itself always revalidated (`no-cache`, read from disk per
 * request, so a rebuilt page is served without a restart). The page answers at the prefix with and
 * without its slash and at `<prefix>index.html`. Does nothing when the folder has no index.html.
 */
export async function registerStaticPage(app: FastifyInstance, page: StaticPage): Promise<void> {
  if (!existsSync(join(page.root, 'index.html'))) return;
  await app.register(async (scope) => {
    await registerPageSecurity(scope, page.directives);
    await scope.register(fastifyStatic, {
      root: page.root,
      prefix: page.prefix,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL answers brotli, gzip or raw: caches keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const sendPage = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    const options = { config: { auth: 'none' as const }, schema: { hide: true } };
    // With ignoreTrailingSlash, `/portal/` (a session's URL) arrives as `/portal`, which the wildcard misses.
    scope.get(page.prefix.replace(/\/$/, ''), options, (_request, reply) => sendPage(reply));
    scope.get(`${page.prefix}index.html`, options, (_request, reply) => sendPage(reply));
  });
}
