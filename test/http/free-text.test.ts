import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { openSession, portalCall } from '../helpers/portal';

/*
 * What a client stores comes back exactly as it was sent, even when it looks like a timestamp:
 * timestamps are written at whole seconds where they are made (domain/shared/values.ts apiTimestamp), not
 * by rewriting whatever looks like one in a response.
 */

/** Free text that looks like timestamps with a fraction of a second, a Z, or an offset. */
const LOOKALIKES = ['2026-01-01T10:00:00.5Z', '2026-01-01T10:00:00.123+01:00', '2026-01-01T10:00:00Z'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BENCH_CARD = 'f1000000-0000-4000-8000-000000000002';

/** Every string value of `body`'s JSON under `key`, at any depth. */
function valuesOf(text: string, key: string): unknown[] {
  const found: unknown[] = [];
  JSON.parse(text, (k, v) => {
    if (k === key) found.push(v);
    return v;
  });
  return found;
}

describe.each(LOOKALIKES)('free text %s', (text) => {
  it('as a contact’s profile field and custom attribute: stored and read back unchanged', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/contacts/${DEMO.ben}`,
      payload: { attributes: { firstname: text, a_custom_attribute: text } },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const body of [res.body, (await t.call({ method: 'GET', url: `/contacts/${DEMO.ben}` })).body]) {
      expect(valuesOf(body, 'firstname')).toContain(text);
      expect(valuesOf(body, 'a_custom_attribute')).toContain(text);
    }
  });

  it('as a custom attribute’s label, description and group', async () => {
    const name = uniqueId('looks').replace('-', '_');
    const res = await t.call({
      method: 'POST',
      url: '/custom-attributes',
      payload: { entity: 'contact', name, type: 'text', label: text, description: text, group_name: text },
    });
    expect(res.statusCode, res.body).toBe(201);
    const listed = await t.call({ method: 'GET', url: '/custom-attributes?entity=contact' });
    const mine = (listed.json().data as { name: string }[]).find((a) => a.name === name);
    expect(mine).toMatchObject({ label: text, description: text });
    expect(JSON.stringify(mine)).toContain(JSON.stringify(text));
  });

  it('as a booking’s external id, source, company and status', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/bookings',
      token: DEMO.registerKey,
      payload: {
        contact_uuid: DEMO.anna,
        external_id: `${text}#${uniqueId('b')}`,
        source: text,
        company_name: text,
        status: text,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Read back as the answer of an update that changes something else.
    const uuid = res.json().data.uuid;
    const updated = await t.call({
      method: 'PUT',
      url: `/bookings/${uuid}`,
      token: DEMO.registerKey,
      payload: { starts_at: '2027-01-15T19:00:00+01:00' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const body of [res.json().data, updated.json().data]) {
      expect(body.source).toBe(text);
      expect(body.external_id.startsWith(`${text}#`)).toBe(true);
    }
    const row = await t.app.db
      .selectFrom('bookings')
      .select(['company_name', 'status'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ company_name: text, status: text });
  });

  it('as a gift-card transaction’s custom attribute', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/giftcard-transactions',
      token: DEMO.registerKey,
      payload: { giftcard_uuid: BENCH_CARD, amount_in_cents: 1, custom_attributes: { receipt: text } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.receipt).toBe(text);
    const got = await t.call({
      method: 'GET',
      url: `/giftcard-transactions/${res.json().data.uuid}`,
      token: DEMO.registerKey,
    });
    expect(got.json().data.receipt).toBe(text);
  });

  it('as a product category’s name and a card’s name', async () => {
    const category = await t.call({
      method: 'POST',
      url: '/v3/oauth/clients/product-categories',
      token: DEMO.personalAccessToken,
      payload: { external_identifier: uniqueId('CAT'), name: text },
    });
    expect(category.statusCode, category.body).toBe(201);
    expect(category.json().data.name).toBe(text);
    const value = uniqueId('CARD');
    const card = await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: value, contact_uuid: DEMO.carla, contact_identifier_name: text },
    });
    expect(card.statusCode, card.body).toBe(201);
    const found = await t.call({
      method: 'GET',
      url: `/contact-identifiers/find?contact_identifier_value=${value}`,
    });
    expect(valuesOf(found.body, 'name')).toContain(text);
  });
  it('as a product’s name and description and a unit’s label', async () => {
    const product = await t.call({
      method: 'POST',
      url: '/v3/oauth/clients/products',
      token: DEMO.personalAccessToken,
      payload: { external_identifier: uniqueId('PROD'), name: text, description: text },
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json().data).toMatchObject({ name: text, description: text });
    const name = uniqueId('unit').replace('-', '_');
    const unit = await t.call({ method: 'POST', url: '/units', payload: { name, label: text } });
    expect(unit.statusCode, unit.body).toBe(201);
    const units = (await t.call({ method: 'GET', url: '/units' })).json().data as { name: string }[];
    expect(units.find((u) => u.name === name)).toMatchObject({ label: text });
  });

  it('as the first name the kiosk shows of the customer it identified', async () => {
    const changed = await t.call({
      method: 'PUT',
      url: `/contacts/${DEMO.anna}`,
      payload: { attributes: { firstname: text } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const uuid = await openSession(t);
    const identified = await portalCall(t, {}, 'POST', uuid, 'identify', { value: DEMO.annaCard });
    expect(identified.statusCode, identified.body).toBe(200);
    const state = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
    expect(state.statusCode, state.body).toBe(200);
    for (const body of [identified.body, state.body]) expect(valuesOf(body, 'firstname')).toContain(text);
  });
});
