import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/envelope';

const AUTH_TEXT: Record<string, string> = {
  K: 'Auth K: API key bearer token.',
  A: 'Auth A: access token or API key bearer token.',
  P: 'Auth P: personal access token bearer token.',
  portal: 'Portal API: scoped to the portal session in the path; no token.',
};

/**
 * The OpenAPI document at /openapi.json and a browsable reference at /docs, generated from the
 * routes' zod schemas. Routes tagged `Extension` are our additions to the spec (DESIGN.md).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    // Fastify adds a HEAD twin for every GET, sharing its schema object.
    if (!route.schema || route.method === 'HEAD' || (route.schema as { hide?: boolean }).hide) return;
    const schema = route.schema as Record<string, unknown>;
    // Every documented route can fail with the error body (streams and pages describe their success in words).
    schema.response = {
      ...((schema.response as object | undefined) ?? {}),
      '4xx': errorBody,
      '5xx': errorBody,
    };
    if (!auth || auth === 'none') return;
    const text = AUTH_TEXT[auth];
    schema.description = [schema.description, text].filter(Boolean).join('\n\n');
    if (auth !== 'portal') schema.security = [{ bearer: [] }];
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal loyalty service',
        version: '1.0.0',
        description:
          'The public interface of the loyalty service (spec: service-interface.md) and our extensions, ' +
          'marked with the tag "Extension". Every path is also served under the real platform\'s two ' +
          'surfaces, as its PHP SDK calls them: /api/v3/register/<path> with an API key (a shop-bound key ' +
          'acts for its shop), and /api/v3/oauth/clients/<path> with an API key, an access token (from ' +
          'POST /oauth/token) or a personal access token; <path> is the path below without its ' +
          "/v3/oauth/clients prefix. The paths below keep the spec's auth column. " +
          'Bodies may be JSON or application/x-www-form-urlencoded (bracket nesting).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
