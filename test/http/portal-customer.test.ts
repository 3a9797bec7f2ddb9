import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portalReward, portalVoucher, rewardClaimResult } from '../../src/contract/portal';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { expectLedgersBalanced } from '../helpers/ledger';
import { idempotencyHeader, openSession, portalCall, sessionState } from '../helpers/portal';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const REWARD = {
  coffee: 'e0000000-0000-4000-8000-000000000001', // 50 credits, physical, stock 100
  cake: 'e0000000-0000-4000-8000-000000000002', // 80, stock 0
  discount: 'e0000000-0000-4000-8000-000000000003', // 30, digital, claim limit 1
  beans: 'e0000000-0000-4000-8000-000000000004', // 400, stock 5
  summer: 'e0000000-0000-4000-8000-000000000005', // inactive
};

// The kiosk codes against contract/portal.ts: every successful answer must parse with it.
const CONTRACT: Record<string, z.ZodType> = {
  vouchers: z.array(portalVoucher),
  'vouchers/redeem': z.object({ voucher: portalVoucher }),
  rewards: z.array(portalReward),
  'rewards/claim': rewardClaimResult,
};

const session = (variant: string, payload: Record<string, unknown> = {}) => openSession(t, variant, payload);
const call = (method: 'GET' | 'POST', uuid: string, action: string, payload?: unknown, key?: string) =>
  portalCall(t, CONTRACT, method, uuid, action, payload, idempotencyHeader(key));
const get = (uuid: string, action: string) => call('GET', uuid, action);
const post = (uuid: string, action: string, payload: unknown, key?: string) =>
  call('POST', uuid, action, payload, key);

async function identified(variant: string, card: string) {
  const uuid = await session(variant);
  const res = await post(uuid, 'identify', { value: card });
  expect(res.json().data.result).toBe('identified');
  return uuid;
}

async function events(uuid: string) {
  return (await sessionState(t, uuid)).events;
}

async function creditBalance(contactUuid: string) {
  const res = await t.call({ method: 'GET', url: `/contacts/${contactUuid}` });
  return res.json().data.credit_balance.balance as number;
}

describe('GET /portal/api/sessions/{uuid}/vouchers', () => {
  it("lists the identified customer's active vouchers, in vouchers and identify sessions", async () => {
    for (const variant of ['/vouchers', '']) {
      const uuid = await identified(variant, 'CARD-0001');
      const res = await get(uuid, 'vouchers');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        {
          uuid: '91000000-0000-4000-8000-000000000001',
          code: 'MUFFIN-0001',
          name: 'Free muffin',
          description: 'A muffin of your choice',
          expiration_date: '2027-06-30T23:59:59+02:00',
          status: 'ACTIVE',
          // The promotion's picture, shipped with the fixture and served by the service.
          media: { type: 'image', value: expect.stringMatching(/^\/media\/[0-9a-f]+\.svg$/) },
          unusable: null,
        },
        expect.objectContaining({
          code: 'TWOFORONE-0001',
          status: 'ACTIVE',
          expiration_date: null,
          media: null,
        }),
      ]);
    }
  });

  it('needs an identified customer (409) and a vouchers or identify session (403)', async () => {
    const anonymous = await get(await session('/vouchers'), 'vouchers');
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json()).toMatchObject({ code: 1003, message: 'Identify the customer first' });
    const other = await get(await identified('/pay-prepaid', 'CARD-0001'), 'vouchers');
    expect(other.statusCode).toBe(403);
    expect((await get('nope', 'vouchers')).statusCode).toBe(404);
  });
});

describe('POST /portal/api/sessions/{uuid}/vouchers/redeem', () => {
  it('redeems a voucher of the customer once; a second time answers 80005', async () => {
    const uuid = await identified('/vouchers', 'CARD-0001');
    const res = await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-0001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.voucher).toMatchObject({ code: 'MUFFIN-0001', status: 'REDEEMED' });
    expect((await events(uuid)).at(-1)).toMatchObject({
      type: 'voucher_redeemed',
      data: { code: 'MUFFIN-0001', status: 'REDEEMED', is_redeemed: true, contact: { uuid: DEMO.anna } },
    });
    const again = await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-0001' });
    expect([again.statusCode, again.json().code]).toEqual([422, 80005]);
    expect((await get(uuid, 'vouchers')).json().data.map((v: { code: string }) => v.code)).toEqual([
      'TWOFORONE-0001',
    ]);
  });

  it('links a voucher of nobody to the customer', async () => {
    const uuid = await identified('/vouchers', 'APP-TOKEN-0003'); // carla
    const res = await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-FREE' });
    expect(res.statusCode).toBe(200);
    const found = await t.call({ method: 'GET', url: '/vouchers/find?code=MUFFIN-FREE' });
    expect(found.json().data).toMatchObject({ status: 'REDEEMED', contact: { uuid: DEMO.carla } });
  });

  it("refuses someone else's voucher (403) and passes the voucher errors through", async () => {
    const uuid = await identified('/vouchers', 'CARD-0001');
    const theirs = await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-0002' });
    expect(expectReason(theirs, 'voucher_someone_else', 403).message).toBe(
      'This voucher is linked to another account',
    );
    const codes = async (code: string) => {
      const res = await post(uuid, 'vouchers/redeem', { code });
      return [res.statusCode, res.json().code];
    };
    expect(await codes('NOPE')).toEqual([404, 80004]);
    expect(await codes('MUFFIN-EXPIRED')).toEqual([422, 80006]);
    expect(await codes('MUFFIN-USED')).toEqual([422, 80005]);
    // The promotion's limit per contact: anna holds a Free muffin already.
    const limit = await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-FREE' });
    expect(expectReason(limit, 'voucher_limit_reached').errors).toEqual({ contact_uuid: expect.any(Array) });
    const lock = await t.call({ method: 'POST', url: '/vouchers/91000000-0000-4000-8000-000000000006/lock' });
    expect(lock.statusCode).toBe(200);
    expect(await codes('TWOFORONE-0001')).toEqual([409, 80017]);
    const setStatus = (status: 'DEACTIVATED' | 'INACTIVE') =>
      t.app.db.updateTable('vouchers').set({ status }).where('code', '=', 'MUFFIN-0001').execute();
    await setStatus('DEACTIVATED');
    expect(await codes('MUFFIN-0001')).toEqual([422, 80012]);
    await setStatus('INACTIVE');
    expect(await codes('MUFFIN-0001')).toEqual([422, 80014]);
    expect((await events(uuid)).map((e) => e.type)).toEqual(['contact_identified']);
  });

  it('needs a customer (409) and a vouchers or identify session (403 elsewhere); the customer portal redeems', async () => {
    const anonymous = await post(await session('/vouchers'), 'vouchers/redeem', { code: 'MUFFIN-0001' });
    expect(anonymous.statusCode).toBe(409);
    const prepaid = await post(await identified('/pay-prepaid', 'CARD-0001'), 'vouchers/redeem', {
      code: 'MUFFIN-0001',
    });
    expect(prepaid.statusCode).toBe(403);
    const uuid = await identified('', 'CARD-0001');
    const portal = await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-0001' });
    expect(portal.json().data.voucher).toMatchObject({ code: 'MUFFIN-0001', status: 'REDEEMED' });
    expect((await events(uuid)).map((e) => e.type)).toEqual(['contact_identified', 'voucher_redeemed']);
  });
});

describe('GET /portal/api/sessions/{uuid}/rewards', () => {
  it('lists the active rewards, claimable first, then by required credits', async () => {
    const uuid = await identified('', 'CARD-0001'); // anna, 120 credits
    const res = await get(uuid, 'rewards');
    expect(res.statusCode).toBe(200);
    const rewards = res.json().data;
    expect(rewards.map((r: { uuid: string }) => r.uuid)).toEqual([
      REWARD.discount,
      REWARD.coffee,
      REWARD.cake,
      REWARD.beans,
    ]);
    expect(rewards[0]).toEqual({
      uuid: REWARD.discount,
      title: '10% off your next order',
      description: 'A discount code by e-mail',
      reward_type: 'DIGITAL',
      required_credits: 30,
      media: { type: 'image', value: expect.stringMatching(/^\/media\/\w+\.png$/) },
      claimable: true,
      credits_short: 0,
      out_of_stock: false,
    });
    expect(rewards[2]).toMatchObject({ claimable: false, credits_short: 0, out_of_stock: true });
    expect(rewards[3]).toMatchObject({ claimable: false, credits_short: 280, out_of_stock: false });
  });

  it('is for identify sessions with a customer', async () => {
    expect((await get(await session(''), 'rewards')).statusCode).toBe(409);
    expect((await get(await identified('/vouchers', 'CARD-0001'), 'rewards')).statusCode).toBe(403);
  });
});

describe('POST /portal/api/sessions/{uuid}/rewards/claim', () => {
  it('claims a physical reward, collected at the shop, and takes the credits', async () => {
    const uuid = await identified('', 'CARD-0001');
    const res = await post(uuid, 'rewards/claim', { reward_uuid: REWARD.coffee });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      reward_reception: {
        uuid: expect.any(String),
        title: 'Free coffee',
        credits: -50,
        reward_type: 'PHYSICAL',
        expires_at: '2026-12-21T10:00:00+00:00',
        collect_at: 'Demo Coffee Amsterdam',
      },
      contact: expect.objectContaining({ uuid: DEMO.anna, credit_balance: 70 }),
    });
    expect(await creditBalance(DEMO.anna)).toBe(70);
    expect((await events(uuid)).at(-1)).toMatchObject({
      type: 'reward_reception',
      data: { type: 'reward_reception', uuid: res.json().data.reward_reception.uuid, credits: -50 },
    });
    await expectLedgersBalanced(t.app.db);
  });

  it('claims a digital reward once (1019), and refuses out of stock (1018) and too few credits (1017)', async () => {
    const uuid = await identified('', 'CARD-0001');
    const digital = await post(uuid, 'rewards/claim', { reward_uuid: REWARD.discount });
    expect(digital.json().data.reward_reception).toMatchObject({ reward_type: 'DIGITAL', collect_at: null });
    const codes = async (reward_uuid: string) => {
      const res = await post(uuid, 'rewards/claim', { reward_uuid });
      return [res.statusCode, res.json().code];
    };
    expect(await codes(REWARD.discount)).toEqual([422, 1019]);
    expect(await codes(REWARD.cake)).toEqual([422, 1018]);
    expect(await codes(REWARD.beans)).toEqual([422, 1017]);
    expect(await codes(REWARD.summer)).toEqual([422, 1052]);
    expect(await codes('e0000000-0000-4000-8000-000000000999')).toEqual([404, 6003]);
    expect(await creditBalance(DEMO.anna)).toBe(90);
    await expectLedgersBalanced(t.app.db);
  });

  it('claims once for one Idempotency-Key', async () => {
    const uuid = await identified('', 'CARD-0001');
    const first = await post(uuid, 'rewards/claim', { reward_uuid: REWARD.coffee }, 'claim-1');
    const retry = await post(uuid, 'rewards/claim', { reward_uuid: REWARD.coffee }, 'claim-1');
    expect(retry.json()).toEqual(first.json());
    expect(await creditBalance(DEMO.anna)).toBe(70);
  });

  it('needs a customer (409) in an identify session (403)', async () => {
    expect((await post(await session(''), 'rewards/claim', { reward_uuid: REWARD.coffee })).statusCode).toBe(
      409,
    );
    const other = await identified('/vouchers', 'CARD-0001');
    expect((await post(other, 'rewards/claim', { reward_uuid: REWARD.coffee })).statusCode).toBe(403);
  });
});
