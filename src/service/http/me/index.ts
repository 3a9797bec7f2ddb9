import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inlineScriptHashes, meDirectives, registerPageSecurity } from '../security-headers';
import meRoutes from './routes';

const here = dirname(fileURLToPath(import.meta.url));

/** The built /me/ page's folder: dist/me beside the built service, or from the repository root. */
export function defaultMeDir(): string {
  const candidates = [resolve(here, '../me'), resolve(here, '../../../../dist/me')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1]!;
}

/**
 * The customer's own page (docs/me.md): its API under /me/api and, when built, its page at /me/
 * (from `dir`, default dist/me), both under the page's strict security headers (never framed, no
 * referrer, scripts only from here).
 */
export async function registerMe(app: FastifyInstance, dir = defaultMeDir()): Promise<void> {
  const built = existsSync(join(dir, 'index.html'));
  const page = built ? readFileSync(join(dir, 'index.html'), 'utf8') : '';
  await app.register(async (scope) => {
    await registerPageSecurity(scope, meDirectives(inlineScriptHashes(page)));
    await scope.register(meRoutes, { prefix: '/me/api' });
    if (!built) return;
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: '/me/',
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; the page itself must always be fresh.
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const sendPage = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    // With ignoreTrailingSlash, /me/ (a sign-in link) arrives as /me.
    scope.get('/me', { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) => sendPage(reply));
    scope.get('/me/index.html', { config: { auth: 'none' }, schema: { hide: true } }, (_req, reply) =>
      sendPage(reply),
    );
  });
}
