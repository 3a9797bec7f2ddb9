import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';

const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (payload: object, token: string | null = DEMO.apiKey) =>
  t.call({ method: 'POST', url: '/perks', payload, token });
/** A perk name no other test uses. */
const perkName = (prefix: string) => uniqueId(prefix).replace('-', '_');
/** A boolean perk of the calling test's own; answers it. */
async function ownPerk() {
  const res = await create({
    label: 'Free coffee',
    name: perkName('free_coffee'),
    data_type: 'boolean',
    options: [{ label: 'Yes', value: true, default: true }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const perkCount = async () => (await t.call({ method: 'GET', url: '/perks' })).json().data.length;

async function tierValues(perkUuid: string) {
  return t.app.db
    .selectFrom('tier_perks')
    .innerJoin('perks', 'perks.id', 'tier_perks.perk_id')
    .innerJoin('perk_options', 'perk_options.id', 'tier_perks.perk_option_id')
    .innerJoin('tiers', 'tiers.id', 'tier_perks.tier_id')
    .select(['tiers.name as tier', 'perk_options.value'])
    .where('perks.uuid', '=', perkUuid)
    .orderBy('tiers.name')
    .execute();
}

describe('perks', () => {
  it('GET /perks: an empty list at first, no pagination', async () => {
    await withOwnApp(async (own) => {
      const res = await own.call({ method: 'GET', url: '/perks' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], meta: {} });
    });
  });

  it('POST /perks: a single_select perk; its default option goes to every tier', async () => {
    const name = perkName('drink_size');
    const res = await create({
      label: 'Free drink size',
      name,
      data_type: 'single_select',
      options: [
        { label: 'Small', value: 'small', default: true },
        { label: 'Large', value: 'large' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const perk = res.json().data;
    expect(perk).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: 'Free drink size',
      name,
      data_type: 'single_select',
      options: [
        { label: 'Small', value: 'small', default: true },
        { label: 'Large', value: 'large', default: false },
      ],
    });
    expect(await tierValues(perk.uuid)).toEqual([
      { tier: 'Gold', value: 'small' },
      { tier: 'Silver', value: 'small' },
    ]);
    const list = await t.call({ method: 'GET', url: '/perks' });
    expect(list.json()).toEqual({ data: expect.arrayContaining([perk]), meta: {} });
    expect((await t.call({ method: 'GET', url: `/perks/${perk.uuid}` })).json().data).toEqual(perk);
  });

  it('POST /perks: a boolean perk from a form body (1/0); values are booleans', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/perks',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        `label=Free+parking&name=${perkName('free_parking')}&data_type=boolean` +
        '&options[0][label]=Yes&options[0][value]=1&options[0][default]=0' +
        '&options[1][label]=No&options[1][value]=0&options[1][default]=1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.options).toEqual([
      { label: 'Yes', value: true, default: false },
      { label: 'No', value: false, default: true },
    ]);
    expect((await tierValues(res.json().data.uuid)).map((v) => v.value)).toEqual(['false', 'false']);
  });

  it('POST /perks: 1003 for missing fields, bad boolean values, repeated values, not exactly one default', async () => {
    const before = await perkCount();
    const missing = await create({});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['data_type', 'label', 'name', 'options']);
    const base = { label: 'X', name: perkName('x_perk') };
    const cases = [
      [
        { ...base, data_type: 'boolean', options: [{ label: 'Maybe', value: 'maybe', default: true }] },
        'options.0.value',
      ],
      [
        {
          ...base,
          data_type: 'single_select',
          options: [
            { label: 'A', value: 'a', default: true },
            { label: 'B', value: 'a' },
          ],
        },
        'options',
      ],
      [{ ...base, data_type: 'single_select', options: [{ label: 'A', value: 'a' }] }, 'options'],
      [
        {
          ...base,
          data_type: 'single_select',
          options: [
            { label: 'A', value: 'a', default: true },
            { label: 'B', value: 'b', default: true },
          ],
        },
        'options',
      ],
      [{ ...base, data_type: 'number', options: [{ label: 'A', value: 'a', default: true }] }, 'data_type'],
      [{ ...base, data_type: 'single_select', options: [] }, 'options'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await perkCount()).toBe(before);
  });

  it('POST /perks: `dataType` (the PHP SDK’s name) is the data type; with data_type as well → 1003 naming dataType', async () => {
    const perk = await create({
      label: 'Free refill',
      name: 'free_refill',
      dataType: 'boolean',
      options: [
        { label: 'Yes', value: true, default: false },
        { label: 'No', value: false, default: true },
      ],
    });
    expect(perk.json().data).toMatchObject({ name: 'free_refill', data_type: 'boolean' });
    const both = await create({
      label: 'X',
      name: 'x_both_names',
      dataType: 'boolean',
      data_type: 'single_select',
      options: [{ label: 'A', value: 'a', default: true }],
    });
    expect(both.json()).toMatchObject({ code: 1003, status_code: 422 });
    expect(Object.keys(both.json().errors)).toEqual(['dataType']);
  });

  it('POST /perks: a name in use → 1003 with HTTP 409 naming name', async () => {
    const existing = await ownPerk();
    const res = await create({
      label: 'Again',
      name: existing.name,
      data_type: 'boolean',
      options: [{ label: 'Yes', value: true, default: true }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 1003, errors: { name: expect.any(Array) } });
  });

  it('PUT /perks/{uuid} changes the label; 1003 without one; 110000 unknown', async () => {
    const perk = await ownPerk();
    const res = await t.call({ method: 'PUT', url: `/perks/${perk.uuid}`, payload: { label: 'Drink size' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...perk, label: 'Drink size' });
    const missing = await t.call({ method: 'PUT', url: `/perks/${perk.uuid}`, payload: {} });
    expect(missing.json()).toMatchObject({ code: 1003, errors: { label: expect.any(Array) } });
    const unknown = await t.call({ method: 'PUT', url: `/perks/${UNKNOWN}`, payload: { label: 'X' } });
    expect(unknown.json()).toMatchObject({ code: 110000, message: 'Perk not found', status_code: 404 });
  });

  it('GET /perks/{uuid}: 110000 unknown', async () => {
    const res = await t.call({ method: 'GET', url: `/perks/${UNKNOWN}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 110000 });
  });

  it('401 without a token, 403 for an access token or a personal access token', async () => {
    for (const [method, url] of [
      ['GET', '/perks'],
      ['POST', '/perks'],
      ['GET', `/perks/${UNKNOWN}`],
      ['PUT', `/perks/${UNKNOWN}`],
    ] as const) {
      expect((await t.call({ method, url, token: null })).statusCode).toBe(401);
      expect((await t.call({ method, url, token: DEMO.accessToken })).statusCode).toBe(403);
      expect((await t.call({ method, url, token: DEMO.personalAccessToken })).statusCode).toBe(403);
    }
  });
});
