import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

const UNKNOWN = 'e0000000-0000-4000-8000-0000000000ff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (payload: object, token: string | null = DEMO.registerKey) =>
  t.call({ method: 'POST', url: '/bookings', token, payload });
const update = (uuid: string, payload: object, token: string | null = DEMO.registerKey) =>
  t.call({ method: 'PUT', url: `/bookings/${uuid}`, token, payload });

describe('POST /bookings', () => {
  it('creates a booking at the register key’s shop, request-only fields stored', async () => {
    const res = await create({
      contact_uuid: DEMO.anna,
      external_id: 'RES-1',
      source: 'website',
      starts_at: '2026-11-21T19:00:00+01:00',
      ends_at: '2026-11-21T21:00:00+01:00',
      number_of_people: 4,
      company_name: 'ACME',
      status: 'created',
      prepaid_amount: 2500,
    });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contact: { uuid: DEMO.anna, email: 'anna@example.com' },
      external_id: 'RES-1',
      source: 'website',
      starts_at: '2026-11-21T19:00:00+01:00',
      ends_at: '2026-11-21T21:00:00+01:00',
      checked_in_at: null,
      created_at: '2026-11-21T10:00:00+00:00',
    });
    const row = await t.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('uuid', '=', data.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ shop_id: 1, number_of_people: 4, company_name: 'ACME', status: 'created' });
    expect(Number(row.prepaid_amount)).toBe(2500);
  });

  it('an unbound key names the shop with shop_uuid; a form body works', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/bookings',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_uuid=${DEMO.ben}&shop_uuid=${DEMO.shopUtrecht}&number_of_people=2`,
    });
    expect(res.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('bookings')
      .select(['shop_id', 'number_of_people'])
      .where('uuid', '=', res.json().data.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shop_id: 2, number_of_people: 2 });
  });

  it('1003 naming bad fields; 55031 unknown contact; 1008 no shop, unknown shop or another shop', async () => {
    const bad = await create({
      starts_at: '2026-11-21 19:00',
      number_of_people: 2.5,
      prepaid_amount: 'lots',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'contact_uuid',
      'number_of_people',
      'prepaid_amount',
      'starts_at',
    ]);
    const noOffset = await create({ contact_uuid: DEMO.anna, checked_in_at: '2026-11-21T19:00:00' });
    expect(Object.keys(noOffset.json().errors)).toEqual(['checked_in_at']);
    const order = await create({
      contact_uuid: DEMO.anna,
      starts_at: '2026-11-21T19:00:00+01:00',
      ends_at: '2026-11-21T18:00:00+01:00',
    });
    expect(Object.keys(order.json().errors)).toEqual(['ends_at']);
    expect((await create({ contact_uuid: UNKNOWN })).json()).toMatchObject({ code: 55031, status_code: 404 });
    expect((await create({ contact_uuid: DEMO.anna }, DEMO.apiKey)).json()).toMatchObject({ code: 1008 });
    expect((await create({ contact_uuid: DEMO.anna, shop_uuid: UNKNOWN }, DEMO.apiKey)).json()).toMatchObject(
      {
        code: 1008,
      },
    );
    expect((await create({ contact_uuid: DEMO.anna, shop_uuid: DEMO.shopUtrecht })).json()).toMatchObject({
      code: 1008,
    });
  });

  it('401 without a token, 403 for an access token or a personal access token', async () => {
    expect((await create({ contact_uuid: DEMO.anna }, null)).statusCode).toBe(401);
    expect((await create({ contact_uuid: DEMO.anna }, DEMO.accessToken)).statusCode).toBe(403);
    expect((await create({ contact_uuid: DEMO.anna }, DEMO.personalAccessToken)).statusCode).toBe(403);
  });
});

describe('PUT /bookings/{uuid}', () => {
  it('changes the fields sent (null clears), keeps the rest', async () => {
    const booking = (
      await create({ contact_uuid: DEMO.carla, external_id: 'RES-2', starts_at: '2026-11-22T12:00:00Z' })
    ).json().data;
    const res = await update(booking.uuid, {
      checked_in_at: '2026-11-22T12:05:00+00:00',
      status: 'in progress',
      external_id: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...booking,
      external_id: null,
      checked_in_at: '2026-11-22T12:05:00+00:00',
    });
    const row = await t.app.db
      .selectFrom('bookings')
      .select('status')
      .where('uuid', '=', booking.uuid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('in progress');
    const early = await update(booking.uuid, { ends_at: '2026-11-22T11:00:00Z' });
    expect(Object.keys(early.json().errors)).toEqual(['ends_at']);
  });

  it('1003 naming contact_uuid or shop_uuid (cannot change); 1003 (404) unknown or another shop’s', async () => {
    const booking = (await create({ contact_uuid: DEMO.carla })).json().data;
    const fixed = await update(booking.uuid, { contact_uuid: DEMO.anna, shop_uuid: DEMO.shop });
    expect(fixed.statusCode).toBe(422);
    expect(Object.keys(fixed.json().errors).sort()).toEqual(['contact_uuid', 'shop_uuid']);
    expect((await update(UNKNOWN, { source: 'x' })).json()).toMatchObject({
      code: 1003,
      status_code: 404,
      reason: 'booking_not_found',
    });
    const other = await update(booking.uuid, { source: 'x' }, DEMO.registerKeyUtrecht);
    expect(other.json()).toMatchObject({ code: 1003, status_code: 404, reason: 'booking_not_found' });
    expect((await update(booking.uuid, { source: 'x' }, DEMO.apiKey)).statusCode).toBe(200);
  });

  it('401/403; SDK path', async () => {
    expect((await update(UNKNOWN, {}, null)).statusCode).toBe(401);
    expect((await update(UNKNOWN, {}, DEMO.personalAccessToken)).statusCode).toBe(403);
    const sdk = await t.call({
      method: 'POST',
      url: '/api/v3/register/bookings',
      token: DEMO.registerKey,
      payload: { contact_uuid: DEMO.anna },
    });
    expect(sdk.statusCode).toBe(201);
  });
});
