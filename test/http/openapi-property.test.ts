import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { arbitraryOf, type Schema } from '../helpers/openapi-arbitrary';

/*
 * Requests generated from the OpenAPI document's own request schemas (path, query, JSON body), sent
 * through the real app: none answers 5xx, every response is as documented (the test app checks each
 * against the document), and the service refuses (422) at most 2 % of what the document calls valid
 * (each refusal is listed when over). FC_SEED picks another run.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  description?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown>; links?: object }>;
  security?: Record<string, string[]>[];
}
interface Request {
  method: string;
  url: string;
  operationId: string;
  token: string | null;
  payload?: unknown;
}

let t: TestApp;
let requests: fc.Arbitrary<Request>;

beforeAll(async () => {
  // A rate limit far above the hundreds of requests a minute the test sends with one key.
  t = await createTestApp({ argv: ['--rate-limit', '1000000'] });
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  const doc = res.json();
  if (!doc.components) throw new Error(res.body.slice(0, 500));
  const components = doc.components.schemas as Record<string, Schema>;
  const arbitraries: fc.Arbitrary<Request>[] = [];
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(operations)) {
      // Event streams stay open; the cashier console needs a paired device's cookie, the office a
      // person's (test/http/office-*.test.ts).
      const streams = Object.values(op.responses).some((r) => r.content?.['text/event-stream']);
      if (streams || op.security?.some((s) => 'cashierDevice' in s) || path.startsWith('/office/api/'))
        continue;
      const token = !op.security?.length
        ? null
        : op.description?.includes('Auth P:') || path.startsWith('/v3/oauth/clients/')
          ? DEMO.personalAccessToken
          : DEMO.apiKey;
      const parameters = (op.parameters ?? []).filter((p): p is Parameter => 'name' in p);
      const pathParams = parameters.filter((p) => p.in === 'path');
      const query = parameters.filter((p) => p.in === 'query');
      const body = op.requestBody?.content['application/json']?.schema;
      // What other operations' examples need made first (a product category, a perk) is made by
      // the example of the operation that links to them, sent once here as "Try it out" sends it.
      const links = Object.values(op.responses).some((r) => r.links);
      if (links && pathParams.length === 0 && body?.example) {
        await t.call({
          method: method.toUpperCase() as 'POST',
          url: path,
          token,
          payload: body.example as object,
        });
      }
      const parts = {
        path: fc.record(
          // Random, not the examples: an unknown one answers 404 (not a refusal of input), and most
          // operations on a known one need another first (a lock before a release), as they say.
          Object.fromEntries(
            pathParams.map((p) => [p.name, arbitraryOf({ ...p.schema, example: undefined }, components)]),
          ),
        ),
        query: fc.record(Object.fromEntries(query.map((p) => [p.name, arbitraryOf(p.schema, components)])), {
          requiredKeys: query.filter((p) => p.required).map((p) => p.name),
        }),
        body: body ? arbitraryOf(body, components) : fc.constant(undefined),
      };
      arbitraries.push(
        fc.record(parts).map(({ path: values, query: q, body: payload }) => {
          const filled = path.replace(/\{(\w+)\}/g, (_, name) =>
            encodeURIComponent(String((values as Record<string, unknown>)[name])),
          );
          const search = new URLSearchParams(
            Object.entries(q as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ).toString();
          return {
            method: method.toUpperCase(),
            url: search ? `${filled}?${search}` : filled,
            operationId: op.operationId,
            token,
            payload,
          };
        }),
      );
    }
  }
  requests = fc.oneof(...arbitraries);
});
afterAll(() => t.close());

describe('requests generated from the OpenAPI document', () => {
  it('never answer 5xx, answer as documented, and are refused as invalid at most 2 % of the time', async () => {
    const refused: string[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        // t.call throws when the response is not as the document says.
        const res = await t.call({
          method: request.method as 'GET',
          url: request.url,
          token: request.token,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        sent++;
        // Every refusal of input counts, a reference to nothing (an unknown contact) too.
        if (res.statusCode === 422 && res.json().code === 1003) {
          refused.push(
            `${request.operationId} ${request.url} ${JSON.stringify(res.json().errors ?? res.json().message)}`,
          );
        }
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body.slice(0, 300)}`).toBeLessThan(
          500,
        );
      }),
      { numRuns: 600, seed: Number(process.env.FC_SEED ?? 20261125) },
    );
    expect(sent).toBe(600);
    console.log(
      `refused as invalid: ${refused.length} of ${sent} (${((100 * refused.length) / sent).toFixed(1)} %)`,
    );
    expect(refused.length / sent, refused.join('\n')).toBeLessThanOrEqual(0.02);
  }, 300_000);
});
