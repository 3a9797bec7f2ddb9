import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../src/service/fixture/demo-account.json';
import { parseFixture } from '../../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp, withOwnApp } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';
import { expectError, expectReason } from '../helpers/errors';

const MUFFIN = '90000000-0000-4000-8000-000000000001';
const TWO_FOR_ONE = '90000000-0000-4000-8000-000000000002';
const voucher = (n: string) => `91000000-0000-4000-8000-${n.padStart(12, '0')}`;
const MUFFIN_0001 = voucher('1');
const MUFFIN_USED = voucher('4');
const TWOFORONE = voucher('6');

/** Demo vouchers plus one of each further status, an overdue active one and a batch to lock and race. */
function fixture() {
  const json = structuredClone(demo);
  const extra = (n: string, code: string, more: object = {}) => ({
    uuid: voucher(n),
    code,
    contact: DEMO.carla,
    status: 'ACTIVE',
    expiration_date: null,
    ...more,
  });
  json.promotions[1]!.vouchers.push(
    extra('a1', 'DEACTIVATED-1', { status: 'DEACTIVATED' }),
    extra('a2', 'INACTIVE-1', { status: 'INACTIVE' }),
    extra('a3', 'OVERDUE-1', { expiration_date: '2026-01-01T00:00:00+01:00' }),
    extra('a4', 'LOCK-1', { expiration_date: '2027-01-01T00:00:00+01:00' }),
    extra('a5', 'LOCK-2'),
    extra('a6', 'RACE-1'),
    extra('a7', 'LATER-1', { activation_date: '2027-01-01T00:00:00+01:00' }),
    extra('a8', 'OVERDUE-2', { expiration_date: '2026-11-01T00:00:00+01:00' }),
  );
  (json.promotions[1]!.vouchers as { contact: string | null }[]).push({
    ...extra('a9', 'FREE-2'),
    contact: null,
  });
  (json.promotions[1] as { attributes?: object }).attributes = { colour: 'green' };
  return parseFixture(json, '(test)', DEMO_FIXTURE_DIR);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: fixture() });
});
afterAll(() => t.close());

const get = (url: string, token: string = DEMO.apiKey) => t.call({ method: 'GET', url, token });
const post = (url: string, payload?: object, token: string = DEMO.registerKey) =>
  t.call({ method: 'POST', url, payload, token });
const redeem = (payload: object, token: string = DEMO.registerKey) =>
  post('/vouchers/redeem', payload, token);
const find = async (code: string) => (await get(`/vouchers/find?code=${code}`)).json().data;

async function storedStatus(code: string) {
  const row = await t.app.db
    .selectFrom('vouchers')
    .select('status')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('GET /vouchers/find', () => {
  it('finds a voucher by code with the spec fields', async () => {
    const res = await get('/vouchers/find?code=MUFFIN-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      uuid: MUFFIN_0001,
      code: 'MUFFIN-0001',
      status: 'ACTIVE',
      name: 'Free muffin',
      description: 'A muffin of your choice',
      expiration_date: '2027-06-30T23:59:59+02:00',
      activation_date: null,
      redeemed_at: null,
      is_redeemed: false,
      attributes: {},
      contact: { uuid: DEMO.anna, email: 'anna@example.com' },
      promotion: {
        uuid: MUFFIN,
        name: 'Free muffin',
        description: 'A muffin of your choice',
        voucher_limit: null,
        limit_per_contact: 1,
        expiration_duration: 30,
        attributes: {},
        type: 'SINGLE_USE',
        redemptions_per_voucher: 1,
        shipping: null,
        shipping_region: null,
      },
    });
  });

  it("shows the promotion's custom attributes as keys, and an overdue active voucher as EXPIRED", async () => {
    const overdue = await find('OVERDUE-1');
    expect(overdue.status).toBe('EXPIRED');
    expect(overdue.promotion).toMatchObject({
      uuid: TWO_FOR_ONE,
      colour: 'green',
      attributes: { colour: 'green' },
    });
  });

  it('answers 80004 for an unknown code, 1003 without one, and needs an API key', async () => {
    await expectError(await get('/vouchers/find?code=NOPE'), 80004, 404);
    await expectError(await get('/vouchers/find'), 1003);
    expect((await get('/vouchers/find?code=MUFFIN-0001', DEMO.accessToken)).statusCode).toBe(403);
  });
});

describe('GET /vouchers', () => {
  it('lists vouchers oldest first with the paginated meta, 30 by default', async () => {
    const res = await get('/vouchers');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({
      page: 1,
      limit: 30,
      viewing_from: 1,
      viewing_to: 15,
      last_page: 1,
      total: 15,
      current_page: 1,
      per_page: 30,
      from: 1,
      to: 15,
      // Laravel's paginator links, which the PHP SDK's paginatedList reads.
      path: 'http://localhost/vouchers',
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: 'http://localhost/vouchers?page=1', label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
    });
    expect(data[0].code).toBe('MUFFIN-0001');
  });

  it('filters by promotion, contact and the status as of now; unknown ones match nothing', async () => {
    // Statuses change as other tests redeem and lock: counted on an app of its own.
    await withOwnApp(
      async (own) => {
        const get = (url: string) => own.call({ method: 'GET', url });
        const muffins = (await get(`/vouchers?promotion_uuid=${MUFFIN}`)).json();
        expect(muffins.meta.total).toBe(5);
        const ben = (await get(`/vouchers?contact_uuid=${DEMO.ben}`)).json();
        expect(ben.data.map((v: { code: string }) => v.code)).toEqual(['MUFFIN-0002']);
        const expired = (await get('/vouchers?status=EXPIRED')).json();
        expect(expired.data.map((v: { code: string }) => v.code)).toEqual([
          'MUFFIN-EXPIRED',
          'OVERDUE-1',
          'OVERDUE-2',
        ]);
        const active = (
          await get(`/vouchers?status=ACTIVE&promotion_uuid=${TWO_FOR_ONE}&limit=2&page=2`)
        ).json();
        // A link keeps the other query parameters.
        const activePage = `http://localhost/vouchers?status=ACTIVE&promotion_uuid=${TWO_FOR_ONE}&limit=2&page`;
        expect(active.meta).toEqual({
          page: 2,
          limit: 2,
          viewing_from: 3,
          viewing_to: 4,
          last_page: 3,
          total: 6,
          current_page: 2,
          per_page: 2,
          from: 3,
          to: 4,
          path: 'http://localhost/vouchers',
          links: [
            { url: `${activePage}=1`, label: '&laquo; Previous', active: false },
            { url: `${activePage}=1`, label: '1', active: false },
            { url: `${activePage}=2`, label: '2', active: true },
            { url: `${activePage}=3`, label: '3', active: false },
            { url: `${activePage}=3`, label: 'Next &raquo;', active: false },
          ],
        });
        expect((await get('/vouchers?promotion_uuid=nope')).json()).toMatchObject({
          data: [],
          meta: {
            page: 1,
            limit: 30,
            viewing_from: 0,
            viewing_to: 0,
            last_page: 1,
            total: 0,
            current_page: 1,
            per_page: 30,
            from: null,
            to: null,
          },
        });
      },
      { fixture: fixture() },
    );
  });

  it('pages: limit 0 (an empty page with the total), 500 (the maximum), a page past the end', async () => {
    expect((await get('/vouchers?limit=0')).json()).toMatchObject({
      data: [],
      meta: {
        page: 1,
        limit: 0,
        viewing_from: 0,
        viewing_to: 0,
        last_page: 1,
        total: 15,
        current_page: 1,
        per_page: 0,
        from: null,
        to: null,
      },
    });
    expect((await get('/vouchers?limit=500')).json().data).toHaveLength(15);
    // Many pages: three on each side of the current one, the first and the last, `...` between.
    const labels = (await get('/vouchers?limit=1&page=8'))
      .json()
      .meta.links.map((l: { label: string }) => l.label);
    expect(labels.slice(1, -1)).toEqual(['1', '...', '5', '6', '7', '8', '9', '10', '11', '...', '15']);
    const past = (await get('/vouchers?limit=10&page=3')).json();
    expect(past).toEqual({
      data: [],
      meta: {
        page: 3,
        limit: 10,
        viewing_from: 0,
        viewing_to: 0,
        last_page: 2,
        total: 15,
        current_page: 3,
        per_page: 10,
        from: null,
        to: null,
        path: 'http://localhost/vouchers',
        links: [
          { url: 'http://localhost/vouchers?limit=10&page=2', label: '&laquo; Previous', active: false },
          { url: 'http://localhost/vouchers?limit=10&page=1', label: '1', active: false },
          { url: 'http://localhost/vouchers?limit=10&page=2', label: '2', active: false },
          { url: null, label: 'Next &raquo;', active: false },
        ],
      },
    });
  });

  it('answers 1003 for a limit out of range, a page below 1, an unknown status; needs an API key', async () => {
    for (const bad of ['limit=501', 'limit=-1', 'page=0', 'status=USED']) {
      const body = await expectError(await get(`/vouchers?${bad}`), 1003);
      expect(Object.keys(body.errors ?? {})).toEqual([bad.split('=')[0]]);
    }
    expect((await get('/vouchers', null as unknown as string)).statusCode).toBe(401);
    expect((await get('/vouchers', DEMO.accessToken)).statusCode).toBe(403);
  });
});

describe('POST /vouchers/redeem', () => {
  it('redeems a linked voucher at the key’s shop, once; reverse brings it back', async () => {
    const res = await redeem({ code: 'MUFFIN-0001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: MUFFIN_0001,
      status: 'REDEEMED',
      is_redeemed: true,
      redeemed_at: '2026-11-21T10:00:00+00:00',
      contact: { uuid: DEMO.anna },
    });
    await expectError(await redeem({ code: 'MUFFIN-0001' }), 80005);
    const back = await post(`/vouchers/${MUFFIN_0001}/reverse`);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'ACTIVE', is_redeemed: false, redeemed_at: null });
    await expectError(await post(`/vouchers/${MUFFIN_0001}/reverse`), 1003);
  });

  it('on the OAuth surface an unbound credential may name no shop (the PHP SDK’s OAuth redeem sends none)', async () => {
    await expectError(
      await post('/api/v3/register/vouchers/redeem', { code: 'MUFFIN-0002' }, DEMO.apiKey),
      1008,
      404,
    );
    const res = await post('/api/v3/oauth/clients/vouchers/redeem', { code: 'MUFFIN-0002' }, DEMO.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      code: 'MUFFIN-0002',
      status: 'REDEEMED',
      contact: { uuid: DEMO.ben },
    });
    const stored = await t.app.db
      .selectFrom('vouchers')
      .select('redeemed_shop_id')
      .where('code', '=', 'MUFFIN-0002')
      .executeTakeFirstOrThrow();
    expect(stored.redeemed_shop_id).toBeNull();
    // A redemption of no shop is no register key's to reverse; a key bound to no shop reverses it.
    await expectError(await post(`/vouchers/${voucher('2')}/reverse`), 80004, 404);
    expect(
      (await post(`/vouchers/${voucher('2')}/reverse`, undefined, DEMO.apiKey)).json().data,
    ).toMatchObject({
      status: 'ACTIVE',
    });
  });

  it('links an unlinked voucher to the contact, within the promotion’s limit per contact', async () => {
    const missing = await expectError(await redeem({ code: 'MUFFIN-FREE' }), 1003);
    expect(Object.keys(missing.errors ?? {})).toEqual(['contact_uuid']);
    // Anna already holds muffin vouchers: limit 1 per contact.
    const limited = expectReason(
      await redeem({ code: 'MUFFIN-FREE', contact_uuid: DEMO.anna }),
      'voucher_limit_reached',
    );
    expect(limited.message).toBe('Limit per contact reached');
    expect(Object.keys(limited.errors ?? {})).toEqual(['contact_uuid']);
    await expectError(await redeem({ code: 'MUFFIN-FREE', contact_uuid: 'nope' }), 55031, 404);
    const res = await redeem({ code: 'MUFFIN-FREE', contact_uuid: DEMO.carla });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REDEEMED', contact: { uuid: DEMO.carla } });
  });

  it("refuses another contact's voucher (1003) and a contact-less call with an unbound key (1008)", async () => {
    const body = expectReason(
      await redeem({ code: 'TWOFORONE-0001', contact_uuid: DEMO.ben }),
      'voucher_someone_else',
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['contact_uuid']);
    await expectError(await redeem({ code: 'TWOFORONE-0001' }, DEMO.apiKey), 1008, 404);
    await expectError(await redeem({ code: 'TWOFORONE-0001', shop_uuid: 'nope' }, DEMO.apiKey), 1008, 404);
    const res = await redeem(
      { code: 'TWOFORONE-0001', contact_uuid: DEMO.anna, shop_uuid: DEMO.shopUtrecht },
      DEMO.apiKey,
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 80004, 80005, 80006, 80012, 80014 by the voucher’s state', async () => {
    await expectError(await redeem({ code: 'NOPE' }), 80004, 404);
    await expectError(await redeem({ code: 'MUFFIN-USED' }), 80005);
    await expectError(await redeem({ code: 'MUFFIN-EXPIRED' }), 80006);
    await expectError(await redeem({ code: 'DEACTIVATED-1' }), 80012);
    await expectError(await redeem({ code: 'INACTIVE-1' }), 80014);
    expect((await expectError(await redeem({ code: 'LATER-1' }), 80014)).message).toBe(
      'Voucher is not active yet',
    );
  });

  it('stores EXPIRED when a write finds an active voucher past its expiration date', async () => {
    expect(await storedStatus('OVERDUE-1')).toBe('ACTIVE');
    await expectError(await redeem({ code: 'OVERDUE-1' }), 80006);
    expect(await storedStatus('OVERDUE-1')).toBe('EXPIRED');
    expect(await storedStatus('OVERDUE-2')).toBe('ACTIVE');
    await expectError(await post(`/vouchers/${voucher('a8')}/lock`), 80006);
    expect(await storedStatus('OVERDUE-2')).toBe('EXPIRED');
  });

  it('accepts a form-encoded body under the real platform prefix', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/vouchers/redeem',
      token: DEMO.registerKey,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=FREE-2&contact_uuid=${DEMO.dirk}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'REDEEMED', contact: { uuid: DEMO.dirk } });
  });

  it('50 simultaneous redemptions of one voucher: exactly one succeeds, the rest 80005', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem({ code: 'RACE-1' })));
    const codes = results.map((r) => (r.statusCode === 200 ? 200 : r.json().code));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 80005)).toBe(true);
    expect(await storedStatus('RACE-1')).toBe('REDEEMED');
  });

  it('needs an API key', async () => {
    expect((await redeem({ code: 'MUFFIN-0002' }, null as unknown as string)).statusCode).toBe(401);
    expect((await redeem({ code: 'MUFFIN-0002' }, DEMO.accessToken)).statusCode).toBe(403);
  });
});

describe('POST /vouchers/{uuid}/lock and /release', () => {
  const LOCK_1 = voucher('a4');
  const LOCK_2 = voucher('a5');

  it('locks for an hour: a second lock is 80017, redeeming needs the release key', async () => {
    const res = await post(`/vouchers/${LOCK_1}/lock`);
    expect(res.statusCode).toBe(200);
    const { release_key, locked_until } = res.json().data;
    expect(release_key).toMatch(/^[\w-]{40,}$/);
    expect(locked_until).toBe('2026-11-21T11:00:00+00:00');
    // The real platform's answer too, which its PHP SDK maps: the locked voucher and its lock.
    expect(res.json().data).toMatchObject({
      voucher: { uuid: LOCK_1, code: 'LOCK-1', status: 'LOCKED' },
      lock: {
        release_key,
        locked_at: '2026-11-21T10:00:00+00:00',
        unlocked_at: null,
        system_release_at: '2026-11-21T11:00:00+00:00',
      },
    });
    expect((await find('LOCK-1')).status).toBe('LOCKED');
    const stored = await t.app.db
      .selectFrom('vouchers')
      .select('release_key_hash')
      .where('uuid', '=', LOCK_1)
      .executeTakeFirstOrThrow();
    expect(stored.release_key_hash).not.toContain(release_key);
    await expectError(await post(`/vouchers/${LOCK_1}/lock`), 80017, 409);
    await expectError(await redeem({ code: 'LOCK-1' }), 80017, 409);
    const wrong = expectReason(
      await redeem({ code: 'LOCK-1', release_key: 'wrong' }),
      'voucher_release_key_wrong',
    );
    expect(Object.keys(wrong.errors ?? {})).toEqual(['release_key']);
    const ok = await redeem({ code: 'LOCK-1', release_key });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('REDEEMED');
  });

  it('releases with the right key only; a released voucher is not locked', async () => {
    const { release_key } = (await post(`/vouchers/${LOCK_2}/lock`)).json().data;
    const wrong = await expectError(
      await post(`/vouchers/${LOCK_2}/release`, { release_key: 'wrong' }),
      1003,
    );
    expect(Object.keys(wrong.errors ?? {})).toEqual(['release_key']);
    const now = t.clock.current;
    t.clock.advance(5 * 60_000);
    const res = await post(`/vouchers/${LOCK_2}/release`, { release_key });
    t.clock.current = now;
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ACTIVE');
    // The voucher's fields, and the real platform's {voucher, lock} with the lock's start and end.
    expect(res.json().data).toMatchObject({
      uuid: LOCK_2,
      voucher: { uuid: LOCK_2, status: 'ACTIVE' },
      lock: {
        release_key,
        locked_at: '2026-11-21T10:00:00+00:00',
        unlocked_at: '2026-11-21T10:05:00+00:00',
        system_release_at: null,
      },
    });
    const again = expectReason(
      await post(`/vouchers/${LOCK_2}/release`, { release_key }),
      'voucher_not_locked',
    );
    expect(again.message).toBe('Voucher is not locked');
    await expectError(await post(`/vouchers/${LOCK_2}/release`, {}), 1003);
  });

  it('a lock older than an hour counts as released', async () => {
    // On an app of its own: it redeems LOCK-2, which the release test locks and releases.
    await withOwnApp(
      async (own) => {
        const lock = () =>
          own.call({ method: 'POST', url: `/vouchers/${LOCK_2}/lock`, token: DEMO.registerKey });
        await lock();
        own.clock.advance(61 * 60_000);
        const found = await own.call({ method: 'GET', url: '/vouchers/find?code=LOCK-2' });
        expect(found.json().data.status).toBe('ACTIVE');
        expect((await lock()).statusCode).toBe(200);
        own.clock.advance(61 * 60_000);
        const redeemed = await own.call({
          method: 'POST',
          url: '/vouchers/redeem',
          token: DEMO.registerKey,
          payload: { code: 'LOCK-2' },
        });
        expect(redeemed.statusCode).toBe(200);
      },
      { fixture: fixture() },
    );
  });

  it('answers 80004, 80005, 80006, 80012, 80014 by the voucher’s state; needs an API key', async () => {
    await expectError(await post('/vouchers/nope/lock'), 80004, 404);
    await expectError(await post(`/vouchers/${MUFFIN_USED}/lock`), 80005);
    await expectError(await post(`/vouchers/${voucher('3')}/lock`), 80006);
    await expectError(await post(`/vouchers/${voucher('a1')}/lock`), 80012);
    await expectError(await post(`/vouchers/${voucher('a2')}/lock`), 80014);
    await expectError(await post('/vouchers/nope/release', { release_key: 'x' }), 80004, 404);
    expect((await post(`/vouchers/${TWOFORONE}/lock`, undefined, DEMO.accessToken)).statusCode).toBe(403);
    expect(
      (await post(`/vouchers/${TWOFORONE}/release`, { release_key: 'x' }, null as unknown as string))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /vouchers/{uuid}/reverse', () => {
  it("another shop's register key cannot reverse a redemption at a shop: 80004 as an unknown voucher, nothing changes", async () => {
    expect((await redeem({ code: 'MUFFIN-0001' })).json().data).toMatchObject({ status: 'REDEEMED' });
    const unknown = await post(
      '/vouchers/91000000-0000-4000-8000-00000000dead/reverse',
      undefined,
      DEMO.registerKeyUtrecht,
    );
    await expectError(unknown, 80004, 404);
    const before = await databaseSnapshot(t.app.db);
    const res = await post(`/vouchers/${MUFFIN_0001}/reverse`, undefined, DEMO.registerKeyUtrecht);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: unknown.json() });
    await expectNothingChanged(t.app.db, before, "another shop's reversal");
    expect(await storedStatus('MUFFIN-0001')).toBe('REDEEMED');
    const own = await post(`/vouchers/${MUFFIN_0001}/reverse`);
    expect(own.json().data).toMatchObject({ status: 'ACTIVE', is_redeemed: false });
  });

  it('answers 80004 for an unknown voucher, 1003 for one that is not redeemed; needs an API key', async () => {
    await expectError(await post('/vouchers/nope/reverse'), 80004, 404);
    expectReason(await post(`/vouchers/${voucher('2')}/reverse`), 'voucher_not_redeemed');
    expect((await post(`/vouchers/${MUFFIN_USED}/reverse`, undefined, DEMO.accessToken)).statusCode).toBe(
      403,
    );
  });
});
