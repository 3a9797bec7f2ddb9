import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reward as rewardSchema } from '../../src/contract/public/rewards';
import { createTestApp, DEMO, type TestApp, withOwnApp } from '../helpers/app';

const COFFEE = 'e0000000-0000-4000-8000-000000000001';
const DISCOUNT = 'e0000000-0000-4000-8000-000000000003';
const SUMMER = 'e0000000-0000-4000-8000-000000000005';
const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /rewards', () => {
  it('lists every reward with every field of the spec', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/rewards?contact_uuid=${DEMO.anna}`,
      token: DEMO.registerKey,
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toHaveLength(5);
    for (const item of data) rewardSchema.parse(item);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      uuid: COFFEE,
      title: 'Free coffee',
      description: 'Any coffee, any size',
      type: 'reward',
      reward_type: 'PHYSICAL',
      is_active: true,
      active: true,
      required_credits: 50,
      // The demo fixture ships the reward's picture, served from /media.
      media: { type: 'image', value: expect.stringMatching(/^\/media\/\w+\.svg$/) },
      pre_redeemable: false,
      expiration_duration: 30,
      cost_price: 120,
      stock: 100,
    });
    expect(data.find((r: { uuid: string }) => r.uuid === SUMMER)).toMatchObject({ is_active: false });
    expect(data.find((r: { uuid: string }) => r.uuid === DISCOUNT)).toMatchObject({
      reward_type: 'DIGITAL',
      stock: null,
      expiration_duration: null,
    });
  });

  it('1003 without contact_uuid, 55031 for an unknown contact', async () => {
    const missing = await t.call({ method: 'GET', url: '/rewards' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 1003, errors: { contact_uuid: expect.any(Array) } });
    // The real surfaces list the account's rewards without one, as the PHP SDK's rewards->list() asks.
    for (const url of ['/api/v3/register/rewards', '/api/v3/oauth/clients/rewards']) {
      const all = await t.call({ method: 'GET', url });
      expect(all.statusCode).toBe(200);
      expect(all.json().data.map((r: { uuid: string }) => r.uuid)).toContain(
        'e0000000-0000-4000-8000-000000000001',
      );
    }
    const unknown = await t.call({
      method: 'GET',
      url: `/rewards?contact_uuid=${UNKNOWN}`,
      token: DEMO.registerKey,
    });
    expect(unknown.json()).toMatchObject({ code: 55031, status_code: 404 });
  });

  it('1008 without a shop, for an unknown shop_uuid or another shop than the register key’s', async () => {
    const none = await t.call({ method: 'GET', url: `/rewards?contact_uuid=${DEMO.anna}` });
    expect(none.json()).toMatchObject({ code: 1008, status_code: 404 });
    const named = await t.call({
      method: 'GET',
      url: `/rewards?contact_uuid=${DEMO.anna}&shop_uuid=${DEMO.shop}`,
    });
    expect(named.statusCode).toBe(200);
    const unknown = await t.call({
      method: 'GET',
      url: `/rewards?contact_uuid=${DEMO.anna}&shop_uuid=${UNKNOWN}`,
    });
    expect(unknown.json()).toMatchObject({ code: 1008, status_code: 404 });
    const other = await t.call({
      method: 'GET',
      url: `/rewards?contact_uuid=${DEMO.anna}&shop_uuid=${DEMO.shopUtrecht}`,
      token: DEMO.registerKey,
    });
    expect(other.json()).toMatchObject({ code: 1008 });
    const own = await t.call({
      method: 'GET',
      url: `/rewards?contact_uuid=${DEMO.anna}`,
      token: DEMO.registerKey,
    });
    expect(own.statusCode).toBe(200);
  });

  it('401 without a token, 403 for an access token or a personal access token', async () => {
    const url = `/rewards?contact_uuid=${DEMO.anna}&shop_uuid=${DEMO.shop}`;
    expect((await t.call({ method: 'GET', url, token: null })).statusCode).toBe(401);
    for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
      expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(403);
    }
  });

  it('answers on the SDK path too', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/v3/register/rewards?contact_uuid=${DEMO.anna}`,
      token: DEMO.registerKey,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /rewards/{reward_uuid}', () => {
  it('returns the reward', async () => {
    const res = await t.call({ method: 'GET', url: `/rewards/${COFFEE}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ uuid: COFFEE, title: 'Free coffee', required_credits: 50 });
  });

  it('6003 for an unknown reward; 401/403', async () => {
    const res = await t.call({ method: 'GET', url: `/rewards/${UNKNOWN}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 6003, message: 'Reward not found', status_code: 404 });
    expect((await t.call({ method: 'GET', url: `/rewards/${COFFEE}`, token: null })).statusCode).toBe(401);
    const pat = await t.call({ method: 'GET', url: `/rewards/${COFFEE}`, token: DEMO.personalAccessToken });
    expect(pat.statusCode).toBe(403);
  });
});

describe('PUT /rewards/{reward_uuid}', () => {
  it('changes title, description and required_credits (2 decimals)', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/rewards/${DISCOUNT}`,
      payload: { title: '15% off', description: 'Bigger discount', required_credits: 32.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: DISCOUNT,
      title: '15% off',
      description: 'Bigger discount',
      required_credits: 32.5,
    });
    const again = await t.call({ method: 'GET', url: `/rewards/${DISCOUNT}` });
    expect(again.json().data.required_credits).toBe(32.5);
  });

  it('accepts a form-encoded body', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/rewards/${DISCOUNT}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'required_credits=30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.required_credits).toBe(30);
  });

  it('custom reward attributes: appear as keys (null when unset), are set, checked and cleared', async () => {
    // On an app of its own: reward attributes add keys to every reward the other tests read.
    await withOwnApp(async (t) => {
      for (const payload of [
        { entity: 'reward', name: 'allergens', label: 'Allergens', type: 'text' },
        {
          entity: 'reward',
          name: 'size',
          label: 'Size',
          type: 'select',
          options: [
            { value: 's', label: 'Small' },
            { value: 'l', label: 'Large' },
          ],
        },
        { entity: 'reward', name: 'calories', label: 'Calories', type: 'number' },
      ]) {
        expect((await t.call({ method: 'POST', url: '/custom-attributes', payload })).statusCode).toBe(201);
      }
      const before = await t.call({ method: 'GET', url: `/rewards/${COFFEE}` });
      expect(before.json().data).toMatchObject({ allergens: null, size: null, calories: null });

      const set = await t.call({
        method: 'PUT',
        url: `/rewards/${COFFEE}`,
        payload: { allergens: 'milk', size: 'l', calories: '120' },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().data).toMatchObject({
        allergens: 'milk',
        size: 'l',
        calories: 120,
        title: 'Free coffee',
      });
      const list = await t.call({
        method: 'GET',
        url: `/rewards?contact_uuid=${DEMO.anna}`,
        token: DEMO.registerKey,
      });
      expect(list.json().data[0]).toMatchObject({ allergens: 'milk', size: 'l' });

      const bad = await t.call({
        method: 'PUT',
        url: `/rewards/${COFFEE}`,
        payload: { size: 'xl', calories: 'many', colour: 'red', title: 'Changed' },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['calories', 'colour', 'size']);
      expect(bad.json().code).toBe(1003);
      expect((await t.call({ method: 'GET', url: `/rewards/${COFFEE}` })).json().data.title).toBe(
        'Free coffee',
      );

      const cleared = await t.call({
        method: 'PUT',
        url: `/rewards/${COFFEE}`,
        payload: { allergens: null },
      });
      expect(cleared.json().data).toMatchObject({ allergens: null, size: 'l' });
    });
  });

  it('1003 for bad fields; 6003 for an unknown reward', async () => {
    const bad = await t.call({
      method: 'PUT',
      url: `/rewards/${COFFEE}`,
      payload: { title: '', required_credits: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['required_credits', 'title']);
    const decimals = await t.call({
      method: 'PUT',
      url: `/rewards/${COFFEE}`,
      payload: { required_credits: 1.005 },
    });
    expect(decimals.json()).toMatchObject({ code: 1003, errors: { required_credits: expect.any(Array) } });
    const unknown = await t.call({ method: 'PUT', url: `/rewards/${UNKNOWN}`, payload: { title: 'x' } });
    expect(unknown.json()).toMatchObject({ code: 6003, status_code: 404 });
  });

  it('takes the reward’s read-only fields back unchanged (the PHP SDK sends them); another value → 1003 naming it', async () => {
    const update = (fields: object) =>
      t.call({
        method: 'PUT',
        url: `/rewards/${COFFEE}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          title: 'Free coffee',
          type: 'reward',
          pre_redeemable: '0',
          expiration_duration: '30',
          ...fields,
        }).toString(),
      });
    expect((await update({})).json().data).toMatchObject({
      title: 'Free coffee',
      pre_redeemable: false,
      expiration_duration: 30,
    });
    const changed = await update({ pre_redeemable: '1', expiration_duration: '5' });
    expect(changed.json()).toMatchObject({ code: 1003, status_code: 422 });
    expect(Object.keys(changed.json().errors).sort()).toEqual(['expiration_duration', 'pre_redeemable']);
  });

  it('401/403', async () => {
    const call = (token: string | null) =>
      t.call({ method: 'PUT', url: `/rewards/${COFFEE}`, payload: { title: 'x' }, token });
    expect((await call(null)).statusCode).toBe(401);
    expect((await call(DEMO.accessToken)).statusCode).toBe(403);
    expect((await call(DEMO.personalAccessToken)).statusCode).toBe(403);
  });
});
