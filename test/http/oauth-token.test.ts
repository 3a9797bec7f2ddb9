import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../src/service/fixture/load';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp, withOwnApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';

/** POST /oauth/token, the client-credentials grant of the PHP SDK's OAuthClient. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The token request as the SDK sends it: a form body. */
function requestToken(fields: Record<string, string>, on: TestApp = t) {
  return on.call({
    method: 'POST',
    url: '/oauth/token',
    token: null,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const GRANT = {
  grant_type: 'client_credentials',
  client_id: String(DEMO.oauthClientId),
  client_secret: DEMO.oauthClientSecret,
};

describe('POST /oauth/token', () => {
  it('issues an access token that works on A paths and the oauth surface, not on K paths', async () => {
    const res = await requestToken(GRANT);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String) });
    expect(body.access_token.length).toBeGreaterThanOrEqual(40);
    const token = body.access_token as string;
    const oauth = await t.call({ method: 'GET', url: `/api/v3/oauth/clients/contacts/${DEMO.anna}`, token });
    expect(oauth.statusCode).toBe(200);
    const session = await t.call({
      method: 'POST',
      url: '/portal-sessions',
      token,
      payload: { shop_uuid: DEMO.shop },
    });
    expect(session.statusCode).toBe(201);
    await expectError(await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token }), 1003, 403);
    await expectError(
      await t.call({ method: 'GET', url: `/api/v3/register/contacts/${DEMO.anna}`, token }),
      1003,
      403,
    );
  });

  it('takes a JSON body too, and issues a new token each time', async () => {
    const first = await t.call({ method: 'POST', url: '/oauth/token', token: null, payload: GRANT });
    const second = await t.call({
      method: 'POST',
      url: '/oauth/token',
      token: null,
      payload: { ...GRANT, client_id: DEMO.oauthClientId },
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().access_token).not.toBe(second.json().access_token);
  });

  it('the token expires after expires_in seconds', async () => {
    const token = (await requestToken(GRANT)).json().access_token as string;
    const url = `/api/v3/oauth/clients/contacts/${DEMO.anna}`;
    const now = t.clock.current;
    try {
      t.clock.advance(3599_000);
      expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await expectError(await t.call({ method: 'GET', url, token }), 1003, 401);
      expect(expired.message).toMatch(/expired/);
    } finally {
      t.clock.current = now;
    }
  });

  it('a wrong secret, an unknown client or another grant type: the error body with 401', async () => {
    const wrongSecret = await expectError(
      await requestToken({ ...GRANT, client_secret: 'not-the-secret' }),
      1003,
      401,
    );
    expect(wrongSecret).toMatchObject({ message: 'Client authentication failed', status_code: 401 });
    expectReason(await requestToken({ ...GRANT, client_id: '99' }), 'client_authentication_failed');
    const grant = expectReason(
      await requestToken({ ...GRANT, grant_type: 'password' }),
      'unsupported_grant_type',
    );
    expect(Object.keys(grant.errors ?? {})).toEqual(['grant_type']);
    const missing = await expectError(await requestToken({ grant_type: 'client_credentials' }), 1003, 422);
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(['client_id', 'client_secret']);
  });

  it('loading the fixture again with another secret replaces the secret', async () => {
    // On an app of its own: the other tests keep the demo secret.
    await withOwnApp(async (own) => {
      const fixture = demoAccountFixture();
      fixture.oauth_clients = [{ id: DEMO.oauthClientId, secret: 'a-new-client-secret', name: 'Demo POS' }];
      await loadFixture(own.app.db, fixture, own.clock.now());
      await expectError(await requestToken(GRANT, own), 1003, 401);
      expect((await requestToken({ ...GRANT, client_secret: 'a-new-client-secret' }, own)).statusCode).toBe(
        200,
      );
    });
  });
});
