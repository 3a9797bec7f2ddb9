import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { expectPagination } from '../helpers/pagination';

const P = '/v3/oauth/clients/products';
const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';
const PAT = DEMO.personalAccessToken;

let t: TestApp;
let coffee: { uuid: string; external_identifier: string; name: string };
let tea: { uuid: string; external_identifier: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call({
    method: 'POST',
    url: '/v3/oauth/clients/product-categories/batch',
    token: PAT,
    payload: {
      categories: [
        { external_identifier: 'CAT-COFFEE', name: 'Coffee' },
        { external_identifier: 'CAT-TEA', name: 'Tea' },
      ],
    },
  });
  [coffee, tea] = res.json().data;
});
afterAll(() => t.close());

const create = (payload: object) => t.call({ method: 'POST', url: P, token: PAT, payload });
/** A product of the calling test's own (in the coffee category); answers it. */
async function ownProduct(name = 'Espresso') {
  const res = await create({
    external_identifier: uniqueId('SKU'),
    name,
    categories: [{ uuid: coffee.uuid }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const count = async (on: TestApp = t) =>
  Number(
    (
      await on.app.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('products', () => {
  it('POST creates with categories by uuid and by external_identifier; GET and find return it', async () => {
    const sku = uniqueId('SKU');
    const res = await create({
      external_identifier: sku,
      name: 'Espresso',
      description: 'Strong',
      categories: [{ uuid: coffee.uuid }, { external_identifier: 'CAT-TEA' }],
    });
    expect(res.statusCode).toBe(201);
    const product = res.json().data;
    expect(product).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_identifier: sku,
      name: 'Espresso',
      description: 'Strong',
      categories: [coffee, tea],
    });
    expect((await t.call({ method: 'GET', url: `/products/${product.uuid}` })).json().data).toEqual(product);
    const found = await t.call({ method: 'GET', url: `${P}/find?external_identifier=${sku}`, token: PAT });
    expect(found.json().data).toEqual(product);
  });

  it('POST from a form body (nested categories as the PHP SDK sends them)', async () => {
    const res = await t.call({
      method: 'POST',
      url: P,
      token: PAT,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `external_identifier=${uniqueId('SKU')}&name=Green+tea&categories[0][external_identifier]=CAT-TEA`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Green tea', description: null, categories: [tea] });
  });

  it('POST: 1003 naming missing fields and unknown categories; 409 for a taken external_identifier', async () => {
    const existing = await ownProduct();
    const before = await count();
    const missing = await create({});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['external_identifier', 'name']);
    const unknown = await create({
      external_identifier: 'SKU-X',
      name: 'X',
      categories: [{ uuid: coffee.uuid }, { uuid: UNKNOWN }, { external_identifier: 'NOPE' }, {}],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['categories.1', 'categories.2', 'categories.3']);
    const mismatch = await create({
      external_identifier: 'SKU-X',
      name: 'X',
      categories: [{ uuid: coffee.uuid, external_identifier: 'CAT-TEA' }],
    });
    expect(Object.keys(mismatch.json().errors)).toEqual(['categories.0']);
    const taken = await create({ external_identifier: existing.external_identifier, name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 1003, errors: { external_identifier: expect.any(Array) } });
    expect(await count()).toBe(before);
  });

  it('batch: all or nothing, at most 100, errors name products.N…', async () => {
    const existing = await ownProduct();
    const p = uniqueId('P');
    const before = await count();
    const bad = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        products: [
          { external_identifier: `${p}-b1`, name: 'B1' },
          { external_identifier: `${p}-b2`, name: 'B2', categories: [{ external_identifier: 'NOPE' }] },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['products.1.categories.0']);
    const taken = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        products: [
          { external_identifier: `${p}-b1`, name: 'B1' },
          { external_identifier: existing.external_identifier, name: 'Dup' },
        ],
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json().errors)).toEqual(['products.1.external_identifier']);
    const tooMany = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        products: Array.from({ length: 101 }, (_, i) => ({ external_identifier: `${p}-${i}`, name: 'P' })),
      },
    });
    expect(Object.keys(tooMany.json().errors)).toEqual(['products']);
    expect(await count()).toBe(before);

    const ok = await t.call({
      method: 'POST',
      url: `${P}/batch`,
      token: PAT,
      payload: {
        products: Array.from({ length: 100 }, (_, i) => ({
          external_identifier: `${p}-${i}`,
          name: `P ${i}`,
          categories: [{ uuid: coffee.uuid }],
        })),
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toHaveLength(100);
    expect(ok.json().data[99]).toMatchObject({ external_identifier: `${p}-99`, categories: [coffee] });
    expect(await count()).toBe(before + 100);
  });

  it('GET /products: pagination meta, limits, page past the end, out of range', async () => {
    await withOwnApp(async (own) => {
      const batch = (from: number, length: number) =>
        own.call({
          method: 'POST',
          url: `${P}/batch`,
          token: PAT,
          payload: {
            products: Array.from({ length }, (_, i) => ({
              external_identifier: `SKU-${from + i}`,
              name: `Product ${from + i}`,
            })),
          },
        });
      expect((await batch(1, 100)).statusCode).toBe(201);
      expect((await batch(101, 2)).statusCode).toBe(201);
      expect(await count(own)).toBe(102);
      await expectPagination(own, '/products', 102, (n) => `SKU-${n}`);
      // The last page at the default limit holds the rest; a product lists its categories.
      const last = (await own.call({ method: 'GET', url: '/products?page=4' })).json();
      expect(last.data).toHaveLength(12);
      expect(last.data[0]).toMatchObject({ external_identifier: 'SKU-91', categories: [] });
      expect(last.meta).toMatchObject({ page: 4, viewing_from: 91, viewing_to: 102, last_page: 4 });
    });
  });

  it('find: 1003 with 404 when unknown', async () => {
    const res = await t.call({ method: 'GET', url: `${P}/find?external_identifier=NOPE`, token: PAT });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1003 });
  });

  it('find-or-create: finds (200) or creates (201; name required)', async () => {
    const existing = await ownProduct('Espresso');
    const found = await t.call({
      method: 'POST',
      url: `${P}/find-or-create`,
      token: PAT,
      payload: { external_identifier: existing.external_identifier },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.name).toBe('Espresso');
    const created = await t.call({
      method: 'POST',
      url: `${P}/find-or-create`,
      token: PAT,
      payload: { external_identifier: uniqueId('SKU'), name: 'Latte', categories: [{ uuid: coffee.uuid }] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Latte', categories: [coffee] });
    const nameless = await t.call({
      method: 'POST',
      url: `${P}/find-or-create`,
      token: PAT,
      payload: { external_identifier: uniqueId('SKU') },
    });
    expect(nameless.json()).toMatchObject({ code: 1003, errors: { name: expect.any(Array) } });
  });

  it('PUT: every field optional; categories replace; 404 unknown; 409 taken; 1003 unknown category', async () => {
    const product = await ownProduct('Green tea');
    const other = await ownProduct();
    const put = (uuid: string, payload: object) =>
      t.call({ method: 'PUT', url: `${P}/${uuid}`, token: PAT, payload });
    expect((await put(product.uuid, {})).json().data).toEqual(product);
    const changed = await put(product.uuid, {
      name: 'Sencha',
      description: 'Japanese',
      categories: [{ uuid: coffee.uuid }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({
      ...product,
      name: 'Sencha',
      description: 'Japanese',
      categories: [coffee],
    });
    expect((await put(product.uuid, { categories: [] })).json().data.categories).toEqual([]);
    expect((await put(product.uuid, { external_identifier: other.external_identifier })).statusCode).toBe(
      409,
    );
    const badCategory = await put(product.uuid, { categories: [{ uuid: UNKNOWN }] });
    expect(Object.keys(badCategory.json().errors)).toEqual(['categories.0']);
    expect((await put(UNKNOWN, { name: 'X' })).json()).toMatchObject({
      code: 1003,
      status_code: 404,
      reason: 'product_not_found',
    });
  });

  it('deleting a category removes it from its products', async () => {
    const category = (
      await t.call({
        method: 'POST',
        url: '/v3/oauth/clients/product-categories',
        token: PAT,
        payload: { external_identifier: uniqueId('CAT'), name: 'Seasonal' },
      })
    ).json().data;
    const created = await create({
      external_identifier: uniqueId('SKU'),
      name: 'Pumpkin latte',
      categories: [{ uuid: coffee.uuid }, { uuid: category.uuid }],
    });
    expect(created.json().data.categories).toEqual([coffee, category]);
    const res = await t.call({ method: 'DELETE', url: `/product-categories/${category.uuid}` });
    expect(res.statusCode).toBe(200);
    const product = (await t.call({ method: 'GET', url: `/products/${created.json().data.uuid}` })).json()
      .data;
    expect(product.categories).toEqual([coffee]);
  });

  it('DELETE → data null; then 404', async () => {
    const product = await ownProduct();
    const res = await t.call({ method: 'DELETE', url: `/products/${product.uuid}` });
    expect(res.json()).toEqual({ data: null, meta: {} });
    expect((await t.call({ method: 'GET', url: `/products/${product.uuid}` })).json()).toMatchObject({
      code: 1003,
      status_code: 404,
    });
    expect((await t.call({ method: 'DELETE', url: `/products/${product.uuid}` })).statusCode).toBe(404);
  });

  it('auth: list, get, delete need an API key; the others a personal access token', async () => {
    for (const [method, url] of [
      ['GET', '/products'],
      ['GET', `/products/${UNKNOWN}`],
      ['DELETE', `/products/${UNKNOWN}`],
    ] as const) {
      expect((await t.call({ method, url, token: null })).statusCode).toBe(401);
      expect((await t.call({ method, url, token: PAT })).statusCode).toBe(403);
    }
    for (const [method, url] of [
      ['POST', P],
      ['POST', `${P}/batch`],
      ['GET', `${P}/find?external_identifier=NOPE`],
      ['POST', `${P}/find-or-create`],
      ['PUT', `${P}/${UNKNOWN}`],
    ] as const) {
      expect((await t.call({ method, url, token: null })).statusCode).toBe(401);
      expect((await t.call({ method, url, token: DEMO.apiKey })).statusCode).toBe(403);
      expect((await t.call({ method, url, token: DEMO.accessToken })).statusCode).toBe(403);
    }
  });
});
