import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import '../../../contract/components';
import type { RouteError } from '../../../contract/errors';
import { DEMO } from '../../../contract/examples';
import { ME_COOKIE } from '../../../contract/me';
import { OFFICE_COOKIE } from '../../../contract/office';
import { CASHIER_COOKIE } from '../cashier/device-auth';
import { MAX_KEY_LENGTH } from '../idempotency';
import { commonComponents, completeDocument, type ExampleAfter, type RouteFacts } from '../openapi/document';
import { docsDirectives, registerPageSecurity } from '../security-headers';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The route's refusals beyond those of every route of its kind (malformed requests, credentials,
     * invalid input, rate limit): its OpenAPI error responses and the errors of its description are
     * written from this one list (http/openapi/document.ts).
     */
    errors?: readonly RouteError[];
    /**
     * For "Try it out" on the demo account, where a path parameter names something the demo account
     * does not have: the operation that makes it, run with its own examples first, and the runtime
     * expressions of its request or response that fill this route's path parameters. Written as a
     * link on that operation's success response and a line of this route's description.
     */
    exampleAfter?: ExampleAfter;
    /** When the route answers 204 No Content, in words (its OpenAPI 204 response). */
    noContent?: string;
  }
  interface FastifyContextConfig {
    /** Honours `Idempotency-Key` (withIdempotency) though not a public-API POST with a token. */
    idempotent?: boolean;
    /** Takes only an API key bound to a shop (documented with the register key's scheme). */
    registerKey?: boolean;
  }
}

const AUTH_TEXT: Record<string, string> = {
  K: 'Auth K: API key bearer token.',
  A: 'Auth A: access token or API key bearer token.',
  P: 'Auth P: personal access token bearer token.',
  portal: 'Portal API: scoped to the portal session in the path; no token.',
};

/** The document's tags, in the order the reference shows them. */
const TAGS: Record<string, string> = {
  Contacts: 'Contacts: find, create, update (spec "Contacts").',
  'Contact identifiers': 'Cards and other identifiers of contacts (spec "Contact identifiers").',
  'Contact session tokens': 'One-time tokens of a contact app (spec "Contact session tokens").',
  'Contact subscriptions': 'Newsletter and other subscriptions (spec "Contact subscriptions").',
  'Loyalty transactions': "A contact's history of credits, rewards and gift card use.",
  Account: 'The loyalty program, its shops, tiers and subscription types.',
  Units: 'Units that credit receptions convert into credits (spec "Units").',
  'Credit receptions': 'Credits given to contacts (spec "Credit receptions").',
  'POS transactions': 'Purchases of the point of sale (spec "POS transactions").',
  'Portal sessions':
    'Sessions at the in-store screen, started by the point of sale (spec "Portal sessions").',
  Giftcards: 'Gift cards (spec "Giftcards").',
  'Giftcard transactions': 'Payments and top-ups on gift cards (spec "Giftcard transactions").',
  'Prepaid transactions': 'Prepaid balance of contacts (extension).',
  'Promotions and vouchers': 'Promotions and their vouchers (spec "Promotions and vouchers").',
  Rewards: 'Rewards that contacts claim with credits (spec "Rewards").',
  'Reward receptions': 'Rewards given to contacts (spec "Reward receptions").',
  'Collectable rewards': 'Rewards to collect at the shop (spec "Collectable rewards").',
  'Custom attributes': 'Custom attributes of contacts and other entities (spec "Custom attributes").',
  Perks: 'Perks of tiers (spec "Perks").',
  Bookings: 'Bookings (spec "Bookings").',
  Visits: 'Visits (spec "Visits").',
  Products: 'Products (spec "Products").',
  Categories: 'Product categories (spec "Categories").',
  'Loyalty tokens':
    'Receipt tokens: printed on a receipt, claimed for credits once (extension; docs/receipt-tokens.md).',
  Webhooks: 'Events POSTed to subscribed URLs, their delivery log and replay (extension; docs/webhooks.md).',
  'Portal API': "The kiosk's calls, scoped to one portal session (or one paired screen).",
  'Cashier console': "The cashier console's calls, authorised by its device's session cookie.",
  Me: "The customer's own page /me/: its calls, authorised by its session cookie (docs/me.md).",
  Office:
    "The office of the people who run the shops: its calls, authorised by a staff member's session cookie " +
    'and their role (docs/office.md).',
  Operations: 'Health of the service (no credential).',
  Extension: 'Our additions to the spec (docs/extensions.md).',
};

const DESCRIPTION =
  'Try it out on the demo account (loaded by `npm start` into an empty database): press **Authorize** ' +
  `and enter \`${DEMO.apiKey}\` under bearer and \`${DEMO.personalAccessToken}\` under ` +
  'personalAccessToken.\n\n' +
  'The public interface of the loyalty service (spec: `docs/spec/service-interface.md`) and our ' +
  'extensions, marked with the tag "Extension". Every path is also served under the real platform\'s two ' +
  'surfaces, as its PHP SDK calls them: `/api/v3/register/<path>` with an API key (a shop-bound key acts ' +
  'for its shop), and `/api/v3/oauth/clients/<path>` with an API key, an access token (from ' +
  'POST /oauth/token) or a personal access token; `<path>` is the path below without its ' +
  "`/v3/oauth/clients` prefix. The paths below keep the spec's auth column.\n\n" +
  'Bodies may be JSON or `application/x-www-form-urlencoded` (bracket nesting, as PHP writes them). ' +
  'Every failed call answers the error body `{code, message, status_code, errors?}`; each operation lists ' +
  'its codes by HTTP status. Every response carries `X-RateLimit-Limit` and `X-RateLimit-Remaining`; past ' +
  'the limit, 429 with `Retry-After`. On a refused credential (401) they count the failed authentications of ' +
  'the client address, past which it gets 429 (reason `too_many_failed_attempts`). A POST with a token ' +
  'honours `Idempotency-Key`.';

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What the document needs of a route besides its schemas (see RouteFacts). */
function routeFacts(route: RouteOptions): RouteFacts {
  const schema = route.schema ?? {};
  const auth = route.config?.auth;
  const cashier = route.url.startsWith('/cashier/api/');
  const me = route.url.startsWith('/me/api/');
  const office = route.url.startsWith('/office/api/');
  const security =
    route.config?.registerKey === true
      ? 'registerKey'
      : auth === 'K' || auth === 'A'
        ? 'bearer'
        : auth === 'P'
          ? 'personalAccessToken'
          : cashier && route.config?.cashier !== 'pair'
            ? 'cashier'
            : me && route.config?.me !== 'public'
              ? 'me'
              : office && route.config?.office !== 'public'
                ? 'office'
                : 'none';
  const post = route.method === 'POST';
  return {
    security,
    exampleAfter: schema.exampleAfter,
    errors: schema.errors ?? [],
    idempotent:
      post &&
      (security === 'bearer' ||
        security === 'personalAccessToken' ||
        auth === 'portal' ||
        route.config?.idempotent === true),
    formBodies: !cashier && !me && !office,
    sameSiteOnly: (cashier || me || office) && route.method !== 'GET',
    rateLimited: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false,
    produces: schema.produces?.[0],
    noContent: schema.noContent,
    operationId: (schema as { operationId?: string }).operationId,
    hasParams: Boolean(schema.params),
    hasBody: Boolean(schema.body),
    hasInput: Boolean(schema.params || schema.querystring || schema.body),
  };
}

/**
 * The OpenAPI document at /openapi.json and a browsable reference at /docs, generated from the
 * routes' zod schemas and completed in one place (http/openapi/document.ts). Schemas registered
 * with `.meta({ id })` become named component schemas. Routes tagged `Extension` are our additions.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const facts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD twin for every GET, sharing its schema object.
    if (!route.schema || route.method === 'HEAD' || (route.schema as { hide?: boolean }).hide) return;
    const text = AUTH_TEXT[route.config?.auth ?? ''];
    if (text && !route.config?.surface) {
      route.schema.description = [route.schema.description, text].filter(Boolean).join('\n\n');
    }
    for (const method of [route.method].flat()) {
      facts.set(`${method.toLowerCase()} ${toOpenApiPath(route.url)}`, routeFacts(route));
    }
  });
  const withComponents = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal loyalty service',
        version: '1.0.0',
        description: DESCRIPTION,
        contact: { name: 'Portal maintainers' },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This service' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: commonComponents(MAX_KEY_LENGTH, CASHIER_COOKIE, ME_COOKIE, OFFICE_COOKIE) as never,
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('OpenAPI 2.0 is not served');
      return completeDocument(withComponents(input) as never, facts) as never;
    },
  });
  // Swagger UI under a policy of its own (security-headers.ts); it names the document by the address
  // users use (its own copy at /docs/json is the same).
  await app.register(async (scope) => {
    await registerPageSecurity(scope, docsDirectives());
    await scope.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { urls: [{ url: '/openapi.json', name: '/openapi.json' }] },
    });
  });
  app.get('/openapi.json', { schema: { hide: true } }, documentSender(app));
}

/**
 * Answers GET /openapi.json (about 900 KB of JSON) brotli- or gzip-compressed as the client accepts
 * (some 30 KB), else plain; each form made once, at the first request that asks for it.
 */
function documentSender(app: FastifyInstance) {
  const bodies = new Map<'br' | 'gzip' | 'identity', Buffer>();
  const body = (encoding: 'br' | 'gzip' | 'identity') => {
    let bytes = bodies.get(encoding);
    if (!bytes) {
      const text = Buffer.from(JSON.stringify(app.swagger()));
      bytes =
        encoding === 'br'
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : encoding === 'gzip'
            ? gzipSync(text, { level: 9 })
            : text;
      bodies.set(encoding, bytes);
    }
    return bytes;
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body(encoding ?? 'identity'));
  };
}
