import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { OFFICE_API_BASE } from '../../../contract/routes';
import { serveBuiltPage } from '../built-page';
import { inlineScriptHashes, meDirectives, registerPageSecurity } from '../security-headers';
import officeRoutes from './routes';

const here = dirname(fileURLToPath(import.meta.url));

/** The built office page's folder: dist/office beside the built service, or from the repository root. */
export function defaultOfficeDir(): string {
  const candidates = [resolve(here, '../office'), resolve(here, '../../../../dist/office')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1]!;
}

/**
 * The office (docs/office.md): its API under /office/api and, when built, its page at /office/
 * (from `dir`, default dist/office), both under a page's strict security headers (never framed,
 * no referrer, scripts only from here: the policy of /me/).
 */
export async function registerOffice(app: FastifyInstance, dir = defaultOfficeDir()): Promise<void> {
  const built = existsSync(join(dir, 'index.html'));
  const page = built ? readFileSync(join(dir, 'index.html'), 'utf8') : '';
  await app.register(async (scope) => {
    await registerPageSecurity(scope, meDirectives(inlineScriptHashes(page)));
    await scope.register(officeRoutes, { prefix: OFFICE_API_BASE });
    if (!built) return;
    await serveBuiltPage(scope, dir, '/office/');
  });
}
