import { describe, expect, it } from 'vitest';
import { CASHIER_API_BASE, CASHIER_ROUTES, PORTAL_API_BASE, PORTAL_ROUTES } from '../../src/contract/routes';
import { createFakePortalApi } from '../helpers/fake-portal-api';

/*
 * The flow tests' fake server answers exactly the routes of contract/routes.ts, as the service
 * does (test/http/browser-routes.test.ts): a route the fake lacks, or one it answers that the
 * service does not serve, fails here (and makes every flow test fail when the fake is made).
 */

const full = (base: string, routes: readonly string[]) =>
  routes.map((route) => route.replace(' ', ` ${base}`));

describe("the fake portal API's routes", () => {
  it("are the contract's routes of the portal API and the console API, no more", () => {
    expect(createFakePortalApi().routes).toEqual([
      ...full(PORTAL_API_BASE, PORTAL_ROUTES),
      ...full(CASHIER_API_BASE, CASHIER_ROUTES),
    ]);
  });

  it('record a request to a path of no route as a stray, and answer it 404 as the service would', () => {
    const api = createFakePortalApi();
    const removed = api.call('GET', '/portal/api/sessions/some-session/activity');
    expect(removed.status).toBe(404);
    api.call('GET', '/portal/api/sessions/some-session/stream');
    expect(api.strays).toEqual([
      'GET /portal/api/sessions/some-session/activity',
      'GET /portal/api/sessions/some-session/stream (an event stream, fetched)',
    ]);
  });
});
