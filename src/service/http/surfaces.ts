import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Actor } from '../domain/shared/actor';

/**
 * The real platform's URL surfaces, which its PHP SDK calls (docs/spec/platform-extensions.md
 * "Real clients"): `register` = /api/v3/register/<path> (RegisterClient), `oauth` =
 * /api/v3/oauth/clients/<path> (OAuthClientApiKey, OAuthClient).
 */
export type Surface = 'register' | 'oauth';

/** Where each surface's paths start. */
export const SURFACE_PREFIX: Record<Surface, string> = {
  register: '/api/v3/register',
  oauth: '/api/v3/oauth/clients',
};

/** The credentials each surface takes; the spec's own paths keep its K/A/P column instead. */
export const SURFACE_CREDENTIALS: Record<Surface, Actor['kind'][]> = {
  register: ['api_key'],
  oauth: ['api_key', 'access_token', 'personal_access_token'],
};

// The spec's P paths carry the oauth prefix themselves; on a surface the resource path follows it.
const SPEC_OAUTH_PREFIX = '/v3/oauth/clients';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the copy of a spec route served under a surface's prefix. */
    surface?: Surface;
    /**
     * Schema parts that replace the route's own on its surface copies, where the real platform
     * takes more than the spec's path (docs/extensions.md); the spec's path keeps its schema.
     */
    surfaceSchema?: FastifySchema;
  }
}

/**
 * Serves every route of the public API (auth K, A or P) also under both surfaces: `/products` and
 * `/v3/oauth/clients/products` become `/api/v3/register/products` and
 * `/api/v3/oauth/clients/products`. The copies share the route's handler and schemas, are left out
 * of the OpenAPI document (its description names the surfaces), and carry `config.surface`, by
 * which the auth plugin picks the credentials they take; `config.surfaceSchema` replaces parts of
 * the schema on the copies. Register before the routes.
 */
export function registerSurfaces(app: FastifyInstance): void {
  app.addHook('onRoute', function copyToSurfaces(route) {
    const auth = route.config?.auth;
    // Fastify adds a HEAD twin for every GET: the GET's copies get their own. A route of a
    // prefixed scope (the v1 API's create) is no spec path: its copy would be served under that
    // prefix (/api/v1/portal-sessions/api/v3/register/…).
    if (
      (auth !== 'K' && auth !== 'A' && auth !== 'P') ||
      route.config?.surface ||
      route.method === 'HEAD' ||
      route.prefix
    ) {
      return;
    }
    const { url, path: _path, routePath: _routePath, prefix: _prefix, ...options } = route;
    const path = url.startsWith(`${SPEC_OAUTH_PREFIX}/`) ? url.slice(SPEC_OAUTH_PREFIX.length) : url;
    for (const surface of ['register', 'oauth'] as const) {
      this.route({
        ...options,
        url: `${SURFACE_PREFIX[surface]}${path}`,
        config: { ...route.config, surface },
        ...(route.schema ? { schema: { ...route.schema, ...route.config?.surfaceSchema, hide: true } } : {}),
      });
    }
  });
}
