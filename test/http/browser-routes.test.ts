import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASHIER_API_BASE,
  CASHIER_ROUTES,
  ME_API_BASE,
  ME_ROUTES,
  PORTAL_API_BASE,
  PORTAL_ROUTES,
} from '../../src/contract/routes';
import { createTestApp, type TestApp } from '../helpers/app';

/*
 * The service serves exactly the routes contract/routes.ts lists for the portal API, the console
 * API and the /me/ API: none missing, none more. The flow tests' fake servers are held to the same
 * lists (test/helpers/fake-portal-api.ts, fake-me-api.ts), so neither can drift from the service.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The routes the OpenAPI document lists under `base`, as `METHOD /path/{param}`. */
async function documented(base: string): Promise<string[]> {
  const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(`${base}/`))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.slice(base.length)}`),
    )
    .sort();
}

/** Whether the service has a route for `route` (`METHOD /path/{param}`) under `base`. */
function served(base: string, route: string): boolean {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  return t.app.hasRoute({ method, url: `${base}${path.replaceAll(/\{(\w+)\}/g, ':$1')}` });
}

describe.each([
  { api: 'the portal API', base: PORTAL_API_BASE, routes: PORTAL_ROUTES },
  { api: 'the console API', base: CASHIER_API_BASE, routes: CASHIER_ROUTES },
  { api: 'the /me/ API', base: ME_API_BASE, routes: ME_ROUTES },
])('$api', ({ base, routes }) => {
  it('serves every route of the contract', () => {
    expect(routes.filter((route) => !served(base, route))).toEqual([]);
  });

  it('serves (and documents) no route the contract does not list', async () => {
    expect(await documented(base)).toEqual([...routes].sort());
  });
});
