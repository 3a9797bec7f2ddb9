import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { openSession, portalCall } from '../helpers/portal';

/*
 * A scanned voucher is judged at once: the service says on the scan's answer whether it can be used,
 * and if not, why and since (or until) when; the ownership of a usable voucher is checked after its
 * status, and worded without accusing anyone.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const post = (uuid: string, action: string, payload: unknown = {}) =>
  portalCall(t, {}, 'POST', uuid, action, payload);

async function scanned(code: string) {
  const uuid = await openSession(t, '/vouchers');
  const res = await post(uuid, 'scan-lookup', { value: code });
  expect(res.json().data.kind).toBe('voucher');
  return res.json().data.voucher;
}

describe('a scanned voucher', () => {
  it('that expired says so with its date, on the scan and on identify', async () => {
    expect((await scanned('MUFFIN-EXPIRED')).unusable).toEqual({
      reason: 'expired',
      date: '2025-01-31T23:59:59+01:00',
    });
    const uuid = await openSession(t, '/vouchers');
    const identify = await post(uuid, 'identify', { value: 'MUFFIN-EXPIRED' });
    expect(identify.json().data.code.voucher.unusable).toMatchObject({ reason: 'expired' });
  });

  it('that was used says when', async () => {
    expect((await scanned('MUFFIN-USED')).unusable).toMatchObject({ reason: 'redeemed' });
    const redeemed = await t.call({
      method: 'POST',
      url: '/vouchers/redeem',
      payload: { code: 'MUFFIN-FREE', contact_uuid: DEMO.carla, shop_uuid: DEMO.shop },
    });
    expect(redeemed.statusCode).toBe(200);
    expect((await scanned('MUFFIN-FREE')).unusable).toEqual({
      reason: 'redeemed',
      date: '2026-11-21T10:00:00+00:00',
    });
  });

  it('that is locked elsewhere, deactivated or not active yet says so', async () => {
    const lock = await t.call({ method: 'POST', url: `/vouchers/${DEMO.voucher}/lock` });
    expect(lock.statusCode).toBe(200);
    expect((await scanned(DEMO.voucherCode)).unusable).toEqual({
      reason: 'locked',
      date: '2026-11-21T11:00:00+00:00',
    });
    await t.app.db
      .updateTable('vouchers')
      .set({ status: 'DEACTIVATED' })
      .where('code', '=', 'MUFFIN-0002')
      .execute();
    expect((await scanned('MUFFIN-0002')).unusable).toEqual({ reason: 'deactivated', date: null });
    await t.app.db
      .updateTable('vouchers')
      .set({ activation_date: '2027-01-01T00:00:00+01:00' })
      .where('code', '=', 'TWOFORONE-0001')
      .execute();
    expect((await scanned('TWOFORONE-0001')).unusable).toEqual({
      reason: 'not_yet_active',
      date: '2027-01-01T00:00:00+01:00',
    });
  });

  it('that can be used says nothing against it', async () => {
    expect((await scanned('MUFFIN-FREE')).unusable).toBeNull();
  });
});

describe('redeeming a voucher at the counter', () => {
  it('judges its status before its owner: an expired voucher of someone else is "expired"', async () => {
    const uuid = await openSession(t, '/vouchers');
    await post(uuid, 'identify', { value: 'CARD-0002' });
    const before = await accountSnapshot(t.app.db);
    await expectError(await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-EXPIRED' }), 80006);
    await expectError(await post(uuid, 'vouchers/redeem', { code: 'MUFFIN-USED' }), 80005);
    await expectUnchanged(t.app.db, before);
  });

  it('says a usable voucher of someone else is linked to another account', async () => {
    const uuid = await openSession(t, '/vouchers');
    await post(uuid, 'identify', { value: 'CARD-0002' });
    const before = await accountSnapshot(t.app.db);
    const body = expectReason(
      await post(uuid, 'vouchers/redeem', { code: DEMO.voucherCode }),
      'voucher_someone_else',
      403,
    );
    expect(body.message).toBe('This voucher is linked to another account');
    await expectUnchanged(t.app.db, before);
  });
});
