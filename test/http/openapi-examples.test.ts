import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { OpenApiCheck } from '../helpers/openapi-check';

/*
 * Every operation of the OpenAPI document, sent as Swagger UI's "Try it out" sends it: path
 * parameters and required query parameters from their examples, the body's example, the security
 * scheme's demo credential (the cashier console's cookie from pairing with the pair example), each
 * on an app of its own freshly loaded with the demo account, as a fresh `npm start`. An operation
 * whose example needs a resource made first names that operation, which carries an OpenAPI link to
 * it: the test runs that operation first (on the same app) and takes the values the link names.
 * Each must answer 2xx, as documented (the test app checks every response against the document).
 * About 20 s for 139 operations on a quiet machine (SQLite); 100 s (SQLite) and 255 s (PostgreSQL)
 * were seen on a loaded one, hence the timeout.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown };
}
interface Link {
  operationId: string;
  parameters: Record<string, string>;
  requestBody?: string;
}
interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { example?: unknown; schema?: { example?: unknown } }> };
  responses: Record<string, { content?: Record<string, unknown>; links?: Record<string, Link> }>;
  security?: Record<string, string[]>[];
}
interface Entry {
  method: string;
  path: string;
  op: Operation;
}

/**
 * The operations without an example, as their descriptions say: a double opt-in token is made by a
 * subscription and read from the contact's confirmation URL, a code sent by e-mail, and a receipt
 * token's URL or its fields, which no link expression can cut out; a webhook delivery to replay
 * exists only once an event was delivered or given up.
 */
const NO_EXAMPLE = new Set([
  'confirmSubscription',
  'verifyContactVerification',
  'getContactVerificationAuthToken',
  'replayWebhookSubscriptionDelivery',
  'claimLoyaltyToken',
  'claimLoyaltyTokenViaRegister',
  'claimPortalApiSessionReceiptToken',
  // The token of a sign-in link is part of its URL; the deletion code comes by e-mail.
  'createMeApiSignIn',
  'confirmMeApiDeletion',
  // A tablet's pairing code is shown once in the office, for a device made there.
  'pairPortalApiDevice',
  // The token of a password reset link comes by e-mail.
  'createOfficeApiPasswordReset',
]);

/** The office's calls made without its cookie; every other office call signs in as the demo owner first. */
const OFFICE_PUBLIC = new Set([
  'createOfficeApiSignIn',
  'createOfficeApiPasswordResetLink',
  'createOfficeApiPasswordReset',
]);

/** The demo credential of each security scheme (its description names it). */
const CREDENTIALS: Record<string, string> = {
  bearer: DEMO.apiKey,
  registerKey: DEMO.registerKey,
  personalAccessToken: DEMO.personalAccessToken,
};

let doc: { paths: Record<string, Record<string, Operation>> };
let check: OpenApiCheck;
const operations = new Map<string, Entry>();

beforeAll(async () => {
  const first = await createTestApp();
  doc = (await first.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  await first.close();
  check = new OpenApiCheck(doc as never);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) operations.set(op.operationId, { method, path, op });
  }
});

/** The operation whose success response links to `operationId`, and that link. */
function linkTo(operationId: string): { source: string; link: Link } | undefined {
  for (const { op } of operations.values()) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (!status.startsWith('2')) continue;
      const link = Object.values(response.links ?? {}).find((l) => l.operationId === operationId);
      if (link) return { source: op.operationId, link };
    }
  }
  return undefined;
}

interface Sent {
  path: Record<string, string>;
  response: LightMyRequestResponse;
}

/** `$response.body#/a/b` or `$request.path.name` of a sent request. */
function evaluate(expression: string, sent: Sent): unknown {
  const path = /^\$request\.path\.(\w+)$/.exec(expression);
  if (path) return sent.path[path[1]!]!;
  const body = /^\$response\.body#(\/.*)$/.exec(expression);
  if (!body) throw new Error(`unsupported link expression ${expression}`);
  let node: unknown = sent.response.json();
  for (const key of body[1]!.slice(1).split('/')) node = (node as Record<string, unknown>)[key];
  return node;
}

/** Sends one operation with its examples on `t`, first the operations its link names. */
async function send(
  t: TestApp,
  operationId: string,
  cookie: { value?: string; me?: string; office?: string },
): Promise<Sent> {
  const { method, path, op } = operations.get(operationId)!;
  const parameters = (op.parameters ?? []).filter((p): p is Parameter => 'name' in p);
  const values: Record<string, string> = {};
  let linkedBody: unknown;
  const found = linkTo(operationId);
  if (found) {
    const before = await send(t, found.source, cookie);
    const status = before.response.statusCode;
    if (status >= 300)
      throw new Error(`${found.source} first: ${status} ${before.response.body.slice(0, 200)}`);
    for (const [name, expression] of Object.entries(found.link.parameters)) {
      values[name] = String(evaluate(expression, before));
    }
    if (found.link.requestBody) linkedBody = evaluate(found.link.requestBody, before);
  }
  for (const p of parameters) {
    const example = p.example ?? p.schema?.example;
    if (example !== undefined && values[p.name] === undefined) values[p.name] = String(example);
  }
  const missing = parameters.filter((p) => (p.in === 'path' || p.required) && values[p.name] === undefined);
  if (missing.length > 0) throw new Error(`no example for ${missing.map((p) => p.name)} and no link`);
  const url = path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(values[name]!));
  // Swagger UI sends every parameter it has a value for: the required ones and those with an example.
  const query = new URLSearchParams(
    parameters
      .filter((p) => p.in === 'query' && values[p.name] !== undefined)
      .map((p) => [p.name, values[p.name]!]),
  ).toString();
  const json = op.requestBody?.content['application/json'];
  const payload = json ? (linkedBody ?? json.example ?? json.schema?.example ?? {}) : undefined;
  const scheme = Object.keys(op.security?.[0] ?? {})[0];
  if (scheme === 'cashierDevice' && !cookie.value) {
    const paired = await send(t, 'pairCashier', cookie);
    cookie.value = String(paired.response.headers['set-cookie']).split(';')[0];
    // Amsterdam's till has staff: Sam signs in, as the console asks (the example is hers).
    await send(t, 'createCashierStaffSignIn', cookie);
  }
  if (scheme === 'meSession' && !cookie.me) {
    // As the customer does: open a sign-in link of the contacts portal (its example: Anna).
    const link = await send(t, 'getContactsPortalAuthUrl', cookie);
    const signIn = await t.call({
      method: 'POST',
      url: '/me/api/sign-in',
      token: null,
      payload: { token: new URL(link.response.json().data.url).searchParams.get('token') },
    });
    cookie.me = String(signIn.headers['set-cookie']).split(';')[0];
  }
  const office = path.startsWith('/office/api/') && !OFFICE_PUBLIC.has(operationId);
  if (office && !cookie.office) {
    // As the owner does: sign in (the example is the demo owner's).
    const signIn = await send(t, 'createOfficeApiSignIn', cookie);
    cookie.office = String(signIn.response.headers['set-cookie']).split(';')[0];
  }
  const cookieHeader =
    scheme === 'cashierDevice'
      ? cookie.value
      : scheme === 'meSession'
        ? cookie.me
        : office
          ? cookie.office
          : undefined;
  const response = await t.call({
    method: method.toUpperCase() as 'GET',
    url: query ? `${url}?${query}` : url,
    token: scheme && scheme !== 'cashierDevice' && scheme !== 'meSession' ? CREDENTIALS[scheme]! : null,
    ...(cookieHeader ? { headers: { cookie: cookieHeader } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { path: values, response };
}

describe('every operation\'s examples, sent as "Try it out" sends them', () => {
  it('succeed on a fresh start of the demo account', async () => {
    const failures: string[] = [];
    const started = Date.now();
    // A read changes nothing: the reads that need nothing made first share one fresh app.
    const reads = await createTestApp({ openApi: check });
    const queue = [...operations].filter(
      ([operationId, { op, path }]) =>
        // An event stream never ends, so "Try it out" waits on it; its description says so.
        !Object.values(op.responses).some((r) => r.content?.['text/event-stream']) &&
        !NO_EXAMPLE.has(operationId) &&
        // The office's calls need a person's office session (test/http/office-*.test.ts try them).
        !path.startsWith('/office/api/'),
    );
    const tried = queue.length;
    const tryNext = async (): Promise<void> => {
      const next = queue.shift();
      if (!next) return;
      const [operationId, { method }] = next;
      const shared = method === 'get' && !linkTo(operationId);
      const t = shared ? reads : await createTestApp({ openApi: check });
      try {
        const { response } = await send(t, operationId, {});
        if (response.statusCode >= 300) {
          failures.push(`${operationId}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      } catch (error) {
        failures.push(`${operationId}: ${(error as Error).message.slice(0, 300)}`);
      } finally {
        if (!shared) await t.close().catch(() => undefined);
      }
      return tryNext();
    };
    // Apps of their own run side by side: most of the time goes to making their databases.
    await Promise.all(Array.from({ length: 4 }, tryNext));
    await reads.close();
    console.log(`${tried} operations tried in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});
