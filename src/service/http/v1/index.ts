import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import v1PortalSessionRoutes from './portal-sessions';

/** The headers the real portal component sends from the embedding page. */
const REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'X-SDK-Version', 'Idempotency-Key'];

/**
 * The real portal component's API under /api/v1/portal-sessions (docs/v1-api.md), callable from
 * the POS pages of the service's allowed origins (`--allowed-origins`): CORS answers their
 * preflight and names the origin; any other origin gets no CORS header, so its browser refuses.
 */
export async function registerV1Routes(app: FastifyInstance): Promise<void> {
  const allowed = new Set(app.config.allowedOrigins);
  await app.register(
    async (scope) => {
      await scope.register(cors, {
        origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: REQUEST_HEADERS,
        maxAge: 600,
      });
      await scope.register(v1PortalSessionRoutes);
    },
    { prefix: '/api/v1/portal-sessions' },
  );
}
