import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  attackSurface,
  OPEN_ROUTES,
  type OpenApiDocument,
  openApiDocument,
  ROUTE_GROUPS,
  requestFor,
  routeTable,
} from '../helpers/attacker';

/*
 * "Every new route ships with its attacker's test": every route of Fastify's own table is either
 * open (OPEN_ROUTES, with why) or of one of the six APIs, described (the OpenAPI document; the v1
 * API: V1_REQUESTS) and in exactly one group an attacker's test calls
 * (test/http/attacker-public, -portal, -cashier, -office, me-attacker). A route added without one fails here.
 */

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  doc = await openApiDocument(t);
});
afterAll(() => t?.close());

describe("every route has its attacker's test", () => {
  it('every route of the table is open or of an API the attacker’s tests call, with a request made from the document', () => {
    const { routes, uncovered } = attackSurface(t.app, doc);
    expect(uncovered).toEqual([]);
    const anything = new Proxy({} as Record<string, string>, {
      get: () => 'a0000000-0000-4000-8000-0000000000ff',
    });
    const problems: string[] = [];
    for (const route of routes) {
      const groups = Object.entries(ROUTE_GROUPS)
        .filter(([, inGroup]) => inGroup(route))
        .map(([group]) => group);
      if (groups.length !== 1) problems.push(`${route.name}: in the groups [${groups.join(', ')}], not one`);
      try {
        requestFor(route, anything);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    // attack() waits for an event stream only so long, and knows one by its path.
    for (const route of routes) {
      const stream = JSON.stringify(route.operation?.responses ?? {}).includes('text/event-stream');
      if (stream && !route.url.endsWith('/stream'))
        problems.push(`${route.name}: an event stream not at …/stream`);
    }
    expect(problems).toEqual([]);
    const counts = Object.fromEntries(
      Object.entries(ROUTE_GROUPS).map(([group, inGroup]) => [group, routes.filter(inGroup).length]),
    );
    expect(counts).toEqual({
      key: expect.any(Number),
      session: expect.any(Number),
      device: 2,
      console: expect.any(Number),
      me: expect.any(Number),
      office: expect.any(Number),
    });
    expect(counts.key).toBeGreaterThan(390);
    expect(counts.session).toBeGreaterThan(45);
  });

  it('every open route is still served, every documented operation is a route of the table, and the surfaces copy spec paths only', () => {
    const table = new Set(routeTable(t.app).map((r) => `${r.method} ${r.url}`));
    // A surface's copy of a route of a prefixed scope was served under that prefix.
    expect([...table].filter((name) => /.\/api\/v3\//.test(name.split(' ')[1]!))).toEqual([]);
    expect(Object.keys(OPEN_ROUTES).filter((name) => !table.has(name))).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((name) => !table.has(name))).toEqual([]);
  });
});
