import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serveBuiltPage } from '../built-page';
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
    await serveBuiltPage(scope, dir, '/me/');
  });
}
