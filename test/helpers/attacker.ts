import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/service/db/schema';
import type { TestApp } from './app';

/*
 * The attacker's tests (test/http/attacker-*.test.ts, docs/testing.md "Attacker's tests"): every
 * route of the five APIs, from Fastify's own route table and the OpenAPI document, called with each
 * credential that must be refused; each must be refused as documented and change nothing.
 */

/** The five APIs, by who may call them (docs/trust-model.md). */
export type Api = 'public' | 'portal' | 'v1' | 'cashier' | 'me';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A route of Fastify's table: its method and pattern (`/contacts/:contact_uuid`). */
export interface Route {
  method: Method;
  url: string;
}

/** An operation of the OpenAPI document, the parts the attacker's requests are made of. */
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    example?: unknown;
    schema?: { example?: unknown };
  }[];
  requestBody?: {
    content: Record<string, { example?: unknown; schema?: { example?: unknown; required?: string[] } }>;
  };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** A route the attacker's tests call, with the API it belongs to and its document operation. */
export interface AttackRoute extends Route {
  api: Api;
  /** `METHOD /pattern`, as failures name it. */
  name: string;
  /** The document's operation (for a surface copy, its spec path's); undefined for v1. */
  operation?: Operation;
  /** The document's security scheme (`bearer`, `registerKey`, `personalAccessToken`, `cashierDevice`, `meSession`) or none. */
  scheme?: string;
  /** Served under /api/v3/register or /api/v3/oauth/clients as a copy of a spec path. */
  surface?: 'register' | 'oauth';
}

/**
 * Fastify's own route table (printRoutes, every method but HEAD and OPTIONS), so that a route
 * added without a document entry or an attacker's request still shows up. printRoutes without a
 * common prefix prints each route's pattern relative to the route above it in the tree.
 */
export function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    stack.length = match[1]!.length / 4;
    const key = match[2] === '(empty root node)' ? '' : match[2]!;
    // A wildcard is printed without the static part before it (find-my-way's pretty-print): `/docs/*` as `*` under `docs`.
    stack.push(key === '*' && !stack.join('').endsWith('/') ? '/*' : key);
    const url = stack.join('');
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method: method as Method, url });
    }
  }
  return routes;
}

/**
 * Routes that take no credential of any API, and why none is needed. A route outside the five
 * APIs that is not here fails the run (attacker-routes.test.ts): say what guards it, or give it one.
 */
export const OPEN_ROUTES: Record<string, string> = {
  'GET /': 'the start page: links only',
  'POST /demo/kiosk-session': 'opens a demo session only when the demo account is loaded (start-page.ts)',
  'GET /docs': 'Swagger UI',
  'GET /docs/*': 'Swagger UI (its files)',
  'GET /docs/json': 'the OpenAPI document',
  'GET /docs/yaml': 'the OpenAPI document',
  'GET /docs/static/index.html': 'Swagger UI',
  'GET /docs/static/swagger-initializer.js': 'Swagger UI',
  'GET /openapi.json': 'the OpenAPI document',
  'GET /healthz': 'health check',
  'GET /readyz': 'health check',
  'POST /oauth/token': "exchanges an OAuth client's secret for an access token (oauth-token.test.ts)",
  'GET /subscriptions/confirm/:token': 'the double opt-in token of a confirmation e-mail is the credential',
  'GET /media/:name': "the brand kit's pictures, public by design",
  'POST /cashier/api/pair': "exchanges a device token for the console's cookie (cashier-security.test.ts)",
  'POST /portal/api/devices/pair':
    "exchanges the office's pairing code for a tablet's device token (office-devices.test.ts)",
  'POST /me/api/sign-in': "exchanges a sign-in link's token for the /me/ cookie (me-sign-in.test.ts)",
  'POST /me/api/sign-in-link':
    'e-mails a link to a known address; answers the same for any (me-attacker.test.ts)',
};

/** The API a route belongs to by its prefix; undefined: the public API, or an open route. */
function prefixApi(url: string): Exclude<Api, 'public'> | undefined {
  if (url.startsWith('/portal/api/')) return 'portal';
  if (url.startsWith('/api/v1/portal-sessions')) return 'v1';
  if (url.startsWith('/cashier/api/')) return 'cashier';
  if (url.startsWith('/me/api/')) return 'me';
  return undefined;
}

const SURFACE = /^\/api\/v3\/(register|oauth\/clients)(\/.*)$/;
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Every route of the app with its API, and the routes that are neither open (OPEN_ROUTES) nor of an
 * API the attacker's tests know how to call (`uncovered`, each with why): a route missing from the
 * document, or a v1 route without a request in V1_REQUESTS.
 */
export function attackSurface(
  app: FastifyInstance,
  doc: OpenApiDocument,
): { routes: AttackRoute[]; uncovered: string[] } {
  const routes: AttackRoute[] = [];
  const uncovered: string[] = [];
  for (const { method, url } of routeTable(app)) {
    const name = `${method} ${url}`;
    if (OPEN_ROUTES[name]) continue;
    // The office's routes (cookie of a person) are attacked by test/http/office-*.test.ts, per route.
    if (url.startsWith('/office/api/')) continue;
    const path = openApiPath(url);
    const surface = SURFACE.exec(path);
    const candidates = surface ? [path, surface[2]!, `/v3/oauth/clients${surface[2]}`] : [path];
    const found = candidates.find((c) => doc.paths[c]?.[method.toLowerCase()]);
    const operation = found ? doc.paths[found]![method.toLowerCase()] : undefined;
    const scheme = Object.keys(operation?.security?.[0] ?? {})[0];
    const api = prefixApi(url) ?? (scheme ? 'public' : undefined);
    const route: AttackRoute = {
      method,
      url,
      name,
      api: api ?? 'public',
      operation,
      scheme,
      ...(surface && found !== path ? { surface: surface[1] === 'register' ? 'register' : 'oauth' } : {}),
    };
    if (!api) uncovered.push(`${name}: in no API and not open (no document entry with a security scheme)`);
    else if (api === 'v1' && !V1_REQUESTS[v1Key(route)] && !operation) {
      uncovered.push(`${name}: a v1 route without a request in V1_REQUESTS (test/helpers/attacker.ts)`);
    } else if (api !== 'v1' && !operation) uncovered.push(`${name}: not in the OpenAPI document`);
    else routes.push(route);
  }
  return { routes, uncovered };
}

/**
 * The groups of routes each attacker's test calls, by the credential their callers hold: a key of
 * the public API (and the v1 API's create), a portal session's uuid (the kiosk's and the v1 API's
 * session routes), a standby screen's device token, the console's cookie, the /me/ cookie.
 */
export const ROUTE_GROUPS = {
  key: (r: AttackRoute) => r.api === 'public' || (r.api === 'v1' && !r.url.includes(':')),
  session: (r: AttackRoute) =>
    (r.api === 'portal' && r.url.startsWith('/portal/api/sessions/:uuid')) ||
    (r.api === 'v1' && r.url.startsWith('/api/v1/portal-sessions/:uuid')),
  device: (r: AttackRoute) => r.api === 'portal' && r.url.startsWith('/portal/api/devices/:token'),
  console: (r: AttackRoute) => r.api === 'cashier',
  me: (r: AttackRoute) => r.api === 'me',
} as const;

/** A v1 route's key in V1_REQUESTS: its pattern without the API's prefix. */
const v1Key = (route: Route) =>
  `${route.method} ${route.url.replace(/^\/api\/v1\/portal-sessions/, '') || '/'}`;

/**
 * Valid-looking requests of the real portal component's API (hidden from the OpenAPI document,
 * docs/v1-api.md): its query and body, as the component sends them (contract/v1.ts).
 */
export const V1_REQUESTS: Record<string, { query?: Record<string, string>; body?: unknown }> = {
  'POST /': { body: { type: 'CREDIT_RECEPTION', shop_uuid: '{shop_uuid}', amount_in_cents: 1000 } },
  'GET /:uuid': {},
  'PUT /:uuid': { body: { contact_identifier_value: '{card}' } },
  'GET /:uuid/brand-kit': {},
  'GET /:uuid/contacts': { query: { contact_uuid: '{contact_uuid}' } },
  'POST /:uuid/contacts': { body: { email: 'mallory@example.com', accept_terms: true } },
  'POST /:uuid/contacts/link-identifier': {
    body: { contact_identifier_value: '{free_card}', email: '{email}' },
  },
  'GET /:uuid/contact-attributes': {},
  'PUT /:uuid/contact-attributes': { body: { firstname: 'Mallory' } },
  'GET /:uuid/contact-identifiers': {},
  'DELETE /:uuid/contact-identifiers': { body: { value: '{card}' } },
  'GET /:uuid/check-code': { query: { code: '{card}' } },
  'POST /:uuid/credit-receptions/create': { body: { unit_value: 10 } },
  'POST /:uuid/giftcards/transaction': { body: { uuid: '{giftcard_uuid}', amount_in_cents: -500 } },
  'GET /:uuid/giftcards/:hash': {},
  'GET /:uuid/loyalty-transactions': {},
  'GET /:uuid/subscriptions': {},
  'PUT /:uuid/subscriptions': { body: { values: { '1': true } } },
  'GET /:uuid/subscriptions/contact': {},
  'GET /:uuid/vouchers': {},
  'GET /:uuid/vouchers/:code': {},
  'GET /:uuid/vouchers/check/:code': {},
  'POST /:uuid/vouchers/redeem': { body: { code: '{voucher_code}' } },
  'GET /:uuid/rewards': {},
  'POST /:uuid/rewards/claim': { body: { uuid: '{reward_uuid}' } },
  'GET /:uuid/prepaid': {},
  'POST /:uuid/prepaid/transaction': { body: { amount_in_cents: -500 } },
};

/**
 * Bodies of documented operations whose body has required fields and no example (its description
 * says why: a value made by another call), by `METHOD <Fastify pattern>` of the spec path.
 */
export const BODIES: Record<string, unknown> = {
  'POST /vouchers/:voucher_uuid/release': { release_key: '{release_key}' },
  'POST /portal/api/sessions/:uuid/receipt-tokens/claim': { value: '{receipt_url}' },
};

/**
 * The victim's data the requests name: path parameters by their name, or `<segment before it>/<name>`
 * where the name alone is ambiguous (`bookings/uuid`), and the `{name}` placeholders of
 * V1_REQUESTS. Queries and bodies of the document are its examples, which name the demo account's
 * data (its shop at Amsterdam, Anna, her card).
 */
export type Values = Record<string, string>;

/** The value of path parameter `name` of `url`, from `values`, else the document's example. */
function paramValue(route: AttackRoute, name: string, values: Values): string | undefined {
  const before = route.url
    .slice(0, route.url.indexOf(`:${name}`))
    .split('/')
    .filter(Boolean)
    .at(-1);
  const example = route.operation?.parameters?.find((p) => p.name === name && p.in === 'path');
  const documented = example?.example ?? example?.schema?.example;
  return (
    values[`${before}/${name}`] ?? values[name] ?? (documented === undefined ? undefined : String(documented))
  );
}

function replaceNamed(value: unknown, values: Values): unknown {
  if (typeof value === 'string') {
    const named = /^\{(\w+)\}$/.exec(value);
    return named ? (values[named[1]!] ?? value) : value;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, replaceNamed(v, values)]));
}

/** A request of the route: the path filled from `values`, its documented (or V1_REQUESTS) query and body. */
export interface AttackRequest {
  method: Method;
  url: string;
  payload?: unknown;
}

/**
 * The route called as its client would, with the victim's data (`values`): path parameters, the
 * required and exemplified query parameters, the body's example. Throws when a path parameter has
 * no value, so that a new route gets one.
 */
export function requestFor(route: AttackRoute, values: Values): AttackRequest {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = paramValue(route, name, values);
    if (value === undefined) throw new Error(`${route.name}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  let query: Record<string, string> = {};
  let payload: unknown;
  if (route.api === 'v1' && !route.operation) {
    const known = V1_REQUESTS[v1Key(route)]!;
    query = (replaceNamed(known.query ?? {}, values) as Record<string, string>) ?? {};
    payload = replaceNamed(known.body, values);
  } else {
    for (const p of route.operation?.parameters ?? []) {
      if (p.in !== 'query') continue;
      const example = p.example ?? p.schema?.example;
      if (example !== undefined) query[p.name] = String(example);
    }
    const json = route.operation?.requestBody?.content['application/json'];
    const example = json?.example ?? json?.schema?.example ?? BODIES[`${route.method} ${specUrl(route)}`];
    if (json && example === undefined && json.schema?.required?.length) {
      throw new Error(`${route.name}: no example body; give one in BODIES (test/helpers/attacker.ts)`);
    }
    if (json) payload = replaceNamed(example ?? {}, values);
  }
  const search = new URLSearchParams(query).toString();
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return {
    method: route.method,
    url: search ? `${path}?${search}` : path,
    ...(payload !== undefined || withBody ? { payload: payload ?? {} } : {}),
  };
}

/**
 * A route's path as the spec writes it: without a surface's prefix (`/api/v3/register`,
 * `/api/v3/oauth/clients`) and the spec's own `/v3/oauth/clients`; KNOWN_HOLES names routes so.
 */
export function specUrl(route: Route): string {
  return route.url
    .replace(/^\/api\/v3\/(?:register|oauth\/clients)(?=\/)/, '')
    .replace(/^\/v3\/oauth\/clients(?=\/)/, '');
}

/**
 * The attacker's cases that are not refused today: real holes, each with its defect, left to the
 * part of the service that owns the rule (a domain rule, or another change under way). A case
 * here is not asserted, on any surface of the route; remove it once the hole is closed.
 * Keys: `<credential class> <METHOD> <spec path>` (specUrl).
 */
export const KNOWN_HOLES: Record<string, string> = {};

/** The defect of a known hole of `credentialClass` on `route`, or undefined. */
export function knownHole(credentialClass: string, route: Route): string | undefined {
  return KNOWN_HOLES[`${credentialClass} ${route.method} ${specUrl(route)}`];
}

/**
 * The attacker's apps run without rate limits (`--rate-limit 0`): each refusal must come from the
 * credential, not from a limit some earlier refusal reached (the limits' own tests:
 * auth-limits.test.ts), and counting some 1,500 refusals would cost a database write each on
 * PostgreSQL.
 */
export const ATTACKER_ARGV = ['--rate-limit', '0'];

let addressCounter = 0;
/**
 * A client address of its own for each attacker's request, for apps with their limits on (the
 * /me/ tests'): the failed-authentication limit per address would answer 429 before the cookie is
 * looked at.
 */
function attackerAddress(): string {
  addressCounter++;
  return `10.${200 + ((addressCounter >> 16) % 50)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** How long a stream that opened (a refusal answers at once) may run before it is taken as not refused. */
const STREAM_MS = 5_000;

/**
 * Sends an attacker's request on `t` with `options` (a bearer token, headers, cookies), from a
 * client address of its own. An event stream (a route ending in /stream) that does not answer
 * within STREAM_MS was not refused: it answers as 200 with a body saying so (the stream ends with
 * the app).
 */
export async function attack(
  t: TestApp,
  request: AttackRequest,
  options: Omit<InjectOptions, 'method' | 'url'> & { token?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  // Straight to the app: the responses' documentation is other tests' part (compiling a validator
  // for each of some 1,500 routes' refusals would take most of the run).
  const sent = t.app.inject({
    ...rest,
    method: request.method,
    url: request.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    remoteAddress: attackerAddress(),
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
  // Only an event stream (the routes ending in /stream) may not end by itself.
  if (!request.url.split('?')[0]!.endsWith('/stream')) return sent;
  let timer: NodeJS.Timeout | undefined;
  const opened = new Promise<LightMyRequestResponse>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          statusCode: 200,
          body: '{"stream":"opened"}',
          json: () => ({ stream: 'opened' }),
          headers: {},
        } as unknown as LightMyRequestResponse),
      STREAM_MS,
    );
  });
  try {
    return await Promise.race([sent, opened]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work` for every item, `width` at a time: refusals are independent of each other, and a
 * database round trip of one overlaps the others'.
 */
export async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, width = 8): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** The shape of a refusal: status, code, reason and the body's keys. */
export function refusalShape(res: { statusCode: number; body: string }): string {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    // Not JSON: only the status is compared.
  }
  const keys = Object.keys(body).sort().join(',');
  return `${res.statusCode} code=${String(body.code)} reason=${String(body.reason)} keys=${keys}`;
}

/**
 * A refusal as an attacker reads it, to compare "exists but not yours" with "does not exist": its
 * status and whole body, the identifiers the request named (`ids`) written as `<id>`.
 */
export function refusalText(res: { statusCode: number; body: string }, ids: string[]): string {
  let body = res.body;
  for (const id of ids) body = body.replaceAll(id, '<id>');
  return `${res.statusCode} ${body}`;
}

/**
 * Tables a refused call may write to, and why: they hold nothing of an account, a customer or
 * their money. Everything else is compared whole.
 */
const VOLATILE_TABLES: Record<string, string> = {
  rate_limit_counters: 'counts requests and failed authentications (PostgreSQL), refused ones too',
};

/**
 * Every row of every table but VOLATILE_TABLES, each table's rows sorted: what a refused call must
 * leave as it was (compare two with expectNothingChanged).
 */
export async function databaseSnapshot(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !VOLATILE_TABLES[name])
    .sort();
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute();
    snapshot[table] = rows
      .map((row) =>
        JSON.stringify(row, (_key, value) =>
          value && typeof value === 'object' && value.type === 'Buffer'
            ? `<${value.data.length} bytes>`
            : value,
        ),
      )
      .sort();
  }
  return snapshot;
}

/** Expects every table to read back as in `before`; names the rows that changed. */
export async function expectNothingChanged(
  db: Kysely<Database>,
  before: Record<string, string[]>,
  what: string,
): Promise<void> {
  const after = await databaseSnapshot(db);
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    for (const row of was) if (!is.has(row)) changes.push(`${table} - ${row.slice(0, 300)}`);
    for (const row of is) if (!was.has(row)) changes.push(`${table} + ${row.slice(0, 300)}`);
  }
  expect(changes, `${what} changed the database`).toEqual([]);
}

/** The service's own OpenAPI document. */
export async function openApiDocument(t: TestApp): Promise<OpenApiDocument> {
  return (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
}
