import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inlineScriptHashes, meDirectives, registerPageSecurity } from '../security-headers';
import { defaultPageDir, registerStaticPage } from '../static-page';
import meRoutes from './routes';

/** The built /me/ page's folder: dist/me beside the built service, or from the repository root. */
export function defaultMeDir(): string {
  return defaultPageDir('me');
}

/**
 * The customer's own page (docs/me.md): its API under /me/api and, when built, its page at /me/
 * (from `dir`, default dist/me), both under the page's strict security headers (never framed, no
 * referrer, scripts only from here).
 */
export async function registerMe(app: FastifyInstance, dir = defaultMeDir()): Promise<void> {
  const built = existsSync(join(dir, 'index.html'));
  const directives = meDirectives(
    inlineScriptHashes(built ? readFileSync(join(dir, 'index.html'), 'utf8') : ''),
  );
  await app.register(async (scope) => {
    await registerPageSecurity(scope, directives);
    await scope.register(meRoutes, { prefix: '/me/api' });
  });
  await registerStaticPage(app, { root: dir, prefix: '/me/', directives });
}
