import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';

const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';
const P = '/v3/oauth/clients/visits';
const PAT = DEMO.personalAccessToken;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (payload: object, token: string | null = PAT) =>
  t.call({ method: 'POST', url: P, token, payload });
const update = (uuid: string, payload: object, token: string | null = PAT) =>
  t.call({ method: 'PUT', url: `${P}/${uuid}`, token, payload });

describe('visits', () => {
  it('POST records a visit', async () => {
    const externalId = uniqueId('V');
    const res = await create({
      contact_uuid: DEMO.anna,
      shop_uuid: DEMO.shop,
      external_id: externalId,
      source: 'wifi',
      starts_at: '2026-11-21T09:00:00+01:00',
      ends_at: '2026-11-21T10:00:00+01:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        contact: { uuid: DEMO.anna, email: 'anna@example.com' },
        external_id: externalId,
        source: 'wifi',
        starts_at: '2026-11-21T09:00:00+01:00',
        ends_at: '2026-11-21T10:00:00+01:00',
        created_at: '2026-11-21T10:00:00+00:00',
      },
      meta: {},
    });
    const bare = await create({ contact_uuid: DEMO.ben, shop_uuid: DEMO.shopUtrecht });
    expect(bare.json().data).toMatchObject({ external_id: null, source: null, starts_at: null });
  });

  it('POST: 1003 naming fields; 409 for a taken external_id; 55031; 1008', async () => {
    const missing = await create({ starts_at: 'yesterday' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['contact_uuid', 'shop_uuid', 'starts_at']);
    const externalId = uniqueId('V');
    expect(
      (await create({ contact_uuid: DEMO.anna, shop_uuid: DEMO.shop, external_id: externalId })).statusCode,
    ).toBe(201);
    const taken = await create({ contact_uuid: DEMO.ben, shop_uuid: DEMO.shop, external_id: externalId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 1003, errors: { external_id: expect.any(Array) } });
    expect((await create({ contact_uuid: UNKNOWN, shop_uuid: DEMO.shop })).json()).toMatchObject({
      code: 55031,
    });
    expect((await create({ contact_uuid: DEMO.anna, shop_uuid: UNKNOWN })).json()).toMatchObject({
      code: 1008,
    });
  });

  it('PUT changes the fields sent; contact and shop cannot change; 404; 409', async () => {
    const [externalId, takenId] = [uniqueId('V'), uniqueId('V')];
    expect(
      (await create({ contact_uuid: DEMO.anna, shop_uuid: DEMO.shop, external_id: takenId })).statusCode,
    ).toBe(201);
    const visit = (
      await create({ contact_uuid: DEMO.carla, shop_uuid: DEMO.shop, external_id: externalId })
    ).json().data;
    const res = await update(visit.uuid, { source: 'app', ends_at: '2026-11-21T11:00:00Z' });
    expect(res.statusCode).toBe(200);
    // Written back at whole seconds with a numeric offset, as every timestamp the API emits.
    expect(res.json().data).toEqual({ ...visit, source: 'app', ends_at: '2026-11-21T11:00:00+00:00' });
    const fixed = await update(visit.uuid, { contact_uuid: DEMO.anna });
    expect(Object.keys(fixed.json().errors)).toEqual(['contact_uuid']);
    expect((await update(visit.uuid, { external_id: takenId })).statusCode).toBe(409);
    expect((await update(visit.uuid, { external_id: externalId })).statusCode).toBe(200);
    const early = await update(visit.uuid, { starts_at: '2026-11-21T12:00:00Z' });
    expect(Object.keys(early.json().errors)).toEqual(['ends_at']);
    expect((await update(UNKNOWN, { source: 'x' })).json()).toMatchObject({
      code: 1003,
      status_code: 404,
      reason: 'visit_not_found',
    });
  });

  it("PUT with another shop's register key (the register surface): 404 as an unknown visit, nothing changes", async () => {
    const [externalId, otherId] = [uniqueId('V'), uniqueId('V')];
    const visit = (
      await create({ contact_uuid: DEMO.anna, shop_uuid: DEMO.shop, external_id: externalId })
    ).json().data;
    const atRegister = (uuid: string, payload: object, token: string) =>
      t.call({ method: 'PUT', url: `/api/v3/register/visits/${uuid}`, token, payload });
    // An external_id another visit holds: the shop is refused before it is looked at.
    const change = { source: 'mallory', external_id: externalId };
    const unknown = await atRegister(UNKNOWN, change, DEMO.registerKeyUtrecht);
    expect(unknown.json()).toMatchObject({ code: 1003, status_code: 404, reason: 'visit_not_found' });
    const before = await databaseSnapshot(t.app.db);
    const res = await atRegister(visit.uuid, change, DEMO.registerKeyUtrecht);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: unknown.json() });
    await expectNothingChanged(t.app.db, before, "another shop's visit change");
    const own = await atRegister(visit.uuid, { source: 'till', external_id: otherId }, DEMO.registerKey);
    expect(own.json().data).toEqual({ ...visit, source: 'till', external_id: otherId });
  });

  it('auth: a personal access token only; SDK path', async () => {
    expect((await create({}, null)).statusCode).toBe(401);
    expect((await create({}, DEMO.apiKey)).statusCode).toBe(403);
    expect((await create({}, DEMO.accessToken)).statusCode).toBe(403);
    expect((await update(UNKNOWN, {}, null)).statusCode).toBe(401);
    expect((await update(UNKNOWN, {}, DEMO.registerKey)).statusCode).toBe(403);
    const sdk = await t.call({
      method: 'POST',
      url: `/api${P}`,
      token: PAT,
      payload: { contact_uuid: DEMO.anna, shop_uuid: DEMO.shop },
    });
    expect(sdk.statusCode).toBe(201);
  });
});
