import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { storedCredits } from '../helpers/ledger';
import { openSession, portalCall, sessionState } from '../helpers/portal';
import { lastCodeSentTo, mailsSentTo } from '../helpers/verification';

/*
 * Proof before spending: a customer known by an e-mail address alone (anyone in the queue can read
 * what is typed) may earn credits and see their first name, balances and rewards; whatever spends
 * or changes the account first needs a proof that it is them — a scan of one of their cards or app
 * codes in the session, or the six-digit code sent to that address. Called as an attacker would:
 * the portal API with the demo account, no API key.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ANNA_EMAIL = 'anna@example.com';
const FREE_MUFFIN = 'MUFFIN-FREE';

const post = (uuid: string, action: string, payload: unknown = {}) =>
  portalCall(t, {}, 'POST', uuid, action, payload);
const get = (uuid: string, action: string) => portalCall(t, {}, 'GET', uuid, action);

/** An identify session (e-mail identification on) in which Anna typed her e-mail address. */
async function annaByEmail(variant = '', settings: Record<string, unknown> = {}): Promise<string> {
  const uuid = await openSession(t, variant, { enable_email_identification: true, ...settings });
  const res = await post(uuid, 'identify', { email: ANNA_EMAIL });
  expect(res.json().data).toMatchObject({ result: 'identified', method: 'email' });
  return uuid;
}

describe('a customer identified by e-mail alone', () => {
  it('sees their name, balances and rewards, and is told what is not proven yet', async () => {
    const uuid = await annaByEmail();
    const state = await sessionState(t, uuid);
    expect(state.contact).toMatchObject({ firstname: 'Anna', credit_balance: 120 });
    expect(state.contact_proof).toMatchObject({ identified_by: 'email', proven: false, code: null });
    expect((await get(uuid, 'rewards')).statusCode).toBe(200);
  });

  it('cannot claim a reward or redeem a voucher, and nothing changes', async () => {
    const uuid = await annaByEmail();
    const before = await accountSnapshot(t.app.db);
    const refused = [
      await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee }),
      await post(uuid, 'vouchers/redeem', { code: FREE_MUFFIN }),
      await post(uuid, 'vouchers/redeem', { code: DEMO.voucherCode }),
    ];
    for (const res of refused) expectReason(res, 'proof_required');
    await expectUnchanged(t.app.db, before);
  });

  it('cannot read the rest of the account: vouchers, visits', async () => {
    const uuid = await annaByEmail();
    for (const action of ['vouchers', 'stats']) {
      expectReason(await get(uuid, action), 'proof_required');
    }
  });

  it('cannot pay from a prepaid balance (e-mail of someone else at the till)', async () => {
    const uuid = await openSession(t, '/pay-prepaid', {
      enable_email_identification: true,
      amount_in_cents: 2000,
    });
    await post(uuid, 'identify', { email: 'carla@example.com' });
    const before = await accountSnapshot(t.app.db);
    expectReason(await post(uuid, 'prepaid/pay', {}), 'proof_required');
    await expectUnchanged(t.app.db, before);
  });

  it('may earn credits and top up', async () => {
    const credit = await annaByEmail('/credit-reception', { amount_in_cents: 1000 });
    expect((await post(credit, 'credit-reception')).statusCode).toBe(200);
    expect(await storedCredits(t.app.db, DEMO.anna)).toBe(135);
    const topUp = await annaByEmail('/top-up-prepaid', { amount_in_cents: 500 });
    expect((await post(topUp, 'prepaid/top-up')).statusCode).toBe(200);
  });

  it('that is not profile editing: the counter has none', async () => {
    const uuid = await annaByEmail();
    expect((await get(uuid, 'profile')).statusCode).toBe(404);
    expect((await post(uuid, 'profile', { attributes: { city: 'Haarlem' } })).statusCode).toBe(404);
  });
});

describe('a proof of possession', () => {
  it('is a scan of one of their cards in the session', async () => {
    const uuid = await annaByEmail();
    const scan = await post(uuid, 'identify', { value: DEMO.annaCard });
    expect(scan.json().data).toMatchObject({ result: 'identified', method: 'card' });
    expect((await sessionState(t, uuid)).contact_proof).toMatchObject({
      identified_by: 'card',
      proven: true,
    });
    expect((await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee })).statusCode).toBe(200);
  });

  it('is the code sent to their address: six digits, in the e-mail', async () => {
    const uuid = await annaByEmail();
    const sent = await post(uuid, 'verification/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      proven: false,
      attempts_left: 5,
      locked: false,
      code: { sent_to: 'a***@example.com', expires_at: '2026-11-21T10:10:00+00:00' },
    });
    const code = lastCodeSentTo(t, ANNA_EMAIL);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expectReason(await post(uuid, 'verification/verify', { code: wrong }), 'verification_code_wrong');
    expect((await sessionState(t, uuid)).contact_proof).toMatchObject({ proven: false, attempts_left: 4 });
    const right = await post(uuid, 'verification/verify', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ proven: true });
    expect((await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee })).statusCode).toBe(200);
    expect(await storedCredits(t.app.db, DEMO.anna)).toBe(70);
  });

  it('expires after 10 minutes', async () => {
    const uuid = await annaByEmail();
    await post(uuid, 'verification/send');
    const code = lastCodeSentTo(t, ANNA_EMAIL);
    t.clock.advance(10 * 60_000 + 1000);
    expectReason(await post(uuid, 'verification/verify', { code }), 'verification_code_expired');
    expect((await sessionState(t, uuid)).contact_proof?.proven).toBe(false);
  });

  it('takes five wrong tries; then the session takes and sends no more codes', async () => {
    const uuid = await annaByEmail();
    await post(uuid, 'verification/send');
    const code = lastCodeSentTo(t, ANNA_EMAIL)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expectReason(await post(uuid, 'verification/verify', { code: wrong }), 'verification_code_wrong');
    }
    const before = await accountSnapshot(t.app.db);
    const mails = mailsSentTo(t, ANNA_EMAIL);
    expectReason(await post(uuid, 'verification/verify', { code }), 'verification_locked');
    expectReason(await post(uuid, 'verification/send'), 'verification_locked');
    expect(mailsSentTo(t, ANNA_EMAIL)).toBe(mails);
    expect((await sessionState(t, uuid)).contact_proof).toMatchObject({
      proven: false,
      attempts_left: 0,
      locked: true,
    });
    expectReason(await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee }), 'proof_required');
    await expectUnchanged(t.app.db, before);
  });

  it('is checked as typed: only six digits', async () => {
    const uuid = await annaByEmail();
    await post(uuid, 'verification/send');
    const res = await post(uuid, 'verification/verify', { code: '12345' });
    const body = await expectError(res, 1003, 422);
    expect(body.errors).toHaveProperty('code');
  });

  it('holds for the contact it was given for: another e-mail starts unproven', async () => {
    const uuid = await annaByEmail();
    await post(uuid, 'identify', { value: DEMO.annaCard });
    await post(uuid, 'identify', { email: 'ben@example.com' });
    expect((await sessionState(t, uuid)).contact_proof).toMatchObject({
      identified_by: 'email',
      proven: false,
    });
    expectReason(await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee }), 'proof_required');
  });

  it('is not needed once the POS set the customer', async () => {
    const uuid = await openSession(t, '', { contact_uuid: DEMO.anna });
    expect((await sessionState(t, uuid)).contact_proof).toMatchObject({ identified_by: 'pos', proven: true });
    expect((await post(uuid, 'rewards/claim', { reward_uuid: DEMO.rewardCoffee })).statusCode).toBe(200);
  });

  it('needs a customer: no code without one', async () => {
    const uuid = await openSession(t, '', { enable_email_identification: true });
    expectReason(await post(uuid, 'verification/send'), 'customer_not_identified');
  });
});

describe('ContactVerificationResource (/api/v3/oauth/clients/contact-verification), on the same codes', () => {
  const base = '/api/v3/oauth/clients/contact-verification';
  const send = (email: string) => t.call({ method: 'POST', url: `${base}/send`, payload: { email } });
  const verify = (email: string, code: string) =>
    t.call({ method: 'POST', url: `${base}/verify`, payload: { email, code } });
  const authToken = (contact: string) => t.call({ method: 'GET', url: `${base}/auth-token/${contact}` });

  it('sends a code, verifies it, and gives an auth token usable once at the counter', async () => {
    const sent = await send(ANNA_EMAIL);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: [true], meta: {} });
    const code = lastCodeSentTo(t, ANNA_EMAIL)!;
    expectReason(
      await verify(ANNA_EMAIL, code === '000000' ? '111111' : '000000'),
      'verification_code_wrong',
    );
    const verified = await verify(ANNA_EMAIL, code);
    expect(verified.json()).toEqual({ data: [true], meta: {} });

    const token = await authToken(DEMO.anna);
    expect(token.statusCode).toBe(200);
    expect(token.json().data).toEqual(expect.stringMatching(/^\S{20,}$/));
    // The token is an app code of Anna's: scanned at the counter, it identifies her, proven.
    const uuid = await openSession(t, '');
    const scan = await post(uuid, 'identify', { value: token.json().data });
    expect(scan.json().data).toMatchObject({
      result: 'identified',
      method: 'app_token',
      contact: { uuid: DEMO.anna },
    });
    expect((await sessionState(t, uuid)).contact_proof?.proven).toBe(true);
    // One token per verified code.
    expectReason(await authToken(DEMO.anna), 'contact_not_verified');
  });

  it('refuses an unknown address (55031), a token without a verified code, and an expired code', async () => {
    await expectError(await send('nobody@example.com'), 55031, 404);
    expectReason(await authToken(DEMO.ben), 'contact_not_verified');
    await send('ben@example.com');
    const code = lastCodeSentTo(t, 'ben@example.com')!;
    t.clock.advance(10 * 60_000 + 1000);
    expectReason(await verify('ben@example.com', code), 'verification_code_expired');
  });

  it('needs a credential', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${base}/send`,
      payload: { email: ANNA_EMAIL },
      token: null,
    });
    expect(res.statusCode).toBe(401);
  });
});
