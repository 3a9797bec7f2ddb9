import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScannedCode, scannedCode } from '../../src/contract/portal';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, type TestApp } from '../helpers/app';
import { openSession, portalCall, sessionState } from '../helpers/portal';

/*
 * POST /portal/api/sessions/{uuid}/scan-lookup (extension): what a scanned value is in this
 * account, read only. Demo data: CARD-0001 anna's, CARD-9001 unlinked, CARD-9002 inactive,
 * APP-TOKEN-0001 anna's app code, GC-0001 a gift card, MUFFIN-FREE a voucher of nobody.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONTRACT = { 'scan-lookup': scannedCode };
const lookup = (app: TestApp, uuid: string, value: unknown) =>
  portalCall(app, CONTRACT, 'POST', uuid, 'scan-lookup', { value });
const kindOf = async (app: TestApp, uuid: string, value: string): Promise<ScannedCode> => {
  const res = await lookup(app, uuid, value);
  expect(res.statusCode, value).toBe(200);
  return res.json().data;
};

describe('POST /portal/api/sessions/{uuid}/scan-lookup', () => {
  it('tells every kind: linked, unlinked and inactive cards, app codes, gift cards, vouchers, unknown', async () => {
    const uuid = await openSession(t, '/vouchers');
    expect(await kindOf(t, uuid, 'CARD-0001')).toEqual({ kind: 'card', state: 'linked' });
    expect(await kindOf(t, uuid, 'CARD-9001')).toEqual({ kind: 'card', state: 'unlinked' });
    expect(await kindOf(t, uuid, 'CARD-9002')).toEqual({ kind: 'card', state: 'inactive' });
    expect(await kindOf(t, uuid, 'APP-TOKEN-0001')).toEqual({ kind: 'app_token', state: 'usable' });
    expect(await kindOf(t, uuid, 'GC-0001')).toEqual({ kind: 'giftcard' });
    // A gift card's QR code carries a link naming it.
    expect(await kindOf(t, uuid, 'https://example.com/giftcards?hash=GC-0001')).toEqual({ kind: 'giftcard' });
    expect(await kindOf(t, uuid, ' MUFFIN-FREE ')).toEqual({
      kind: 'voucher',
      voucher: {
        uuid: expect.any(String),
        code: 'MUFFIN-FREE',
        name: 'Free muffin',
        description: expect.any(String),
        expiration_date: null,
        status: 'ACTIVE',
        media: { type: 'image', value: expect.stringMatching(/^\/media\//) },
        unusable: null,
      },
    });
    expect(await kindOf(t, uuid, 'CARD-XXXX')).toEqual({ kind: 'unknown' });
  });

  it('reads only: an app code stays usable, the session has no customer and no events', async () => {
    const uuid = await openSession(t);
    expect(await kindOf(t, uuid, 'APP-TOKEN-0011')).toEqual({ kind: 'app_token', state: 'usable' });
    expect(await kindOf(t, uuid, 'APP-TOKEN-0011')).toEqual({ kind: 'app_token', state: 'usable' });
    const token = await t.call({ method: 'GET', url: '/contact-session-tokens/APP-TOKEN-0011' });
    expect(token.json().data.status).toBe('active');
    const s = await sessionState(t, uuid);
    expect([s.contact, s.events]).toEqual([null, []]);
    // Used by identify: then it is told as used.
    await portalCall(t, {}, 'POST', uuid, 'identify', { value: 'APP-TOKEN-0011' });
    expect(await kindOf(t, await openSession(t), 'APP-TOKEN-0011')).toEqual({
      kind: 'app_token',
      state: 'used',
    });
  });

  it("is allowed in every session type; another account's codes are unknown here", async () => {
    const fixture = demoAccountFixture();
    const other = await createTestApp({
      fixture: {
        ...fixture,
        account: { ...fixture.account, name: 'Other Coffee' },
        contact_identifiers: [
          ...(fixture.contact_identifiers ?? []),
          { value: 'OTHER-CARD-1', active: true },
        ],
      },
    });
    try {
      const there = await openSession(other);
      expect(await kindOf(other, there, 'OTHER-CARD-1')).toEqual({ kind: 'card', state: 'unlinked' });
      for (const [variant, payload] of [
        ['', {}],
        ['/credit-reception', {}],
        ['/redeem-giftcards', { amount_in_cents: 500 }],
        ['/top-up-giftcards', {}],
        ['/pay-prepaid', {}],
        ['/top-up-prepaid', {}],
        ['/vouchers', {}],
      ] as const) {
        const here = await openSession(t, variant, payload);
        expect(await kindOf(t, here, 'OTHER-CARD-1'), variant).toEqual({ kind: 'unknown' });
      }
    } finally {
      await other.close();
    }
  });

  it('refuses an ended (409) or expired (410) session, an unknown one (404), and a bad value (1003 naming value)', async () => {
    const ended = await openSession(t, '/vouchers');
    await portalCall(t, {}, 'POST', ended, 'cancel', {});
    const refused = await lookup(t, ended, 'MUFFIN-FREE');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 1003]);
    expect((await lookup(t, 'nope', 'MUFFIN-FREE')).statusCode).toBe(404);
    const open = await openSession(t);
    for (const value of ['', '   ', 'x'.repeat(501), 42]) {
      const bad = await lookup(t, open, value);
      expect(bad.json(), String(value)).toMatchObject({ code: 1003, errors: { value: expect.any(Array) } });
    }
    const expiring = await openSession(t);
    t.clock.advance(61 * 60_000);
    expect((await lookup(t, expiring, 'MUFFIN-FREE')).statusCode).toBe(410);
  });
});

describe('identify: a scanned code that identifies nobody', () => {
  it('answers what it is (gift card, voucher, unknown) and changes nothing; never offered for linking', async () => {
    const uuid = await openSession(t, '/vouchers', { enable_registration: true });
    const answers = [];
    for (const value of ['GC-0001', 'MUFFIN-FREE', 'CARD-XXXX']) {
      answers.push((await portalCall(t, {}, 'POST', uuid, 'identify', { value })).json().data);
    }
    expect(answers).toEqual([
      { result: 'other_code', code: { kind: 'giftcard' } },
      { result: 'other_code', code: expect.objectContaining({ kind: 'voucher' }) },
      { result: 'other_code', code: { kind: 'unknown' } },
    ]);
    const s = await sessionState(t, uuid);
    expect([s.contact, s.events]).toEqual([null, []]);
  });
});
