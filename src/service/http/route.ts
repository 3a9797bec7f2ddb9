import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The app with the zod type provider, for typed route handlers. */
export function zodRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** A successful response in the spec's envelope: `{data, meta: {}}`. */
export function ok<T>(data: T): { data: T; meta: Record<string, never> } {
  return { data, meta: {} };
}

/** The OpenAPI tag of our additions to the spec. */
export const EXTENSION_TAG = 'Extension';
