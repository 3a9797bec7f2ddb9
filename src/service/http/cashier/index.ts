import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { consoleDirectives, registerPageSecurity } from '../security-headers';
import cashierRoutes from './routes';

const here = dirname(fileURLToPath(import.meta.url));

/** The built console's folder: dist/cashier beside the built service, or from the repository root. */
export function defaultCashierDir(): string {
  const candidates = [resolve(here, '../cashier'), resolve(here, '../../../../dist/cashier')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1]!;
}

/**
 * The cashier console (docs/cashier-console.md): its API under /cashier/api and, when built, its
 * page at /cashier/ (from `dir`, default dist/cashier).
 */
export async function registerCashierConsole(app: FastifyInstance, dir = defaultCashierDir()): Promise<void> {
  await app.register(cashierRoutes, { prefix: '/cashier/api' });
  if (!existsSync(join(dir, 'index.html'))) return;
  await app.register(async (scope) => {
    // No framing (its buttons act), no referrer, scripts only from here (security-headers.ts).
    await registerPageSecurity(scope, consoleDirectives());
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: '/cashier/',
      index: false,
      wildcard: true,
      // Built beside each file (vite-plugin-compression2); the raw file for clients asking neither.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change.
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL answers brotli, gzip or raw: caches keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // From disk per request (a rebuilt console is served without a restart), compressed as asked.
    const sendPage = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    // With ignoreTrailingSlash, /cashier/ arrives as /cashier.
    scope.get('/cashier', { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) =>
      sendPage(reply),
    );
    scope.get('/cashier/index.html', { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) =>
      sendPage(reply),
    );
  });
}
