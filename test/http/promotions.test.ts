import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

const MUFFIN = '90000000-0000-4000-8000-000000000001';
const TWO_FOR_ONE = '90000000-0000-4000-8000-000000000002';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /promotions', () => {
  it('lists every promotion with the spec fields', async () => {
    const res = await t.call({ method: 'GET', url: '/promotions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          uuid: MUFFIN,
          name: 'Free muffin',
          description: 'A muffin of your choice',
          voucher_limit: null,
          limit_per_contact: 1,
          expiration_duration: 30,
          attributes: {},
          type: 'SINGLE_USE',
          redemptions_per_voucher: 1,
        },
        {
          uuid: TWO_FOR_ONE,
          name: 'Two for one',
          description: 'Two coffees for the price of one',
          voucher_limit: 100,
          limit_per_contact: null,
          expiration_duration: null,
          attributes: {},
          type: 'SINGLE_USE',
          redemptions_per_voucher: 1,
        },
      ],
      meta: {},
    });
  });

  it('needs an API key', async () => {
    expect((await t.call({ method: 'GET', url: '/promotions', token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/promotions', token: DEMO.accessToken })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /promotions/{uuid}', () => {
  it('returns one promotion, also under the real platform prefix', async () => {
    const res = await t.call({ method: 'GET', url: `/api/v3/register/promotions/${TWO_FOR_ONE}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ uuid: TWO_FOR_ONE, voucher_limit: 100 });
  });

  it('answers 80002 for an unknown promotion and needs an API key', async () => {
    const res = await t.call({ method: 'GET', url: '/promotions/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 80002, message: 'Promotion not found', status_code: 404 });
    const url = `/promotions/${MUFFIN}`;
    expect((await t.call({ method: 'GET', url, token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: DEMO.personalAccessToken })).statusCode).toBe(403);
  });
});
