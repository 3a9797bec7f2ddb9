import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serveBuiltPage } from '../built-page';
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
    await serveBuiltPage(scope, dir, '/cashier/');
  });
}
