import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFixture } from '../../src/service/fixture/reload';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import {
  ATTACKER_ARGV,
  type AttackRoute,
  attack,
  attackSurface,
  databaseSnapshot,
  expectNothingChanged,
  inParallel,
  knownHole,
  openApiDocument,
  ROUTE_GROUPS,
  refusalShape,
  refusalText,
  requestFor,
} from '../helpers/attacker';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';

/*
 * The cashier console's API (`/cashier/api/…`, a paired device's cookie) as an attacker calls it:
 * every route without the cookie, with a made-up one, a revoked device's and a signed-out one
 * (401 device_not_paired), and with the console of another shop on the victim shop's session
 * (answered as an unknown session). Nothing changes.
 */

const REVOKED = 'attacker-revoked-cashier';

let t: TestApp;
let routes: AttackRoute[];
/** `portal_cashier=…` cookies: Utrecht's console (the attacker's), a revoked one, a signed-out one. */
const cookies = { utrecht: '', revoked: '', signedOut: '' };
/** The victim: a session of the Amsterdam shop, Anna's, started from its console. */
let victimSession = '';

beforeAll(async () => {
  const fixture = cashierFixture();
  t = await createTestApp({
    argv: ATTACKER_ARGV,
    fixture: {
      ...fixture,
      cashier_devices: [...fixture.cashier_devices, { token: REVOKED, shop: DEMO.shop, name: 'Old till' }],
    },
  });
  ({ routes } = attackSurface(t.app, await openApiDocument(t)));
  cookies.revoked = await pair(t, REVOKED);
  await applyFixture(t.app.db, t.app.bus, fixture, t.clock.now());
  cookies.signedOut = await pair(t, CASHIER.amsterdam);
  expect((await consoleCall(t, cookies.signedOut, 'POST', '/unpair')).statusCode).toBeLessThan(300);
  cookies.utrecht = await pair(t, CASHIER.utrecht);
  const amsterdam = await pair(t, CASHIER.amsterdam);
  const started = await consoleCall(t, amsterdam, 'POST', '/sessions', {
    type: 'top_up_prepaid',
    contact_uuid: DEMO.anna,
    amount_in_cents: 1000,
  });
  expect(started.statusCode).toBe(201);
  victimSession = started.json().data.uuid;
}, 60_000);
afterAll(() => t?.close());

const consoleRoutes = () => routes.filter(ROUTE_GROUPS.console);

describe('the cashier console API as an attacker', () => {
  it('every route refuses a call without the cookie, with a made-up one, a revoked device’s and a signed-out one (401, the same body); nothing changes', async () => {
    expect(consoleRoutes().length).toBeGreaterThanOrEqual(11);
    const before = await databaseSnapshot(t.app.db);
    const failures: string[] = [];
    const credentials: [string, string | undefined][] = [
      ['no cookie', undefined],
      ['a made-up cookie', 'portal_cashier=made-up-secret-0123456789abcdefghijklmnopqrstu'],
      ['a revoked device’s cookie', cookies.revoked],
      ['a signed-out cookie', cookies.signedOut],
    ];
    await inParallel(
      consoleRoutes().flatMap((route) => credentials.map((credential) => ({ route, credential }))),
      async ({ route, credential: [name, cookie] }) => {
        if (knownHole(name, route)) return;
        const res = await attack(t, requestFor(route, { uuid: victimSession }), {
          headers: cookie ? { cookie } : {},
        });
        const shape = refusalShape(res);
        if (shape !== '401 code=1003 reason=device_not_paired keys=code,message,reason,status_code') {
          failures.push(`${route.name} with ${name}: ${shape} ${res.body.slice(0, 200)}`);
        }
      },
    );
    expect(failures).toEqual([]);
    await expectNothingChanged(t.app.db, before, 'a console call without a valid cookie');
  }, 60_000);

  it("another shop's console: the victim shop's session answers as an unknown one on every route that names it; nothing changes", async () => {
    const sessionRoutes = consoleRoutes().filter((r) => r.url.includes(':uuid'));
    expect(sessionRoutes.length).toBeGreaterThanOrEqual(5);
    const before = await databaseSnapshot(t.app.db);
    const failures: string[] = [];
    for (const route of sessionRoutes) {
      if (knownHole('another shop', route)) continue;
      const headers = { cookie: cookies.utrecht };
      const res = await attack(t, requestFor(route, { uuid: victimSession }), { headers });
      const madeUp = randomUUID();
      const unknown = await attack(t, requestFor(route, { uuid: madeUp }), { headers });
      if (res.statusCode < 400 || refusalText(res, [victimSession]) !== refusalText(unknown, [madeUp])) {
        failures.push(
          `${route.name}: ${res.statusCode} ${res.body}, an unknown session ${unknown.statusCode} ${unknown.body}`,
        );
      }
    }
    expect(failures).toEqual([]);
    await expectNothingChanged(t.app.db, before, "another shop's console");
  });
});
