import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { expectPagination } from '../helpers/pagination';

const P = '/v3/oauth/clients/product-categories';
const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';
const PAT = DEMO.personalAccessToken;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (payload: object, on: TestApp = t) => on.call({ method: 'POST', url: P, token: PAT, payload });
/** Creates a category of this test's own; answers it. */
const ownCategory = async (name = 'Coffee') => {
  const res = await create({ external_identifier: uniqueId('CAT'), name });
  expect(res.statusCode).toBe(201);
  return res.json().data as { uuid: string; external_identifier: string; name: string };
};
const count = async (on: TestApp = t) =>
  Number(
    (
      await on.app.db
        .selectFrom('product_categories')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('categories', () => {
  it('GET /product-categories: empty, with pagination meta', async () => {
    await withOwnApp(async (own) => {
      const res = await own.call({ method: 'GET', url: '/product-categories' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [],
        meta: { page: 1, limit: 30, viewing_from: 0, viewing_to: 0, last_page: 1, total: 0 },
      });
    });
  });

  it('POST creates; GET by uuid and find by external identifier return it', async () => {
    const identifier = uniqueId('CAT');
    const res = await create({ external_identifier: identifier, name: 'Coffee' });
    expect(res.statusCode).toBe(201);
    const category = res.json().data;
    expect(category).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_identifier: identifier,
      name: 'Coffee',
    });
    expect(
      (await t.call({ method: 'GET', url: `/product-categories/${category.uuid}` })).json().data,
    ).toEqual(category);
    const found = await t.call({
      method: 'GET',
      url: `${P}/find?external_identifier=${identifier}`,
      token: PAT,
    });
    expect(found.json().data).toEqual(category);
  });

  it('POST: 1003 naming missing fields; 1003 with 409 for a taken external_identifier', async () => {
    const missing = await create({});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['external_identifier', 'name']);
    const existing = await ownCategory();
    const taken = await create({ external_identifier: existing.external_identifier, name: 'Other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 1003,
      status_code: 409,
      errors: { external_identifier: expect.any(Array) },
    });
  });

  it('find: 1003 with 404 when unknown, 1003 without the query', async () => {
    const res = await t.call({ method: 'GET', url: `${P}/find?external_identifier=NOPE`, token: PAT });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1003, status_code: 404, reason: 'category_not_found' });
    const missing = await t.call({ method: 'GET', url: `${P}/find`, token: PAT });
    expect(missing.json()).toMatchObject({ code: 1003, errors: { external_identifier: expect.any(Array) } });
  });

  it('batch: creates all (form body too); all or nothing; at most 100 items', async () => {
    const b = uniqueId('B');
    const existing = await ownCategory();
    const res = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        `categories[0][external_identifier]=${b}-tea&categories[0][name]=Tea` +
        `&categories[1][external_identifier]=${b}-cake&categories[1][name]=Cake`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Tea', 'Cake']);

    const before = await count();
    const repeated = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        categories: [
          { external_identifier: `${b}-juice`, name: 'Juice' },
          { external_identifier: `${b}-juice`, name: 'Juice again' },
        ],
      },
    });
    expect(repeated.statusCode).toBe(409);
    expect(Object.keys(repeated.json().errors)).toEqual(['categories.1.external_identifier']);
    const taken = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        categories: [
          { external_identifier: `${b}-new`, name: 'New' },
          { external_identifier: existing.external_identifier, name: 'Old' },
        ],
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(await count()).toBe(before);

    const tooMany = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        categories: Array.from({ length: 101 }, (_, i) => ({ external_identifier: `${b}-${i}`, name: 'B' })),
      },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['categories']);
    const empty = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: { categories: [] },
    });
    expect(Object.keys(empty.json().errors)).toEqual(['categories']);
    expect(await count()).toBe(before);

    const hundred = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        categories: Array.from({ length: 100 }, (_, i) => ({
          external_identifier: `${b}-${i}`,
          name: `B ${i}`,
        })),
      },
    });
    expect(hundred.statusCode).toBe(201);
    expect(await count()).toBe(before + 100);
  });

  it('pagination: default limit 30, limit at min and max, page past the end, out of range', async () => {
    await withOwnApp(async (own) => {
      for (const [from, length] of [
        [1, 100],
        [101, 3],
      ] as const) {
        const categories = Array.from({ length }, (_, i) => ({
          external_identifier: `CAT-${from + i}`,
          name: `Category ${from + i}`,
        }));
        const res = await own.call({
          method: 'POST',
          url: `${P}/batch`,
          token: PAT,
          payload: { categories },
        });
        expect(res.statusCode).toBe(201);
      }
      expect(await count(own)).toBe(103);
      await expectPagination(own, '/product-categories', 103, (n) => `CAT-${n}`);
    });
  });

  it('find-or-create: finds (200, unchanged) or creates (201, name required)', async () => {
    const existing = await ownCategory('Coffee');
    const found = await t.call({
      method: 'POST',
      url: `${P}/find-or-create`,
      token: PAT,
      payload: { external_identifier: existing.external_identifier, name: 'Ignored' },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual(existing);
    const identifier = uniqueId('CAT');
    const created = await t.call({
      method: 'POST',
      url: `${P}/find-or-create`,
      token: PAT,
      payload: { external_identifier: identifier, name: 'Bakery' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ external_identifier: identifier, name: 'Bakery' });
    const nameless = await t.call({
      method: 'POST',
      url: `${P}/find-or-create`,
      token: PAT,
      payload: { external_identifier: uniqueId('CAT') },
    });
    expect(nameless.json()).toMatchObject({ code: 1003, errors: { name: expect.any(Array) } });
  });

  it('PUT changes the fields sent; 404 unknown; 409 taken identifier', async () => {
    const category = await ownCategory('Tea');
    const other = await ownCategory();
    const renamed = await t.call({
      method: 'PUT',
      url: `${P}/${category.uuid}`,
      token: PAT,
      payload: { name: 'Teas' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ ...category, name: 'Teas' });
    const moved = await t.call({
      method: 'PUT',
      url: `${P}/${category.uuid}`,
      token: PAT,
      payload: { external_identifier: `${category.external_identifier}b` },
    });
    expect(moved.json().data).toEqual({
      ...category,
      name: 'Teas',
      external_identifier: `${category.external_identifier}b`,
    });
    const taken = await t.call({
      method: 'PUT',
      url: `${P}/${category.uuid}`,
      token: PAT,
      payload: { external_identifier: other.external_identifier },
    });
    expect(taken.statusCode).toBe(409);
    const unknown = await t.call({
      method: 'PUT',
      url: `${P}/${UNKNOWN}`,
      token: PAT,
      payload: { name: 'X' },
    });
    expect(unknown.json()).toMatchObject({ code: 1003, status_code: 404, reason: 'category_not_found' });
  });

  it('DELETE → data null; then 404', async () => {
    const category = await ownCategory();
    const res = await t.call({ method: 'DELETE', url: `/product-categories/${category.uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null, meta: {} });
    const again = await t.call({ method: 'DELETE', url: `/product-categories/${category.uuid}` });
    expect(again.json()).toMatchObject({ code: 1003, status_code: 404, reason: 'category_not_found' });
    expect((await t.call({ method: 'GET', url: `/product-categories/${category.uuid}` })).statusCode).toBe(
      404,
    );
  });

  it('auth: list, get, delete need an API key; the others a personal access token; SDK paths', async () => {
    const existing = await ownCategory();
    for (const [method, url] of [
      ['GET', '/product-categories'],
      ['GET', `/product-categories/${UNKNOWN}`],
      ['DELETE', `/product-categories/${UNKNOWN}`],
    ] as const) {
      expect((await t.call({ method, url, token: null })).statusCode).toBe(401);
      expect((await t.call({ method, url, token: PAT })).statusCode).toBe(403);
      expect((await t.call({ method, url, token: DEMO.accessToken })).statusCode).toBe(403);
    }
    for (const [method, url] of [
      ['POST', P],
      ['POST', `${P}/batch`],
      ['GET', `${P}/find?external_identifier=${existing.external_identifier}`],
      ['POST', `${P}/find-or-create`],
      ['PUT', `${P}/${UNKNOWN}`],
    ] as const) {
      expect((await t.call({ method, url, token: null })).statusCode).toBe(401);
      expect((await t.call({ method, url, token: DEMO.apiKey })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/v3/register/product-categories' })).statusCode).toBe(
      200,
    );
    const sdk = await t.call({
      method: 'GET',
      url: `/api${P}/find?external_identifier=${existing.external_identifier}`,
      token: PAT,
    });
    expect(sdk.statusCode).toBe(200);
  });
});
