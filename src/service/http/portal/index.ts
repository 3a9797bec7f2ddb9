import type { FastifyInstance } from 'fastify';
import customerPortalRoutes from './customer-portal';
import deviceRoutes from './devices';
import portalMoneyRoutes from './money';
import portalSessionRoutes from './sessions';

/**
 * The kiosk's portal API under /portal/api: every call scoped to one portal session by its uuid
 * (docs/architecture.md "The five APIs"), or to a standby screen by its device token; no API key
 * reaches the browser.
 */
export async function registerPortalRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [portalSessionRoutes, portalMoneyRoutes, customerPortalRoutes, deviceRoutes]) {
    await app.register(routes, { prefix: '/portal/api' });
  }
}
