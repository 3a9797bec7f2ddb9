import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customAttribute as attributeSchema } from '../../src/contract/public/custom-attributes';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (payload: object) => t.call({ method: 'POST', url: '/custom-attributes', payload });
const list = (entity: string) => t.call({ method: 'GET', url: `/custom-attributes?entity=${entity}` });
const update = (name: string, payload: object) =>
  t.call({ method: 'PUT', url: `/custom-attributes/${name}`, payload });
/** Defines an attribute of the calling test's own on `entity`; answers its name. */
async function ownAttribute(entity: string, more: object = { type: 'text' }): Promise<string> {
  const name = uniqueId('own').replace('-', '_');
  const res = await create({ entity, name, label: 'Own', ...more });
  expect(res.statusCode).toBe(201);
  return name;
}

describe('custom attributes', () => {
  it('GET lists the attributes of an entity with every field of the spec', async () => {
    await withOwnApp(async (own) => {
      const list = (entity: string) =>
        own.call({ method: 'GET', url: `/custom-attributes?entity=${entity}` });
      const res = await list('contact');
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(meta).toEqual({});
      for (const item of data) attributeSchema.parse(item);
      expect(data.map((a: { name: string }) => a.name)).toEqual([
        'dier',
        'a_custom_attribute',
        'dieet',
        'trouwdag',
        'havermelk',
        'kopjes_per_dag',
      ]);
      expect(data[0]).toEqual({
        id: expect.any(Number),
        entity: 'contact',
        name: 'dier',
        label: 'Favourite animal',
        type: 'select',
        group_name: null,
        group: null,
        is_platform_defined: false,
        is_piggy_defined: false,
        is_soft_read_only: false,
        is_hard_read_only: false,
        field_type: 'string',
        has_unique_value: false,
        description: '',
        placeholder: null,
        options: [
          { value: 'cat', label: 'Cat', description: null, media: null },
          { value: 'dog', label: 'Dog', description: null, media: null },
        ],
        position: 0,
        created_at: expect.any(String),
        meta: [],
        can_be_deleted: true,
        last_used_date: null,
        created_by_user: true,
      });
      expect((await list('reward')).json().data).toEqual([]);
    });
  });

  it('GET: 1003 without entity or for an unknown entity', async () => {
    for (const url of ['/custom-attributes', '/custom-attributes?entity=planet']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.json()).toMatchObject({ code: 1003, errors: { entity: expect.any(Array) } });
    }
  });

  it('POST defines an attribute; groups are derived from group_name', async () => {
    const res = await create({
      entity: 'booking',
      name: 'table_number',
      label: 'Table',
      type: 'number',
      description: 'Where they sit',
      group_name: 'Seating',
    });
    expect(res.statusCode).toBe(201);
    const table = res.json().data;
    attributeSchema.parse(table);
    expect(table).toMatchObject({
      entity: 'booking',
      name: 'table_number',
      label: 'Table',
      type: 'number',
      field_type: 'integer',
      description: 'Where they sit',
      group_name: 'Seating',
      group: { id: table.id, name: 'Seating', created_by_user: true, position: 1 },
      options: [],
      position: 1,
      created_at: '2026-11-21T10:00:00+00:00',
    });
    const diet = await create({
      entity: 'booking',
      name: 'diet',
      label: 'Diet',
      type: 'multi_select',
      group_name: 'Food',
      options: [
        { value: 'vegan', label: 'Vegan', description: 'No animal products', media: 'https://x.test/v.png' },
        { value: 'halal', label: 'Halal' },
      ],
    });
    expect(diet.statusCode).toBe(201);
    expect(diet.json().data).toMatchObject({
      position: 2,
      group: { name: 'Food', position: 2 },
      options: [
        { value: 'vegan', label: 'Vegan', description: 'No animal products', media: 'https://x.test/v.png' },
        { value: 'halal', label: 'Halal', description: null, media: null },
      ],
    });
    const seat = await create({
      entity: 'booking',
      name: 'seat',
      label: 'Seat',
      type: 'text',
      group_name: 'Seating',
    });
    expect(seat.json().data.group).toEqual({
      id: table.id,
      name: 'Seating',
      label: 'Seating',
      created_by_user: true,
      position: 1,
    });
    expect((await list('booking')).json().data.map((a: { name: string }) => a.name)).toEqual([
      'table_number',
      'diet',
      'seat',
    ]);
  });

  it('POST from a form body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/custom-attributes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'entity=visit&name=mood&label=Mood&type=select&options[0][value]=happy&options[0][label]=Happy',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.options).toEqual([
      { value: 'happy', label: 'Happy', description: null, media: null },
    ]);
  });

  it('POST: 1003 for missing or bad fields, options on other types, built-in names; 409 for a taken name', async () => {
    const missing = await create({});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['entity', 'label', 'name', 'type']);
    const bad = await create({ entity: 'contact', name: 'Bad Name', label: 'x', type: 'colour' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'type']);
    const options = await create({
      entity: 'contact',
      name: 'nickname',
      label: 'Nickname',
      type: 'text',
      options: [{ value: 'a', label: 'A' }],
    });
    expect(Object.keys(options.json().errors)).toEqual(['options']);
    const repeated = await create({
      entity: 'contact',
      name: 'size',
      label: 'Size',
      type: 'select',
      options: [
        { value: 'a', label: 'A' },
        { value: 'a', label: 'B' },
      ],
    });
    expect(Object.keys(repeated.json().errors)).toEqual(['options']);
    for (const [entity, name] of [
      ['contact', 'email'],
      ['contact', 'subscription_status_9'],
      ['reward', 'title'],
    ]) {
      const builtIn = await create({ entity, name, label: 'x', type: 'text' });
      expect(builtIn.json()).toMatchObject({ code: 1003, errors: { name: expect.any(Array) } });
    }
    const taken = await create({ entity: 'contact', name: 'dier', label: 'Again', type: 'text' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 1003, errors: { name: expect.any(Array) } });
    // The same name on another entity is fine.
    expect((await create({ entity: 'reward', name: 'dier', label: 'Animal', type: 'text' })).statusCode).toBe(
      201,
    );
  });

  it('a contact attribute appears in the contact’s current_values', async () => {
    expect(
      (await create({ entity: 'contact', name: 'shoe_size', label: 'Shoe size', type: 'number' })).statusCode,
    ).toBe(201);
    const contact = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    expect(contact.json().data.current_values).toMatchObject({ shoe_size: null, email: 'anna@example.com' });
  });

  it('PUT changes label, description, options and group_name only', async () => {
    const name = await ownAttribute('contact', {
      type: 'select',
      options: [{ value: 'cat', label: 'Cat' }],
    });
    const res = await update(name, {
      entity: 'contact',
      label: 'Pet',
      description: 'Their pet',
      group_name: 'Profile',
      options: [{ value: 'fish', label: 'Fish' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name,
      label: 'Pet',
      description: 'Their pet',
      group_name: 'Profile',
      group: { name: 'Profile' },
      type: 'select',
      options: [{ value: 'fish', label: 'Fish', description: null, media: null }],
    });
    const ungrouped = await update(name, { entity: 'contact', group_name: null });
    expect(ungrouped.json().data).toMatchObject({ group_name: null, group: null, label: 'Pet' });
    const fixed = await update(name, { entity: 'contact', type: 'text', name: 'other' });
    expect(fixed.statusCode).toBe(422);
    expect(Object.keys(fixed.json().errors).sort()).toEqual(['name', 'type']);
    const options = await update('a_custom_attribute', {
      entity: 'contact',
      options: [{ value: 'x', label: 'X' }],
    });
    expect(Object.keys(options.json().errors)).toEqual(['options']);
  });

  it('PUT: 1003 without entity, 404 unknown attribute, 403 system-defined attribute', async () => {
    expect((await update('dier', { label: 'x' })).json()).toMatchObject({
      errors: { entity: expect.any(Array) },
    });
    const unknown = await update('nope', { entity: 'contact', label: 'x' });
    expectReason(unknown, 'custom_attribute_not_found');
    const reward = await ownAttribute('reward');
    expect((await update(reward, { entity: 'reward', label: 'x' })).json().data.label).toBe('x');
    await t.app.db
      .insertInto('custom_attributes')
      .values({
        entity: 'contact',
        name: 'loyalty_tier_code',
        label: 'Tier code',
        type: 'text',
        description: null,
        group_name: null,
        options: '[]',
        is_platform_defined: 1,
        position: 99,
        created_at: '2026-01-01T00:00:00+00:00',
      })
      .execute();
    const system = await update('loyalty_tier_code', { entity: 'contact', label: 'Mine' });
    expect(expectReason(system, 'system_attribute_read_only')).toMatchObject({
      message: 'System-defined attributes cannot be updated',
      status_code: 403,
    });
    const listed = (await list('contact'))
      .json()
      .data.find((a: { name: string }) => a.name === 'loyalty_tier_code');
    expect(listed).toMatchObject({
      is_platform_defined: true,
      can_be_deleted: false,
      created_by_user: false,
    });
  });

  it('401 without a token, 403 for an access token or a personal access token', async () => {
    for (const [method, url] of [
      ['GET', '/custom-attributes?entity=contact'],
      ['POST', '/custom-attributes'],
      ['PUT', '/custom-attributes/dier'],
    ] as const) {
      expect((await t.call({ method, url, token: null })).statusCode).toBe(401);
      expect((await t.call({ method, url, token: DEMO.accessToken })).statusCode).toBe(403);
      expect((await t.call({ method, url, token: DEMO.personalAccessToken })).statusCode).toBe(403);
    }
  });
});
