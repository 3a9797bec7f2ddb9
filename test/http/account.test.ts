import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';

/** Extensions: the account's shops, tiers, subscription types and loyalty program, as a POS reads them. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string = DEMO.apiKey) => t.call({ method: 'GET', url, token });

describe('account extensions', () => {
  it('GET /loyalty-program: the account’s name and maximum credits per reception', async () => {
    expect((await get('/loyalty-program')).json()).toEqual({
      data: { id: 1, name: 'Demo Coffee', max_amount: 1000, custom_credit_name: null },
      meta: {},
    });
  });

  it('GET /shops and /shops/{uuid}: the shops as receptions show them, with their reference', async () => {
    const shops = (await get('/shops')).json().data;
    expect(shops.map((s: { uuid: string }) => s.uuid)).toEqual([DEMO.shop, DEMO.shopUtrecht]);
    expect(shops[0]).toMatchObject({
      id: 1,
      uuid: DEMO.shop,
      type: 'shop',
      name: 'Demo Coffee Amsterdam',
      reference: 'AMS-01',
      address: { street: 'Damrak', city: 'Amsterdam' },
    });
    expect((await get(`/shops/${DEMO.shopUtrecht}`)).json().data).toMatchObject({
      id: 2,
      name: 'Demo Coffee Utrecht',
      reference: null,
    });
    await expectError(await get('/shops/nope'), 1008, 404);
  });

  it('GET /tiers: lowest position first', async () => {
    expect((await get('/tiers')).json().data).toEqual([
      {
        uuid: 'b0000000-0000-4000-8000-000000000001',
        name: 'Silver',
        description: 'One credit per euro',
        position: 1,
        media: null,
      },
      {
        uuid: 'b0000000-0000-4000-8000-000000000002',
        name: 'Gold',
        description: 'One and a half credits per euro',
        position: 2,
        media: null,
      },
    ]);
  });

  it('GET /subscription-types: every type by id', async () => {
    const types = (await get('/subscription-types')).json().data;
    expect(types.map((s: { name: string }) => s.name)).toEqual(['Newsletter', 'Offers', 'Partner news']);
    expect(types[0]).toEqual({
      id: 1,
      uuid: 'c0000000-0000-4000-8000-000000000001',
      name: 'Newsletter',
      description: 'News from Demo Coffee, once a month',
      active: true,
      strategy: 'DOUBLE_OPT_IN',
    });
  });

  it('takes an API key on its own paths, every credential under /api/v3/oauth/clients', async () => {
    await expectError(await get('/shops', DEMO.accessToken), 1003, 403);
    expect((await get('/api/v3/oauth/clients/tiers', DEMO.accessToken)).statusCode).toBe(200);
    expect((await get('/api/v3/register/loyalty-program', DEMO.registerKey)).statusCode).toBe(200);
  });
});
