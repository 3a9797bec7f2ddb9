import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/errors';

/** Extension: a contact's loyalty history (credit and reward receptions), newest first, paginated. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Ben: three receptions at two shops, a claim, and a reversed reception.
  const receive = (credits: number, token: string) =>
    t.call({
      method: 'POST',
      url: '/credit-receptions',
      token,
      payload: { contact_uuid: DEMO.ben, credits },
    });
  await receive(10, DEMO.registerKey);
  await receive(20, DEMO.registerKeyUtrecht);
  const third = (await receive(30, DEMO.registerKey)).json().data;
  await t.call({
    method: 'POST',
    url: '/reward-receptions',
    payload: {
      contact_uuid: DEMO.ben,
      reward_uuid: 'e0000000-0000-4000-8000-000000000001',
      shop_uuid: DEMO.shop,
    },
  });
  await t.call({ method: 'POST', url: `/credit-receptions/${third.uuid}/reverse`, token: DEMO.registerKey });
});
afterAll(() => t.close());

const get = (url: string, token: string = DEMO.apiKey) => t.call({ method: 'GET', url, token });
const summary = (data: { type: string; credits: number }[]) => data.map((d) => `${d.type}:${d.credits}`);

describe('GET /contacts/{uuid}/loyalty-transactions', () => {
  it('lists credit and reward receptions newest first, each as its own resource; not the opening balance', async () => {
    const res = await get(`/contacts/${DEMO.ben}/loyalty-transactions`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(summary(data)).toEqual([
      'credit_reception:-30',
      'reward_reception:-50',
      'credit_reception:30',
      'credit_reception:20',
      'credit_reception:10',
    ]);
    expect(data[1]).toMatchObject({
      reward: { title: 'Free coffee' },
      has_been_collected: false,
      channel: 'API',
    });
    expect(meta).toEqual({ current_page: 1, per_page: 30, from: 1, to: 5, last_page: 1, total: 5 });
  });

  it('pages, and filters by type and shop', async () => {
    const page = (await get(`/contacts/${DEMO.ben}/loyalty-transactions?limit=2&page=2`)).json();
    expect(summary(page.data)).toEqual(['credit_reception:30', 'credit_reception:20']);
    expect(page.meta).toEqual({ current_page: 2, per_page: 2, from: 3, to: 4, last_page: 3, total: 5 });
    const rewards = (await get(`/contacts/${DEMO.ben}/loyalty-transactions?type=reward_reception`)).json();
    expect(summary(rewards.data)).toEqual(['reward_reception:-50']);
    const utrecht = (
      await get(`/contacts/${DEMO.ben}/loyalty-transactions?shop_uuid=${DEMO.shopUtrecht}`)
    ).json();
    expect(summary(utrecht.data)).toEqual(['credit_reception:20']);
    const past = (await get(`/contacts/${DEMO.ben}/loyalty-transactions?page=9`)).json();
    expect(past).toEqual({
      data: [],
      meta: { current_page: 9, per_page: 30, from: null, to: null, last_page: 1, total: 5 },
    });
  });

  it('is also served with contact_uuid in the query (GET /loyalty-transactions)', async () => {
    const res = await get(
      `/api/v3/oauth/clients/loyalty-transactions?contact_uuid=${DEMO.ben}&limit=10`,
      DEMO.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(5);
  });

  it('55031 unknown contact, 1008 unknown shop, 1003 bad page, limit or type', async () => {
    await expectError(await get('/contacts/nope/loyalty-transactions'), 55031, 404);
    await expectError(await get(`/contacts/${DEMO.ben}/loyalty-transactions?shop_uuid=nope`), 1008, 404);
    for (const query of ['page=0', 'limit=0', 'limit=101', 'type=visit']) {
      await expectError(await get(`/contacts/${DEMO.ben}/loyalty-transactions?${query}`), 1003);
    }
    await expectError(await get('/loyalty-transactions'), 1003);
  });
});
