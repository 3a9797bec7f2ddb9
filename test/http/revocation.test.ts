import { afterEach, describe, expect, it } from 'vitest';
import { applyFixture } from '../../src/service/fixture/reload';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { openSession } from '../helpers/portal';
import { readEvents } from '../helpers/sse';

/*
 * Loading a fixture makes the database match it for every kind of credential: what it no longer
 * lists is refused at its next request and its event streams end (docs/operations.md
 * "Revocation", docs/spec/account-fixture.md).
 */

let t: TestApp | undefined;
const streams: { close(): void }[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await t?.close();
  t = undefined;
});

const OAUTH_SECRET = 'demo-oauth-client-secret';

/** An access token of OAuth client `id` (POST /oauth/token). */
async function accessToken(app: TestApp, id: number, secret: string): Promise<string> {
  const res = await app.call({
    method: 'POST',
    url: '/oauth/token',
    token: null,
    payload: { grant_type: 'client_credentials', client_id: id, client_secret: secret },
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

/** `fixture` without the credentials `drop` names. */
function without(
  fixture: AccountFixture,
  drop: { tokens?: string[]; oauthClients?: number[]; devices?: string[]; cashierDevices?: string[] },
): AccountFixture {
  return {
    ...fixture,
    credentials: fixture.credentials.filter((c) => !drop.tokens?.includes(c.token)),
    oauth_clients: fixture.oauth_clients.filter((c) => !drop.oauthClients?.includes(c.id)),
    devices: fixture.devices.filter((d) => !drop.devices?.includes(d.token)),
    cashier_devices: fixture.cashier_devices.filter((d) => !drop.cashierDevices?.includes(d.token)),
  };
}

describe('a fixture loaded into the running service', () => {
  it('revokes every kind of credential it no longer lists: 401 at the next request, and its streams end', async () => {
    const client2 = { id: 2, secret: 'second-oauth-client-secret', name: 'Kept POS' };
    const demo = cashierFixture();
    const fixture = { ...demo, oauth_clients: [...demo.oauth_clients, client2] };
    t = await createTestApp({ fixture });
    const app = t;
    const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const issued = await accessToken(app, 1, OAUTH_SECRET);
    const kept = await accessToken(app, 2, client2.secret);
    const amsterdam = await openSession(app);
    const utrecht = await openSession(app, '', { shop_uuid: DEMO.shopUtrecht });
    const cookie = await pair(app, CASHIER.amsterdam);
    const keptCookie = await pair(app, CASHIER.utrecht);

    const stream = (path: string, headers: Record<string, string>) =>
      readEvents(`${base}${path}`, headers).then((s) => {
        streams.push(s);
        return s;
      });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const revoked = {
      apiKey: await stream(`/portal-sessions/${amsterdam}/events/stream`, bearer(DEMO.apiKey)),
      registerKey: await stream(`/portal-sessions/${utrecht}/events/stream`, bearer(DEMO.registerKeyUtrecht)),
      fixtureAccessToken: await stream(
        `/portal-sessions/${amsterdam}/events/stream`,
        bearer(DEMO.accessToken),
      ),
      personalAccessToken: await stream(
        `/api/v3/oauth/clients/portal-sessions/${amsterdam}/events/stream`,
        bearer(DEMO.personalAccessToken),
      ),
      issuedAccessToken: await stream(`/portal-sessions/${amsterdam}/events/stream`, bearer(issued)),
      standby: await stream('/portal/api/devices/demo-device-utrecht/stream', {}),
      console: await stream('/cashier/api/stream', { cookie }),
      consoleSession: await stream(`/cashier/api/sessions/${amsterdam}/stream`, { cookie }),
    };
    const untouched = {
      registerKey: await stream(`/portal-sessions/${amsterdam}/events/stream`, bearer(DEMO.registerKey)),
      issuedAccessToken: await stream(`/portal-sessions/${amsterdam}/events/stream`, bearer(kept)),
      standby: await stream('/portal/api/devices/demo-device-amsterdam/stream', {}),
      console: await stream('/cashier/api/stream', { cookie: keptCookie }),
    };
    // Each credential works up to the load (and the cache holds it); a register key reads its shop's.
    const read = (token: string) => {
      const uuid = token === DEMO.registerKeyUtrecht ? utrecht : amsterdam;
      return app.call({ method: 'GET', url: `/api/v3/oauth/clients/portal-sessions/${uuid}`, token });
    };
    const fixtureTokens = [DEMO.apiKey, DEMO.registerKeyUtrecht, DEMO.accessToken, DEMO.personalAccessToken];
    for (const token of [...fixtureTokens, issued]) expect((await read(token)).statusCode, token).toBe(200);

    await applyFixture(
      app.app.db,
      app.app.bus,
      without(fixture, {
        tokens: fixtureTokens,
        oauthClients: [1],
        devices: ['demo-device-utrecht'],
        cashierDevices: [CASHIER.amsterdam],
      }),
      app.clock.now(),
    );
    for (const [kind, s] of Object.entries(revoked)) {
      await s.ended().catch((err: Error) => {
        throw new Error(`${kind}: ${err.message}`);
      });
    }

    for (const token of [...fixtureTokens, issued]) expect((await read(token)).statusCode, token).toBe(401);
    const oauth = await app.call({
      method: 'POST',
      url: '/oauth/token',
      token: null,
      payload: { grant_type: 'client_credentials', client_id: 1, client_secret: OAUTH_SECRET },
    });
    expectReason(oauth, 'client_authentication_failed');
    expectReason(
      await app.call({ method: 'GET', url: '/portal/api/devices/demo-device-utrecht', token: null }),
      'device_not_found',
    );
    expectReason(await consoleCall(app, cookie, 'GET', '/device'), 'device_not_paired');

    // What it still lists goes on, streams included.
    expect((await read(DEMO.registerKey)).statusCode).toBe(200);
    expect((await read(kept)).statusCode).toBe(200);
    expect((await consoleCall(app, keptCookie, 'GET', '/device')).statusCode).toBe(200);
    const created = await app.call({
      method: 'POST',
      url: '/portal-sessions',
      token: DEMO.registerKey,
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const next = created.json().data.uuid;
    // The standby screen had its state at once; then the new session.
    expect((await untouched.standby.next()).data).toMatchObject({ session: { uuid: amsterdam } });
    expect((await untouched.standby.next()).data).toMatchObject({ session: { uuid: next } });
    const atUtrecht = await app.call({
      method: 'POST',
      url: '/portal-sessions',
      token: kept,
      payload: { shop_uuid: DEMO.shopUtrecht },
    });
    expect(atUtrecht.statusCode).toBe(201);
    expect((await untouched.console.next()).data).toMatchObject({ session: atUtrecht.json().data.uuid });
    await app.call({
      method: 'POST',
      url: `/portal/api/sessions/${amsterdam}/cancel`,
      token: null,
      payload: {},
    });
    expect((await untouched.registerKey.next()).data.type).toBe('session_cancelled');
    expect((await untouched.issuedAccessToken.next()).data.type).toBe('session_cancelled');
  });

  it('an OAuth client whose secret changed loses the tokens issued under the old one', async () => {
    const fixture = cashierFixture();
    t = await createTestApp({ fixture });
    const issued = await accessToken(t, 1, OAUTH_SECRET);
    await applyFixture(
      t.app.db,
      t.app.bus,
      { ...fixture, oauth_clients: [{ id: 1, secret: 'rotated-oauth-secret', name: 'Demo POS' }] },
      t.clock.now(),
    );
    expect((await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token: issued })).statusCode).toBe(
      401,
    );
    expect(await accessToken(t, 1, 'rotated-oauth-secret')).toBeTruthy();
  });
});
