import {
  ERROR_REASONS,
  ERRORS,
  type ErrorCode,
  type ErrorReason,
  type RouteError,
} from '../../../contract/errors';
import { DOCUMENTED_AS } from '../../../contract/fields';
import { deriveOperationId } from './operation-id';

/*
 * Completes the OpenAPI document @fastify/swagger builds from the routes' zod schemas, in one pass
 * over it: operationIds, security, the error responses of each operation by concrete status with
 * the possible codes as an enum (from the route's one `errors` list, which also writes its
 * description), the Idempotency-Key and rate-limit headers, form-encoded bodies, event streams,
 * and plain JSON Schema where zod's output has single-branch unions.
 */

/**
 * The operation whose examples make what another operation's examples need (a session, a
 * transaction), and OpenAPI runtime expressions of its request or response (`$response.body#/data/uuid`,
 * `$request.path.uuid`) for that operation's path parameters.
 */
export interface ExampleAfter {
  operationId: string;
  parameters: Record<string, string>;
  /** The expression of the body to send instead of the example (a key the response gives). */
  requestBody?: string;
}

/** "Try it out" after `operationId`, whose response's `data.uuid` fills the path parameter `parameter`. */
export function madeBy(operationId: string, parameter?: string): ExampleAfter {
  return { operationId, parameters: parameter ? { [parameter]: '$response.body#/data/uuid' } : {} };
}

/** What the document needs to know of one route beyond its schemas (collected as routes register). */
export interface RouteFacts {
  /**
   * Who may call: bearer tokens (an API key or access token: the spec's K and A; a personal access
   * token: P), the cashier console's cookie, the /me/ page's cookie, the office's cookie, or no
   * credential.
   */
  security: 'bearer' | 'registerKey' | 'personalAccessToken' | 'cashier' | 'me' | 'office' | 'none';
  /** "Try it out" needs this operation run first (see FastifySchema.exampleAfter). */
  exampleAfter?: ExampleAfter;
  /** Its refusals besides those every route of its kind has (see genericErrors). */
  errors: readonly RouteError[];
  /** Honours an `Idempotency-Key` header. */
  idempotent: boolean;
  /** Takes form-encoded bodies besides JSON (the public API; the console and /me/ take JSON only). */
  formBodies: boolean;
  /** Refuses calls from another origin (the console's and /me/'s calls that change something). */
  sameSiteOnly: boolean;
  /** Counts against the rate limit (X-RateLimit-* headers, 429); health checks do not. */
  rateLimited: boolean;
  /** Answers something else than JSON on success (an event stream, an HTML page). */
  produces?: string;
  /** When it answers 204 No Content (FastifySchema.noContent). */
  noContent?: string;
  operationId?: string;
  hasParams: boolean;
  hasBody: boolean;
  hasInput: boolean;
}

/** A refusal as documented: code, HTTP status and, where the code alone is vague, when and its reason. */
interface Refusal {
  code: ErrorCode;
  status: number;
  when?: string;
  reason?: ErrorReason;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  422: 'Unprocessable entity',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

function refusal(entry: RouteError): Refusal {
  if (typeof entry === 'number') return { code: entry, status: ERRORS[entry].status };
  if ('reason' in entry) {
    const { code, status, when } = ERROR_REASONS[entry.reason];
    return { code, status: entry.status ?? status, when, reason: entry.reason };
  }
  return { code: entry.code, status: entry.status ?? ERRORS[entry.code].status, when: entry.when };
}

/** The refusals every route of a kind has: malformed requests, credentials, rate limit, crashes. */
function genericErrors(facts: RouteFacts): Refusal[] {
  const list: Refusal[] = [];
  // Any request: a missing Host header; with parameters or a body, bad percent-encoding or JSON.
  list.push({ code: 1003, status: 400, when: 'malformed request' });
  if (facts.security !== 'none')
    list.push({ code: 1003, status: 401, when: 'missing or unknown credential' });
  if (
    facts.security === 'bearer' ||
    facts.security === 'registerKey' ||
    facts.security === 'personalAccessToken'
  )
    list.push({ code: 1003, status: 403, when: 'a credential of another kind' });
  if (facts.sameSiteOnly) {
    list.push({ code: 1003, status: 403, when: 'a call from another site', reason: 'cross_site_call' });
  }
  if (facts.hasBody) {
    list.push({ code: 1003, status: 413, when: 'body too large' });
    list.push({ code: 1003, status: 415, when: 'unsupported content type' });
  }
  if (facts.hasParams) list.push({ code: 1003, status: 414, when: 'path parameter too long' });
  if (facts.hasInput || facts.idempotent) {
    list.push({ code: 1003, status: 422, when: 'invalid input (`errors` names the fields)' });
  }
  if (facts.idempotent) {
    list.push({
      code: 1003,
      status: 409,
      when: 'the Idempotency-Key was used for another request',
      reason: 'idempotency_key_reused',
    });
  }
  if (facts.rateLimited) list.push({ code: 1003, status: 429, when: 'rate limit exceeded' });
  list.push({ code: 1000, status: 500 });
  list.push({ code: 1000, status: 503, when: 'the database is briefly unavailable (see Retry-After)' });
  return list;
}

/** The description's list of the route's own refusals, written from its `errors` list. */
export function describeErrors(errors: readonly RouteError[]): string {
  if (errors.length === 0) return '';
  const lines = errors.map(refusal).map((r) => {
    const text = ERRORS[r.code].en;
    const reason = r.reason ? ` (reason \`${r.reason}\`)` : '';
    return `- \`${r.code}\` (HTTP ${r.status}) ${text}${r.when ? `: ${r.when}` : ''}${reason}`;
  });
  return `**Errors**\n\n${lines.join('\n')}`;
}

type Json = Record<string, unknown>;

const ERROR_REF = '#/components/schemas/Error';
const RATE_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
};

const rateHeaders = (facts: RouteFacts) => (facts.rateLimited ? RATE_HEADERS : {});

/** The responses of the route's refusals, one per HTTP status, its codes as an enum. */
function errorResponses(facts: RouteFacts): Record<string, Json> {
  const byStatus = new Map<number, Refusal[]>();
  for (const r of [...genericErrors(facts), ...facts.errors.map(refusal)]) {
    byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...new Set(list.map((r) => r.code))].sort((a, b) => a - b);
    const whens = list.map((r) => `${r.code}${r.when ? ` ${r.when}` : ` ${ERRORS[r.code].en}`}`);
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Refused'}: ${[...new Set(whens)].join('; ')}.`,
      headers: {
        ...rateHeaders(facts),
        ...(status === 429 || status === 503
          ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
          : {}),
      },
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: ERROR_REF }, { type: 'object', properties: { code: { enum: codes } } }] },
        },
      },
    };
  }
  return responses;
}

/** Components every document carries: the credentials, the shared headers and parameter. */
export function commonComponents(
  maxIdempotencyKeyLength: number,
  cashierCookie: string,
  meCookie: string,
  officeCookie: string,
): Json {
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An API key, or where the operation says so an access token (POST /oauth/token). On the demo ' +
          'account (`npm start`): `demo-api-key`.',
      },
      registerKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key bound to a shop (a register key). On the demo account: `demo-register-key`.',
      },
      personalAccessToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'A personal access token. On the demo account: `demo-personal-access-token`.',
      },
      cashierDevice: {
        type: 'apiKey',
        in: 'cookie',
        name: cashierCookie,
        description:
          "The cashier console's device session cookie, set by POST /cashier/api/pair (its example pairs " +
          "the demo account's till; the browser then sends the cookie).",
      },
      meSession: {
        type: 'apiKey',
        in: 'cookie',
        name: meCookie,
        description:
          "The customer's /me/ session cookie, set by POST /me/api/sign-in with the token of a sign-in link " +
          '(docs/me.md).',
      },
      officeSession: {
        type: 'apiKey',
        in: 'cookie',
        name: officeCookie,
        description:
          "A staff member's office session cookie, set by POST /office/api/sign-in (on the demo account: " +
          '`owner@demo.example`, password `demo-owner-pass`; docs/office.md).',
      },
    },
    headers: {
      'X-RateLimit-Limit': {
        description: 'Requests allowed a minute for this credential (or portal session, or address).',
        schema: { type: 'integer' },
      },
      'X-RateLimit-Remaining': {
        description: 'Requests left in the current minute.',
        schema: { type: 'integer' },
      },
      'Retry-After': {
        description: 'Seconds to wait before trying again (the rate limit resets; the database is back).',
        schema: { type: 'integer' },
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'A retry with the same key and body answers the first response without acting again (24 hours, ' +
          'per credential); the same key with another body answers 1003 with HTTP 409.',
        schema: { type: 'string', minLength: 1, maxLength: maxIdempotencyKeyLength },
      },
    },
  };
}

const NOT_JSON: Record<string, string> = {
  'text/event-stream':
    'A server-sent event stream (see the description). It stays open, so Swagger UI\'s "Try it out" shows ' +
    'nothing: read it with `curl -N`.',
  'text/html': 'An HTML page.',
  'text/plain': 'Plain text.',
  'image/*': 'The picture.',
};

// The security scheme of a kind of caller, where its name differs.
const SCHEMES: Partial<Record<RouteFacts['security'], string>> = {
  cashier: 'cashierDevice',
  me: 'meSession',
  office: 'officeSession',
};

/** Completes one operation of the document from its route's facts. */
function completeOperation(method: string, path: string, op: Json, facts: RouteFacts): void {
  op.operationId = facts.operationId ?? deriveOperationId(method, path);
  // A route may declare its own (the metrics token); else by its kind.
  op.security ??= facts.security === 'none' ? [] : [{ [SCHEMES[facts.security] ?? facts.security]: [] }];
  const errors = describeErrors(facts.errors);
  if (errors) op.description = [op.description, errors].filter(Boolean).join('\n\n');
  if (facts.idempotent) {
    op.parameters = [
      ...((op.parameters as Json[]) ?? []),
      { $ref: '#/components/parameters/IdempotencyKey' },
    ];
  }
  const body = op.requestBody as { content?: Record<string, Json> } | undefined;
  const json = body?.content?.['application/json'];
  if (json && facts.formBodies) body.content!['application/x-www-form-urlencoded'] = { schema: json.schema };
  const responses: Record<string, Json> = {};
  // The route's own responses (a success, or readiness' 503) stand; refusals are added around them.
  for (const [status, response] of Object.entries((op.responses as Record<string, Json>) ?? {})) {
    responses[status] = {
      ...response,
      description: response.description === 'Default Response' ? 'Success.' : response.description,
      headers: rateHeaders(facts),
    };
  }
  // A stream or a page has no response schema: @fastify/swagger leaves its success without content.
  if (facts.produces && !Object.values(responses).some((r) => r.content)) {
    for (const status of Object.keys(responses)) delete responses[status];
    responses['200'] = {
      description: NOT_JSON[facts.produces] ?? 'Success.',
      headers: rateHeaders(facts),
      content: { [facts.produces]: { schema: { type: 'string' } } },
    };
  }
  if (facts.noContent) responses['204'] = { description: facts.noContent, headers: rateHeaders(facts) };
  op.responses = { ...errorResponses(facts), ...responses };
}

// What a field documented as something else (contract/fields.ts documentedAs) keeps of its own.
const KEPT = ['description', 'default', 'examples', 'example', 'title'];

/**
 * Replaces a one-branch anyOf/oneOf by its branch, a union with an "anything" branch by anything,
 * and a field that reads more spellings than it documents by its documented schema.
 */
function simplifySchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifySchemas);
  if (!node || typeof node !== 'object') return node;
  const documented = (node as Json)[DOCUMENTED_AS] as Json | undefined;
  if (documented) {
    const kept = KEPT.filter((key) => key in node).map((key) => [key, (node as Json)[key]]);
    return { ...Object.fromEntries(kept), ...documented };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifySchemas(value);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = out[key] as Json[] | undefined;
    if (!Array.isArray(branches)) continue;
    if (branches.some((b) => Object.keys(b).length === 0)) {
      delete out[key];
    } else if (branches.length === 1) {
      delete out[key];
      Object.assign(out, branches[0]);
    }
  }
  return out;
}

/** Markdown renders `<path>` as an (unknown) HTML tag and drops the rest: escape it outside code. */
function escapeHtml(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replaceAll('<', '&lt;').replaceAll('>', '&gt;')))
    .join('');
}

function escapeDescriptions(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' && typeof value === 'string') (node as Json)[key] = escapeHtml(value);
    else escapeDescriptions(value);
  }
}

/** Drops component schemas nothing refers to (the registry gives each an input and an output twin). */
function pruneSchemas(doc: Json): void {
  const schemas = ((doc.components as Json).schemas ?? {}) as Json;
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(doc.paths);
  visit((doc.components as Json).responses);
  for (const [name, schema] of Object.entries(schemas)) {
    if (!used.has(name)) delete schemas[name];
    // zod writes each as a standalone JSON Schema; inside the document they are plain schemas.
    else for (const key of ['$id', '$schema']) delete (schema as Json)[key];
  }
}

/**
 * Completes the document: every operation from the facts of its route (keyed `get /path/{p}`),
 * unique operationIds (a clash throws at start-up), then the whole document simplified and its
 * descriptions escaped. Returns a new document.
 */
export function completeDocument(input: Json, facts: Map<string, RouteFacts>): Json {
  const doc = simplifySchemas(structuredClone(input)) as Json;
  const ids = new Map<string, string>();
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(operations)) {
      const routeFacts = facts.get(`${method} ${path}`);
      if (!routeFacts) throw new Error(`OpenAPI: no route facts for ${method} ${path}`);
      completeOperation(method, path, op, routeFacts);
      const id = op.operationId as string;
      if (ids.has(id)) throw new Error(`OpenAPI: operationId ${id} of ${method} ${path} and ${ids.get(id)}`);
      ids.set(id, `${method} ${path}`);
    }
  }
  linkExamples(doc, facts);
  pruneSchemas(doc);
  escapeDescriptions(doc);
  return doc;
}

/**
 * Each `exampleAfter` as a link on the named operation's success response, and as a line of the
 * operation's description saying what to run first. A name of no operation throws at start-up.
 */
function linkExamples(doc: Json, facts: Map<string, RouteFacts>): void {
  const byId = new Map<string, Json>();
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) byId.set(op.operationId as string, op);
  }
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const after = facts.get(`${method} ${path}`)?.exampleAfter;
      if (!after) continue;
      const source = byId.get(after.operationId);
      if (!source) throw new Error(`OpenAPI: ${method} ${path} is tried after ${after.operationId}, unknown`);
      const responses = source.responses as Record<string, Json>;
      const success = Object.keys(responses).find((status) => status.startsWith('2'))!;
      const id = op.operationId as string;
      responses[success]!.links = {
        ...(responses[success]!.links as Json),
        [id]: { operationId: id, parameters: after.parameters, requestBody: after.requestBody },
      };
      const names = [
        ...Object.keys(after.parameters).map((name) => `\`${name}\``),
        ...(after.requestBody ? ['the body'] : []),
      ];
      const tryIt =
        `**Try it out**: on the demo account, run \`${after.operationId}\` first with its example` +
        (names.length > 0 ? `; its response gives ${names.join(' and ')} (its link \`${id}\`).` : '.');
      op.description = [op.description, tryIt].filter(Boolean).join('\n\n');
    }
  }
}
