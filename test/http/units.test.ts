import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, withOwnApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const defaults = async () =>
  (await t.call({ method: 'GET', url: '/units' }))
    .json()
    .data.filter((u: { is_default: boolean }) => u.is_default)
    .map((u: { name: string }) => u.name);

describe('GET /units', () => {
  it('lists the units of the account with exactly one default', async () => {
    await withOwnApp(async (own) => {
      const res = await own.call({ method: 'GET', url: '/units' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          { name: 'purchase_amount', label: 'Purchase amount', prefix: '€', is_default: true },
          { name: 'visits', label: 'Visits', prefix: 'V', is_default: false },
        ],
        meta: {},
      });
    });
  });

  it('401 without a token, 403 for a token of the wrong kind', async () => {
    expect((await t.call({ method: 'GET', url: '/units', token: null })).statusCode).toBe(401);
    for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
      const res = await t.call({ method: 'GET', url: '/units', token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 1003, status_code: 403 });
    }
  });

  it('answers on the SDK path too', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v3/register/units' })).statusCode).toBe(200);
  });
});

describe('POST /units', () => {
  it('creates a unit; prefix defaults to the first character, is_default to false', async () => {
    const before = await defaults();
    expect(before).toHaveLength(1);
    const res = await t.call({ method: 'POST', url: '/units', payload: { name: 'stamps', label: 'Stamps' } });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'stamps',
      label: 'Stamps',
      prefix: 's',
      is_default: false,
      loyalty_program_id: 1,
      format: null,
      created_at: '2026-11-21T10:00:00+00:00',
      updated_at: '2026-11-21T10:00:00+00:00',
    });
    expect(await defaults()).toEqual(before);
  });

  it('is_default true makes the new unit the only default', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/units',
      payload: { name: 'liters', label: 'Liters', prefix: 'L', is_default: 'yes' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'liters', prefix: 'L', is_default: true });
    expect(await defaults()).toEqual(['liters']);
  });

  it('accepts a form-encoded body with is_default 1/0', async () => {
    const form = (body: string) =>
      t.call({
        method: 'POST',
        url: '/units',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const before = await defaults();
    const off = await form('name=cups&label=Cups&is_default=0');
    expect(off.statusCode).toBe(201);
    expect(off.json().data.is_default).toBe(false);
    expect(await defaults()).toEqual(before);
    const on = await form('name=bags&label=Bags&is_default=1');
    expect(on.statusCode).toBe(201);
    expect(on.json().data).toMatchObject({ name: 'bags', prefix: 'b', is_default: true });
    expect(await defaults()).toEqual(['bags']);
    for (const [name, value, expected] of [
      ['boxes', false, false],
      ['cans', 'no', false],
      ['jars', 'true', true],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: '/units',
        payload: { name, label: name, is_default: value },
      });
      expect(res.json().data.is_default).toBe(expected);
    }
    expect(await defaults()).toEqual(['jars']);
  });

  it('55045 when the name exists; nothing changes', async () => {
    const before = (await t.call({ method: 'GET', url: '/units' })).json().data;
    const res = await t.call({
      method: 'POST',
      url: '/units',
      payload: { name: 'visits', label: 'Other', is_default: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 55045, message: 'Unit already exists', status_code: 409 });
    expect((await t.call({ method: 'GET', url: '/units' })).json().data).toEqual(before);
  });

  it('1003 naming missing and invalid fields', async () => {
    const missing = await t.call({ method: 'POST', url: '/units', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 1003, status_code: 422 });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['label', 'name']);
    const bad = await t.call({
      method: 'POST',
      url: '/units',
      payload: { name: 'x', label: 'X', is_default: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['is_default']);
    const blank = await t.call({ method: 'POST', url: '/units', payload: { name: 'y', label: '  ' } });
    expect(Object.keys(blank.json().errors)).toEqual(['label']);
  });

  it('401 without a token (before input), 403 for a token of the wrong kind', async () => {
    const res = await t.call({ method: 'POST', url: '/units', token: null, payload: {} });
    expect(res.statusCode).toBe(401);
    const wrong = await t.call({
      method: 'POST',
      url: '/units',
      token: DEMO.accessToken,
      payload: { name: 'z', label: 'Z' },
    });
    expect(wrong.statusCode).toBe(403);
  });
});
