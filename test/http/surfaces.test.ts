import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';

/*
 * The real platform's surfaces (platform-extensions.md "Real clients"): every path of the public API
 * is also served at /api/v3/register/<path> (API keys) and /api/v3/oauth/clients/<path> (API keys,
 * access tokens, personal access tokens); the spec's own paths keep the spec's K/A/P column.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REGISTER = '/api/v3/register';
const OAUTH = '/api/v3/oauth/clients';
const TOKENS = {
  api_key: DEMO.apiKey,
  access_token: DEMO.accessToken,
  personal_access_token: DEMO.personalAccessToken,
} as const;
type Kind = keyof typeof TOKENS;

/** The HTTP status each kind of token gets from a GET. */
async function statusesOf(url: string): Promise<Record<Kind, number>> {
  const out = {} as Record<Kind, number>;
  for (const kind of Object.keys(TOKENS) as Kind[]) {
    out[kind] = (await t.call({ method: 'GET', url, token: TOKENS[kind] })).statusCode;
  }
  return out;
}

describe('auth by surface', () => {
  it('a K path: the spec path and the register surface take API keys; the oauth surface every token', async () => {
    const path = '/contacts/find-one-by?email=anna@example.com';
    expect(await statusesOf(path)).toEqual({ api_key: 200, access_token: 403, personal_access_token: 403 });
    expect(await statusesOf(`${REGISTER}${path}`)).toEqual({
      api_key: 200,
      access_token: 403,
      personal_access_token: 403,
    });
    expect(await statusesOf(`${OAUTH}${path}`)).toEqual({
      api_key: 200,
      access_token: 200,
      personal_access_token: 200,
    });
  });

  it('an A path keeps A on its own path; the register surface takes only API keys', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/portal-sessions',
      token: DEMO.accessToken,
      payload: { shop_uuid: DEMO.shop },
    });
    const path = `/portal-sessions/${created.json().data.uuid}`;
    expect(await statusesOf(path)).toEqual({ api_key: 200, access_token: 200, personal_access_token: 403 });
    expect(await statusesOf(`${REGISTER}${path}`)).toEqual({
      api_key: 200,
      access_token: 403,
      personal_access_token: 403,
    });
    expect(await statusesOf(`${OAUTH}${path}`)).toEqual({
      api_key: 200,
      access_token: 200,
      personal_access_token: 200,
    });
  });

  it('a P path of /v3/oauth/clients/ is served at <surface>/<path>, next to the K routes of its resource', async () => {
    const create = (url: string, token: string, externalIdentifier: string) =>
      t.call({
        method: 'POST',
        url,
        token,
        payload: { external_identifier: externalIdentifier, name: 'Tea' },
      });
    expect((await create('/v3/oauth/clients/products', DEMO.personalAccessToken, 'S-1')).statusCode).toBe(
      201,
    );
    await expectError(await create('/v3/oauth/clients/products', DEMO.apiKey, 'S-2'), 1003, 403);
    expect((await create(`${REGISTER}/products`, DEMO.registerKey, 'S-3')).statusCode).toBe(201);
    await expectError(await create(`${REGISTER}/products`, DEMO.personalAccessToken, 'S-4'), 1003, 403);
    for (const [i, token] of Object.values(TOKENS).entries()) {
      expect((await create(`${OAUTH}/products`, token, `S-OAUTH-${i}`)).statusCode).toBe(201);
    }
    // GET of the same resource path is the spec's K list.
    const list = await t.call({ method: 'GET', url: `${OAUTH}/products?limit=100`, token: DEMO.accessToken });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { external_identifier: string }) => p.external_identifier)).toEqual(
      expect.arrayContaining(['S-1', 'S-3', 'S-OAUTH-0', 'S-OAUTH-1', 'S-OAUTH-2']),
    );
  });

  it('checks the token before the input, and answers unknown surface paths with the error body', async () => {
    await expectError(
      await t.call({ method: 'POST', url: `${REGISTER}/credit-receptions`, token: 'nope', payload: {} }),
      1003,
      401,
    );
    await expectError(await t.call({ method: 'GET', url: `${OAUTH}/no-such-thing` }), 1003, 404);
  });

  it('a register key acts for its shop on the register surface', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${REGISTER}/credit-receptions`,
      token: DEMO.registerKeyUtrecht,
      payload: { contact_uuid: DEMO.ben, credits: 2 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
  });
});

describe('every path on both surfaces', () => {
  it('serves each documented path with auth K, A or P under /api/v3/register and /api/v3/oauth/clients', async () => {
    const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Documented at a surface path already: a surface's own route (the register GET reverses).
        if (!/Auth [KAP]:/.test(operation.description ?? '') || path.startsWith('/api/')) continue;
        const route = path.replace(/\{([^}]+)\}/g, ':$1').replace(/^\/v3\/oauth\/clients\//, '/');
        for (const prefix of [REGISTER, OAUTH]) {
          checked++;
          if (!t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: `${prefix}${route}` })) {
            missing.push(`${method.toUpperCase()} ${prefix}${route}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
