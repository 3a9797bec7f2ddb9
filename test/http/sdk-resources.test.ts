import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, newContact, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';

/*
 * The real platform's resources its PHP SDK calls beyond the spec (docs/extensions.md "The real
 * platform's wider surface"): promotion and voucher create, the register, giftcard transaction
 * correct and list, giftcard programs, the contacts list, perk delete, and the per-entity attribute
 * resources. The SDK's own run of them is test/php/sdk.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GC_PROGRAM = DEMO.giftcardProgram;

async function newPromotion(body: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/promotions',
    payload: { name: uniqueId('Promotion'), description: 'For a test', ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { uuid: string };
}

describe('POST /promotions', () => {
  it('creates a single-use promotion with its limits, as GET /promotions/{uuid} then shows it', async () => {
    const created = await newPromotion({ voucher_limit: 2, limit_per_contact: 1, expiration_duration: 14 });
    expect(created).toMatchObject({
      voucher_limit: 2,
      limit_per_contact: 1,
      expiration_duration: 14,
      type: 'SINGLE_USE',
      redemptions_per_voucher: 1,
      attributes: {},
    });
    const got = await t.call({ method: 'GET', url: `/promotions/${created.uuid}` });
    expect(got.json().data).toEqual(created);
  });

  it('refuses another type or more redemptions per voucher, naming the field', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/promotions',
      payload: { name: 'Stamps', type: 'MULTI_USE', redemptions_per_voucher: 3 },
    });
    const body = await expectError(res, 1003);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['redemptions_per_voucher', 'type']);
  });
});

describe('POST /vouchers', () => {
  it('makes a voucher with a new code that expires after the promotion’s duration, and one with a given code', async () => {
    const promotion = await newPromotion({ expiration_duration: 10 });
    const made = await t.call({
      method: 'POST',
      url: '/vouchers',
      payload: { promotion_uuid: promotion.uuid },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      code: expect.stringMatching(/^V-[A-Z2-9]{10}$/),
      status: 'ACTIVE',
      contact: null,
      expiration_date: '2026-12-01T10:00:00+00:00',
      promotion: { uuid: promotion.uuid },
    });
    const code = uniqueId('CODE');
    const given = await t.call({
      method: 'POST',
      url: '/vouchers',
      payload: { promotion_uuid: promotion.uuid, code, contact_uuid: DEMO.ben },
    });
    expect(given.json().data).toMatchObject({ code, contact: { uuid: DEMO.ben } });
    const found = await t.call({ method: 'GET', url: `/vouchers/find?code=${code}` });
    expect(found.json().data.uuid).toBe(given.json().data.uuid);

    const again = await t.call({
      method: 'POST',
      url: '/vouchers',
      payload: { promotion_uuid: promotion.uuid, code },
    });
    expect((await expectError(again, 1003, 409)).errors).toHaveProperty('code');
  });

  it('holds the promotion’s voucher limit and limit per contact, also for concurrent calls', async () => {
    const promotion = await newPromotion({ voucher_limit: 3, limit_per_contact: 1 });
    const contact = await newContact(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call({
          method: 'POST',
          url: '/vouchers',
          payload: { promotion_uuid: promotion.uuid, contact_uuid: contact },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) expectReason(r, 'voucher_limit_reached');
    const unlinked = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call({ method: 'POST', url: '/vouchers', payload: { promotion_uuid: promotion.uuid } }),
      ),
    );
    expect(unlinked.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const r of unlinked.filter((r) => r.statusCode !== 201)) {
      expect((await expectError(r, 1003)).errors).toHaveProperty('promotion_uuid');
    }
  });

  it('refuses an unknown promotion (80002) or contact (55031)', async () => {
    await expectError(
      await t.call({ method: 'POST', url: '/vouchers', payload: { promotion_uuid: DEMO.anna } }),
      80002,
      404,
    );
    await expectError(
      await t.call({
        method: 'POST',
        url: '/vouchers',
        payload: { promotion_uuid: DEMO.promotionMuffin, contact_uuid: DEMO.promotionMuffin },
      }),
      55031,
      404,
    );
  });
});

describe('GET /api/v3/register', () => {
  it('answers the register of a shop-bound key, the same one each time', async () => {
    const first = await t.call({ method: 'GET', url: '/api/v3/register', token: DEMO.registerKey });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      id: expect.any(Number),
      identifier: expect.stringMatching(/^REG-[A-Z2-9]{8}$/),
      name: null,
      shop: { uuid: DEMO.shop, name: 'Demo Coffee Amsterdam', id: 1 },
    });
    const again = await t.call({ method: 'GET', url: '/api/v3/register', token: DEMO.registerKey });
    expect(again.json().data).toEqual(first.json().data);
    const utrecht = await t.call({ method: 'GET', url: '/api/v3/register', token: DEMO.registerKeyUtrecht });
    expect(utrecht.json().data.shop.uuid).toBe(DEMO.shopUtrecht);
    expect(utrecht.json().data.id).not.toBe(first.json().data.id);
  });

  it('refuses a key bound to no shop, and other credentials', async () => {
    expectReason(await t.call({ method: 'GET', url: '/api/v3/register' }), 'register_key_required');
    await expectError(
      await t.call({ method: 'GET', url: '/api/v3/register', token: DEMO.accessToken }),
      1003,
      403,
    );
  });
});

describe('giftcard transactions: correct and list', () => {
  async function newCard() {
    const res = await t.call({
      method: 'POST',
      url: '/giftcards',
      payload: { type: 1, giftcard_program_uuid: GC_PROGRAM },
    });
    return res.json().data.uuid as string;
  }
  const move = async (card: string, amount: number) =>
    (
      await t.call({
        method: 'POST',
        url: '/giftcard-transactions',
        payload: { giftcard_uuid: card, amount_in_cents: amount, shop_uuid: DEMO.shop },
      })
    ).json().data as { uuid: string };

  it('corrects a transaction that is not the card’s last, once; reverse would refuse it', async () => {
    const card = await newCard();
    const topUp = await move(card, 5000);
    await move(card, -1200);
    const wrong = await move(card, -300);
    await move(card, -500);
    await expectError(
      await t.call({ method: 'POST', url: `/giftcard-transactions/${wrong.uuid}/reverse` }),
      55025,
    );
    const corrected = await t.call({ method: 'POST', url: `/giftcard-transactions/${wrong.uuid}/correct` });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().data).toMatchObject({ amount_in_cents: 300, shop: { uuid: DEMO.shop } });
    await expectError(
      await t.call({ method: 'POST', url: `/giftcard-transactions/${wrong.uuid}/correct` }),
      55025,
    );
    const balance = await t.call({ method: 'GET', url: `/giftcards/${card}` });
    expect(balance.json().data.amount_in_cents).toBe(5000 - 1200 - 500);
    // A correction that would overdraw the card is refused like any decrement.
    await move(card, -3300);
    await expectError(
      await t.call({ method: 'POST', url: `/giftcard-transactions/${topUp.uuid}/correct` }),
      5003,
    );
  });

  it('lists a card’s transactions newest first with the paginator meta', async () => {
    const card = await newCard();
    await move(card, 1000);
    const second = await move(card, -100);
    const third = await move(card, -200);
    const page = await t.call({ method: 'GET', url: `/giftcard-transactions?giftcard_uuid=${card}&limit=2` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((tr: { uuid: string }) => tr.uuid)).toEqual([third.uuid, second.uuid]);
    expect(page.json().meta).toEqual({
      current_page: 1,
      per_page: 2,
      from: 1,
      to: 2,
      last_page: 2,
      total: 3,
    });
    const program = await t.call({
      method: 'GET',
      url: `/giftcard-transactions?giftcard_program_uuid=${GC_PROGRAM}`,
    });
    expect(program.json().data.length).toBeGreaterThanOrEqual(3);
    await expectError(
      await t.call({ method: 'GET', url: `/giftcard-transactions?giftcard_program_uuid=${DEMO.anna}` }),
      1100,
      404,
    );
  });

  it('GET /giftcard-programs lists the programs', async () => {
    const res = await t.call({ method: 'GET', url: '/giftcard-programs' });
    expect(res.json().data[0]).toEqual({
      id: 1,
      uuid: GC_PROGRAM,
      name: 'Demo gift card',
      active: true,
      max_amount_in_cents: 50000,
      calculator_flow: null,
      expiration_days: 365,
    });
  });
});

describe('GET /contacts', () => {
  it('pages through every contact, oldest first, each as GET /contacts/{uuid} shows it', () =>
    withOwnApp(async (own) => {
      const first = await own.call({ method: 'GET', url: '/contacts?limit=2' });
      expect(first.statusCode).toBe(200);
      const { data, meta } = first.json();
      expect(data.map((c: { uuid: string }) => c.uuid)).toEqual([DEMO.anna, DEMO.ben]);
      expect(data[0]).toEqual((await own.call({ method: 'GET', url: `/contacts/${DEMO.anna}` })).json().data);
      expect(meta).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
      const last = await own.call({ method: 'GET', url: `/contacts?limit=2&page=${meta.last_page}` });
      expect(last.json().meta.to).toBe(meta.total);
    }));
});

describe('DELETE /perks/{uuid}', () => {
  it('deletes a perk with its options and answers it as it was; then it is unknown', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/perks',
      payload: {
        label: 'Free refill',
        name: uniqueId('refill').replace('-', '_'),
        data_type: 'boolean',
        options: [
          { label: 'Yes', value: true, default: false },
          { label: 'No', value: false, default: true },
        ],
      },
    });
    const perk = made.json().data;
    const deleted = await t.call({ method: 'DELETE', url: `/perks/${perk.uuid}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual(perk);
    await expectError(await t.call({ method: 'GET', url: `/perks/${perk.uuid}` }), 110000, 404);
    await expectError(await t.call({ method: 'DELETE', url: `/perks/${perk.uuid}` }), 110000, 404);
  });
});

describe('the attribute resources of one entity', () => {
  it('create and list contact, reward and loyalty transaction attributes as /custom-attributes has them', async () => {
    for (const [path, entity, typeKey] of [
      ['/contact-attributes', 'contact', 'data_type'],
      ['/reward-attributes', 'reward', 'type'],
      ['/loyalty-transaction-attributes', 'loyalty_transaction', 'data_type'],
    ] as const) {
      const name = uniqueId('attr').replace('-', '_');
      const made = await t.call({
        method: 'POST',
        url: path,
        payload: {
          name,
          [typeKey]: 'select',
          placeholder: 'Pick one',
          options: [
            { value: 'a', name: 'Option A' },
            { value: 'b', label: 'Option B' },
          ],
        },
      });
      expect(made.statusCode).toBe(201);
      expect(made.json().data).toMatchObject({
        entity,
        name,
        label: name,
        type: 'select',
        placeholder: 'Pick one',
        options: [
          { value: 'a', label: 'Option A' },
          { value: 'b', label: 'Option B' },
        ],
      });
      const listed = await t.call({ method: 'GET', url: path });
      const all = await t.call({ method: 'GET', url: `/custom-attributes?entity=${entity}` });
      expect(listed.json().data).toEqual(all.json().data);
      expect(listed.json().data.map((a: { name: string }) => a.name)).toContain(name);
    }
  });

  it('gets and updates a promotion attribute by id; its name and type stay', async () => {
    const name = uniqueId('region').replace('-', '_');
    const made = await t.call({
      method: 'POST',
      url: '/promotion-attributes',
      payload: { name, label: 'Region', type: 'select', options: [{ value: 'nh', label: 'Noord-Holland' }] },
    });
    const { id } = made.json().data;
    expect((await t.call({ method: 'GET', url: `/promotion-attributes/${id}` })).json().data).toEqual(
      made.json().data,
    );
    const updated = await t.call({
      method: 'PUT',
      url: `/promotion-attributes/${id}`,
      payload: {
        id: String(id),
        name,
        type: 'select',
        label: 'Province',
        options: [{ value: 'zh', label: 'Zuid-Holland' }],
      },
    });
    expect(updated.json().data).toMatchObject({ id, name, label: 'Province', options: [{ value: 'zh' }] });
    const renamed = await t.call({
      method: 'PUT',
      url: `/promotion-attributes/${id}`,
      payload: { name: 'other', type: 'text' },
    });
    expect(Object.keys((await expectError(renamed, 1003)).errors ?? {}).sort()).toEqual(['name', 'type']);
    expectReason(
      await t.call({ method: 'GET', url: '/promotion-attributes/999999' }),
      'custom_attribute_not_found',
    );
  });
});
