import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';

/*
 * Extensions a POS needs on contacts, as the real platform serves them (its PHP SDK's
 * contacts->findOrCreate, createAnonymously, update, getCreditBalance and tier->getTierForContact).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string = DEMO.apiKey) => t.call({ method: 'GET', url, token });
const update = (uuid: string, attributes: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `/contacts/${uuid}`, payload: { attributes } });

describe('GET /contacts/find-or-create', () => {
  it('creates a contact for an unknown address (201), then finds the same one (200)', async () => {
    const first = await get('/contacts/find-or-create?email=New.Person@Example.com');
    expect(first.statusCode).toBe(201);
    const created = first.json().data;
    expect(created).toMatchObject({ email: 'new.person@example.com', credit_balance: { balance: 0 } });
    expect(created.current_values).toMatchObject({ channel: 'api', is_anonymous: false });
    const again = await get('/contacts/find-or-create?email=new.person@example.com');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.uuid).toBe(created.uuid);
    expect((await get('/contacts/find-or-create?email=anna@example.com')).json().data.uuid).toBe(DEMO.anna);
  });

  it('creates one contact for concurrent calls with one address', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => get('/contacts/find-or-create?email=race@example.com')),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((r) => r.json().data.uuid)).size).toBe(1);
  });

  it('1003 naming email; an API key only', async () => {
    const bad = await expectError(await get('/contacts/find-or-create?email=nope'), 1003);
    expect(Object.keys(bad.errors ?? {})).toEqual(['email']);
    await expectError(await get('/contacts/find-or-create?email=a@b.nl', DEMO.accessToken), 1003, 403);
  });
});

describe('POST /contacts/anonymous', () => {
  const create = (payload?: object) => t.call({ method: 'POST', url: '/contacts/anonymous', payload });

  it('creates a contact without e-mail, with a new card or an unlinked one', async () => {
    const bare = await create();
    expect(bare.statusCode).toBe(201);
    const contact = bare.json().data;
    expect(contact.current_values.is_anonymous).toBe(true);
    expect(contact.email).toMatch(/^anonymous-[0-9a-f-]{36}@anonymous\.invalid$/);

    const withNewCard = (await create({ contact_identifier_value: 'ANON-CARD-1' })).json().data;
    const card = await get('/contact-identifiers/find?contact_identifier_value=ANON-CARD-1');
    expect(card.json().data).toMatchObject({ active: true, contact: { uuid: withNewCard.uuid } });

    const withFreeCard = (await create({ contact_identifier_value: 'CARD-9003' })).json().data;
    expect(withFreeCard.current_values.default_contact_identifier).toBe('CARD-9003');
  });

  it('60014 for a card of another contact, 60004 for an inactive one; nothing is created then', async () => {
    const before = await t.app.db.selectFrom('contacts').select('id').execute();
    await expectError(await create({ contact_identifier_value: 'CARD-0001' }), 60014, 409);
    await expectError(await create({ contact_identifier_value: 'CARD-9002' }), 60004, 422);
    expect(await t.app.db.selectFrom('contacts').select('id').execute()).toHaveLength(before.length);
  });

  it('an update with an e-mail makes it a contact like any other', async () => {
    const contact = (await create()).json().data;
    const res = await update(contact.uuid, { email: 'claimed@example.com', firstname: 'Claire' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'claimed@example.com',
      current_values: { is_anonymous: false, firstname: 'Claire' },
    });
  });
});

describe('PUT /contacts/{uuid}', () => {
  it('changes names, profile fields and custom attributes from a form body; null clears', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/v3/register/contacts/${DEMO.carla}`,
      token: DEMO.registerKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'attributes[firstname]=Carla%20M.&attributes[city]=Delft&attributes[birthdate]=1985-02-03' +
        '&attributes[dier]=dog&attributes[add_to_wallet]=1&attributes[locale]=en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.current_values).toMatchObject({
      firstname: 'Carla M.',
      city: 'Delft',
      birthdate: '1985-02-03',
      dier: 'dog',
      add_to_wallet: true,
      locale: 'en',
      updated_at: '2026-11-21T10:00:00+00:00',
    });
    const cleared = await update(DEMO.carla, { city: null, dier: null });
    expect(cleared.json().data.current_values).toMatchObject({
      city: null,
      dier: null,
      firstname: 'Carla M.',
    });
  });

  it('names every refused key at once and changes nothing', async () => {
    const before = (await get(`/contacts/${DEMO.ben}`)).json().data;
    const res = await expectError(
      await update(DEMO.ben, {
        firstname: 'Benjamin',
        loyalty_balance: 1000,
        subscription_status_1: 'SUBSCRIBED',
        shoe_size: 44,
        dier: 'unicorn',
        birthdate: '31-12-1990',
        email: 'not-an-address',
      }),
      1003,
    );
    expect(Object.keys(res.errors ?? {}).sort()).toEqual([
      'attributes.birthdate',
      'attributes.dier',
      'attributes.email',
      'attributes.loyalty_balance',
      'attributes.shoe_size',
      'attributes.subscription_status_1',
    ]);
    expect((await get(`/contacts/${DEMO.ben}`)).json().data).toEqual(before);
  });

  it("60005 for another contact's address, 55031 for an unknown contact", async () => {
    await expectError(await update(DEMO.ben, { email: 'anna@example.com' }), 60005, 409);
    await expectError(await update('d0000000-0000-4000-8000-00000000ffff', { firstname: 'X' }), 55031, 404);
  });
});

describe('GET /contacts/{uuid}/credit-balance and /tier', () => {
  it("answers the contact's balance and tier", async () => {
    expect((await get(`/contacts/${DEMO.ben}/credit-balance`)).json()).toEqual({
      data: { balance: 35.5 },
      meta: {},
    });
    expect((await get(`/contacts/${DEMO.anna}/tier`)).json().data).toEqual({
      uuid: 'b0000000-0000-4000-8000-000000000002',
      name: 'Gold',
      description: 'One and a half credits per euro',
      position: 2,
      media: null,
    });
    expect((await get(`/contacts/${DEMO.carla}/tier`)).json()).toEqual({ data: null, meta: {} });
    await expectError(await get('/contacts/nope/credit-balance'), 55031, 404);
  });
});
