import type { FastifyInstance } from 'fastify';
import { consoleDirectives } from '../security-headers';
import { defaultPageDir, registerStaticPage } from '../static-page';
import cashierRoutes from './routes';

/** The built console's folder: dist/cashier beside the built service, or from the repository root. */
export function defaultCashierDir(): string {
  return defaultPageDir('cashier');
}

/**
 * The cashier console (docs/cashier-console.md): its API under /cashier/api and, when built, its
 * page at /cashier/ (from `dir`, default dist/cashier): no framing (its buttons act), no referrer,
 * scripts only from here (security-headers.ts).
 */
export async function registerCashierConsole(app: FastifyInstance, dir = defaultCashierDir()): Promise<void> {
  await app.register(cashierRoutes, { prefix: '/cashier/api' });
  await registerStaticPage(app, { root: dir, prefix: '/cashier/', directives: consoleDirectives() });
}
