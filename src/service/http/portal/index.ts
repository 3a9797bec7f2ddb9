import type { FastifyInstance } from 'fastify';

/**
 * The kiosk's portal API under /portal/api: every call scoped to one portal session by its uuid
 * (DESIGN.md "The two HTTP surfaces"); no API key reaches the browser.
 */
export async function registerPortalRoutes(_app: FastifyInstance): Promise<void> {}
