import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const find = (value: string) =>
  t.call({
    method: 'GET',
    url: `/contact-identifiers/find?contact_identifier_value=${encodeURIComponent(value)}`,
  });
const put = (action: 'link' | 'unlink', payload: Record<string, string>) =>
  t.call({ method: 'PUT', url: `/contact-identifiers/${action}`, payload });

/** An unlinked identifier of the calling test's own (inactive when asked); answers its value. */
async function ownIdentifier(options: { active?: boolean } = {}): Promise<string> {
  const value = uniqueId('OWN');
  const res = await t.call({
    method: 'POST',
    url: '/contact-identifiers',
    payload: { contact_identifier_value: value },
  });
  expect(res.statusCode).toBe(201);
  if (options.active === false) {
    await t.app.db.updateTable('contact_identifiers').set({ active: 0 }).where('value', '=', value).execute();
  }
  return value;
}

describe('GET /contact-identifiers/find', () => {
  it('finds a linked identifier with its contact', async () => {
    const res = await find('CARD-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        name: 'Loyalty card',
        value: 'CARD-0001',
        active: true,
        contact: { uuid: DEMO.anna, email: 'anna@example.com' },
      },
      meta: {},
    });
  });

  it('shows contact null for an unlinked identifier, also under the real platform prefix', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/v3/register/contact-identifiers/find?contact_identifier_value=CARD-9001',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ name: 'CARD-9001', value: 'CARD-9001', active: true, contact: null });
  });

  it('answers 60003 for an unknown value and 60004 for an inactive one', async () => {
    const unknown = await find('CARD-NONE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 60003,
      message: 'Contact identifier not found',
      status_code: 404,
    });
    const inactive = await find('CARD-0004');
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toEqual({
      code: 60004,
      message: 'Contact identifier inactive',
      status_code: 422,
    });
    expect((await find('CARD-9002')).json().code).toBe(60004);
  });

  it('answers 1003 naming the missing value', async () => {
    const res = await t.call({ method: 'GET', url: '/contact-identifiers/find' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 1003,
      message: 'Invalid input',
      status_code: 422,
      errors: { contact_identifier_value: ['The contact identifier value field is required.'] },
    });
  });
});

describe('POST /contact-identifiers', () => {
  it('creates an unlinked identifier whose name defaults to the value', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: 'NEW-0001' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: { name: 'NEW-0001', value: 'NEW-0001', active: true, contact: null },
      meta: {},
    });
    expect((await find('NEW-0001')).json().data.contact).toBeNull();
  });

  it('creates an identifier linked directly to a contact, with a name (form-encoded)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/contact-identifiers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_identifier_value=NEW-0002&contact_uuid=${DEMO.carla}&contact_identifier_name=Key+fob`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      name: 'Key fob',
      value: 'NEW-0002',
      active: true,
      contact: { uuid: DEMO.carla, email: 'carla@example.com' },
    });
  });

  it('answers 60006 for an existing value, active or not', async () => {
    for (const value of ['CARD-0001', 'CARD-9002']) {
      const res = await t.call({
        method: 'POST',
        url: '/contact-identifiers',
        payload: { contact_identifier_value: value },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 60006, status_code: 409 });
    }
  });

  it('answers 55031 for an unknown contact and creates nothing', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: 'NEW-0003', contact_uuid: '00000000-0000-4000-8000-00000000dead' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(55031);
    expect((await find('NEW-0003')).json().code).toBe(60003);
  });

  it('answers 1003 for a missing value', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_uuid: DEMO.ben },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      contact_identifier_value: ['The contact identifier value field is required.'],
    });
  });
});

describe('PUT /contact-identifiers/link and /unlink', () => {
  it('moves an identifier link → unlink → link to another contact', async () => {
    const value = await ownIdentifier();
    const linked = await put('link', { contact_identifier_value: value, contact_uuid: DEMO.carla });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({
      data: {
        name: value,
        value,
        active: true,
        contact: { uuid: DEMO.carla, email: 'carla@example.com' },
      },
      meta: {},
    });

    const again = await put('link', { contact_identifier_value: value, contact_uuid: DEMO.ben });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 60014, message: 'Contact identifier is already linked' });
    expect((await find(value)).json().data.contact.uuid).toBe(DEMO.carla);

    const unlinked = await put('unlink', { contact_identifier_value: value });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data).toMatchObject({ value, contact: null });
    expect((await find(value)).json().data.contact).toBeNull();

    const relinked = await put('link', { contact_identifier_value: value, contact_uuid: DEMO.ben });
    expect(relinked.statusCode).toBe(200);
    expect(relinked.json().data.contact).toEqual({ uuid: DEMO.ben, email: 'ben@example.com' });
  });

  it('accepts form-encoded bodies under the real platform prefix', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/v3/register/contact-identifiers/link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_identifier_value=CARD-9003&contact_uuid=${DEMO.dirk}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact.uuid).toBe(DEMO.dirk);
    const unlink = await t.call({
      method: 'PUT',
      url: '/api/v3/register/contact-identifiers/unlink',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'contact_identifier_value=CARD-9003',
    });
    expect(unlink.json().data.contact).toBeNull();
  });

  it('link answers 60003, 60004, 55031 and 1003', async () => {
    const value = await ownIdentifier();
    const unknown = await put('link', { contact_identifier_value: 'CARD-NONE', contact_uuid: DEMO.ben });
    expect(unknown.json()).toMatchObject({ code: 60003, status_code: 404 });
    const inactive = await put('link', { contact_identifier_value: 'CARD-9002', contact_uuid: DEMO.ben });
    expect(inactive.json()).toMatchObject({ code: 60004, status_code: 422 });
    const nobody = await put('link', {
      contact_identifier_value: value,
      contact_uuid: '00000000-0000-4000-8000-00000000dead',
    });
    expect(nobody.json()).toMatchObject({ code: 55031, status_code: 404 });
    expect((await find(value)).json().data.contact).toBeNull();
    const missing = await put('link', { contact_identifier_value: value });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ contact_uuid: ['The contact uuid field is required.'] });
  });

  it('unlink answers 60003, 60004 and 1003, and leaves an inactive card linked', async () => {
    expect((await put('unlink', { contact_identifier_value: 'CARD-NONE' })).json().code).toBe(60003);
    const inactive = await put('unlink', { contact_identifier_value: 'CARD-0004' });
    expect(inactive.json()).toMatchObject({ code: 60004, status_code: 422 });
    const row = await t.app.db
      .selectFrom('contact_identifiers')
      .select('contact_id')
      .where('value', '=', 'CARD-0004')
      .executeTakeFirstOrThrow();
    expect(row.contact_id).not.toBeNull();
    const missing = await put('unlink', {});
    expect(missing.json()).toMatchObject({
      code: 1003,
      errors: { contact_identifier_value: ['The contact identifier value field is required.'] },
    });
  });
});

describe('DELETE /contact-identifiers', () => {
  it('deletes by query string as real clients send it, answering the identifier as it was', async () => {
    await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: 'DEL-1' },
    });
    const res = await t.call({
      method: 'DELETE',
      url: '/api/v3/register/contact-identifiers?contact_identifier_value=DEL-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { name: 'DEL-1', value: 'DEL-1', active: true, contact: null },
      meta: {},
    });
    expect((await find('DEL-1')).json().code).toBe(60003);
  });

  it('deletes by JSON body and by form body, inactive ones too', async () => {
    const inactive = await ownIdentifier({ active: false });
    const json = await t.call({
      method: 'DELETE',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: inactive },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({
      data: { name: inactive, value: inactive, active: false, contact: null },
      meta: {},
    });
    expect((await find(inactive)).json().code).toBe(60003);

    await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: 'DEL-2' },
    });
    const form = await t.call({
      method: 'DELETE',
      url: '/contact-identifiers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'contact_identifier_value=DEL-2',
    });
    expect(form.statusCode).toBe(200);
    expect((await find('DEL-2')).json().code).toBe(60003);
  });

  it('deletes an identifier that a credit reception names, keeping the reception', async () => {
    const db = t.app.db;
    const card = await db
      .selectFrom('contact_identifiers')
      .select(['id', 'contact_id'])
      .where('value', '=', 'CARD-0002')
      .executeTakeFirstOrThrow();
    const shop = await db.selectFrom('shops').select('id').executeTakeFirstOrThrow();
    const unit = await db.selectFrom('units').select('id').executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('credit_receptions')
      .values({
        uuid: 'e0000000-0000-4000-8000-0000000000aa',
        contact_id: card.contact_id as number,
        shop_id: shop.id,
        unit_id: unit.id,
        unit_value: null,
        credits_centi: 0,
        contact_identifier_id: card.id,
        pos_transaction_id: null,
        reverses_id: null,
        attributes: '{}',
        created_at: isoTimestamp(new Date()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.call({
      method: 'DELETE',
      url: '/contact-identifiers?contact_identifier_value=CARD-0002',
    });
    expect(res.statusCode).toBe(200);
    const reception = await db
      .selectFrom('credit_receptions')
      .select(['contact_id', 'contact_identifier_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(reception).toEqual({ contact_id: card.contact_id, contact_identifier_id: null });
  });

  it('answers 60003 for an unknown value and 1003 when no value is sent', async () => {
    const unknown = await t.call({
      method: 'DELETE',
      url: '/contact-identifiers?contact_identifier_value=NOPE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 60003 });
    const missing = await t.call({ method: 'DELETE', url: '/contact-identifiers' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 1003,
      message: 'Invalid input',
      status_code: 422,
      errors: { contact_identifier_value: ['The contact identifier value field is required.'] },
    });
  });
});

describe('authentication', () => {
  const calls = [
    { method: 'GET', url: '/contact-identifiers/find?contact_identifier_value=CARD-0001' },
    { method: 'POST', url: '/contact-identifiers', payload: { contact_identifier_value: 'AUTH-1' } },
    { method: 'PUT', url: '/contact-identifiers/link', payload: { contact_identifier_value: 'CARD-0005' } },
    { method: 'PUT', url: '/contact-identifiers/unlink', payload: { contact_identifier_value: 'CARD-0005' } },
    { method: 'DELETE', url: '/contact-identifiers?contact_identifier_value=CARD-0005' },
  ] as const;

  it('401 without a token, 403 for an access token or a personal access token', async () => {
    for (const call of calls) {
      expect((await t.call({ ...call, token: null })).statusCode).toBe(401);
      for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
        const res = await t.call({ ...call, token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 1003, status_code: 403 });
      }
    }
    expect((await find('CARD-0005')).json().data.contact.uuid).toBe(DEMO.dirk);
    expect((await find('AUTH-1')).json().code).toBe(60003);
  });
});
