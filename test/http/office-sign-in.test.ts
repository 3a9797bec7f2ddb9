import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_COOKIE } from '../../src/contract/office';
import { hashSecret } from '../../src/service/domain/office/passwords';
import { hashToken } from '../../src/service/domain/shared/tokens';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { auditOf, officeCall, officeCookieOf, resetTokenSentTo, staffMember } from '../helpers/office';
import { mailsSentTo } from '../helpers/verification';

// Signing in to the office as a person (docs/office.md "Signing in"), called as an attacker would.

const DEMO_OWNER = { email: 'owner@demo.example', password: 'demo-owner-pass' };
const DEMO_MANAGER = { email: 'manager@demo.example', password: 'demo-manager-pass' };
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A client address of its own per test: the per-address limit counts each test's tries apart. */
const client = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function signIn(
  body: { email: string; password: string },
  remoteAddress = client(),
): Promise<LightMyRequestResponse> {
  return officeCall(t, null, { method: 'POST', path: '/sign-in', payload: body, remoteAddress });
}

/** A staff member with this password, made straight in the database. */
async function withPassword(role: 'owner' | 'manager' | 'cashier', password: string) {
  const staff = await staffMember(t, role);
  await t.app.db
    .updateTable('staff')
    .set({ password_hash: await hashSecret(password) })
    .where('id', '=', staff.id)
    .execute();
  return staff;
}

describe('signing in', () => {
  it('the demo owner signs in: an httpOnly SameSite=Strict cookie for /office, its secret stored only hashed', async () => {
    const res = await signIn({ email: 'Owner@Demo.Example ', password: DEMO_OWNER.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      staff: { email: DEMO_OWNER.email, role: 'owner' },
      shops: expect.arrayContaining([
        expect.objectContaining({ uuid: DEMO.shop }),
        expect.objectContaining({ uuid: DEMO.shopUtrecht }),
      ]),
      account: { name: 'Demo Coffee' },
    });
    const cookie = res.cookies.find((c) => c.name === OFFICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/office' });
    expect(res.headers['cache-control']).toBe('no-store');
    const stored = await t.app.db.selectFrom('office_sessions').select('secret_hash').execute();
    expect(stored.map((s) => s.secret_hash)).toContain(hashToken(cookie.value));
    expect(stored.map((s) => s.secret_hash)).not.toContain(cookie.value);
    const me = await officeCall(t, cookie.value, { method: 'GET', path: '/me' });
    expect(me.json()).toEqual(res.json());
  });

  it('a manager signs in and sees only the shop they run', async () => {
    const res = await signIn(DEMO_MANAGER);
    expect(res.statusCode).toBe(200);
    expect(res.json().shops.map((s: { uuid: string }) => s.uuid)).toEqual([DEMO.shopUtrecht]);
  });

  it('a wrong password and an unknown address get the same answer: 401 sign_in_failed', async () => {
    const wrong = await signIn({ email: DEMO_OWNER.email, password: 'not-the-password' });
    const unknown = await signIn({
      email: `${uniqueId('nobody')}@demo.example`,
      password: 'not-the-password',
    });
    const body = expectReason(wrong, 'sign_in_failed');
    expect(unknown.json()).toEqual(body);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(officeCookieOf(wrong)).toBeUndefined();
    expect(officeCookieOf(unknown)).toBeUndefined();
  });

  it('a staff member without a password, or a removed one, cannot sign in', async () => {
    const invited = await staffMember(t, 'manager');
    expectReason(await signIn({ email: invited.email, password: 'x'.repeat(12) }), 'sign_in_failed');
    const removed = await withPassword('manager', 'removed-pass-123');
    await t.app.db
      .updateTable('staff')
      .set({ removed_at: isoTimestamp(t.clock.now()) })
      .where('id', '=', removed.id)
      .execute();
    expectReason(await signIn({ email: removed.email, password: 'removed-pass-123' }), 'sign_in_failed');
  });

  it('five wrong passwords lock the address for 15 minutes, the right one included, counted in the database', async () => {
    const staff = await withPassword('manager', 'right-password-1');
    const address = client();
    for (let i = 0; i < 5; i++) {
      // Each from another client address: the lock is the account's, not the address's.
      expectReason(await signIn({ email: staff.email, password: `wrong-${i}` }, client()), 'sign_in_failed');
    }
    const locked = await signIn({ email: staff.email, password: 'right-password-1' }, address);
    expectReason(locked, 'sign_in_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(officeCookieOf(locked)).toBeUndefined();
    const row = await t.app.db
      .selectFrom('sign_in_failures')
      .selectAll()
      .where('email_hash', '=', hashToken(staff.email))
      .executeTakeFirstOrThrow();
    expect(row.locked_until).not.toBeNull();
    t.clock.advance(14 * MINUTE);
    expectReason(await signIn({ email: staff.email, password: 'right-password-1' }), 'sign_in_locked');
    t.clock.advance(1 * MINUTE + 1000);
    expect((await signIn({ email: staff.email, password: 'right-password-1' })).statusCode).toBe(200);
  });

  it('a right password before the fifth wrong one starts the count anew', async () => {
    const staff = await withPassword('manager', 'right-password-2');
    for (let i = 0; i < 4; i++) await signIn({ email: staff.email, password: `wrong-${i}` });
    expect((await signIn({ email: staff.email, password: 'right-password-2' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expectReason(await signIn({ email: staff.email, password: `wrong-${i}` }), 'sign_in_failed');
    }
    expect((await signIn({ email: staff.email, password: 'right-password-2' })).statusCode).toBe(200);
  });

  it('an unknown address locks alike, so a lock tells nothing about who is staff', async () => {
    const email = `${uniqueId('nobody')}@demo.example`;
    for (let i = 0; i < 5; i++)
      expectReason(await signIn({ email, password: `wrong-${i}` }), 'sign_in_failed');
    expectReason(await signIn({ email, password: 'wrong-5' }), 'sign_in_locked');
  });

  it('five wrong tries at once lock the address too: no more than five passwords are checked', async () => {
    const staff = await withPassword('manager', 'right-password-3');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn({ email: staff.email, password: `wrong-${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
  });

  it(`one client address that fails too often is stopped, whichever addresses it tries`, async () => {
    const address = client();
    for (let i = 0; i < 20; i++) {
      const email = `${uniqueId('spray')}@demo.example`;
      expectReason(await signIn({ email, password: 'Summer2024!' }, address), 'sign_in_failed');
    }
    const stopped = await signIn(DEMO_OWNER, address);
    expectReason(stopped, 'too_many_failed_attempts');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(DEMO_OWNER)).statusCode).toBe(200);
  });

  it('refuses a sign-in from another site', async () => {
    const res = await officeCall(t, null, {
      method: 'POST',
      path: '/sign-in',
      payload: DEMO_OWNER,
      headers: { origin: 'https://evil.example' },
    });
    expectReason(res, 'cross_site_call');
  });
});

describe('signed in', () => {
  it('without a cookie, or with a made-up one, /me and signing out answer 401 office_signed_out', async () => {
    for (const cookie of [null, 'made-up-secret']) {
      expectReason(await officeCall(t, cookie, { method: 'GET', path: '/me' }), 'office_signed_out');
      expectReason(
        await officeCall(t, cookie, { method: 'POST', path: '/sign-out', payload: {} }),
        'office_signed_out',
      );
      expectReason(
        await officeCall(t, cookie, { method: 'POST', path: '/sign-out-everywhere', payload: {} }),
        'office_signed_out',
      );
    }
  });

  it('a cashier may ask who they are (and nothing else of the office)', async () => {
    const cashier = await staffMember(t, 'cashier');
    const me = await officeCall(t, cashier.cookie, { method: 'GET', path: '/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      staff: { uuid: cashier.uuid, role: 'cashier' },
      shops: [{ uuid: DEMO.shop }],
    });
    expectReason(
      await officeCall(t, cashier.cookie, { method: 'GET', path: '/staff' }),
      'office_not_allowed',
    );
  });

  it('a session ends after 12 hours', async () => {
    const cookie = officeCookieOf(await signIn(DEMO_OWNER))!;
    t.clock.advance(12 * 60 * MINUTE - 1000);
    expect((await officeCall(t, cookie, { method: 'GET', path: '/me' })).statusCode).toBe(200);
    t.clock.advance(2000);
    expectReason(await officeCall(t, cookie, { method: 'GET', path: '/me' }), 'office_signed_out');
  });

  it('signing out ends this session only; the cookie is cleared', async () => {
    const one = officeCookieOf(await signIn(DEMO_MANAGER))!;
    const two = officeCookieOf(await signIn(DEMO_MANAGER))!;
    const out = await officeCall(t, one, { method: 'POST', path: '/sign-out', payload: {} });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === OFFICE_COOKIE)?.value).toBe('');
    expectReason(await officeCall(t, one, { method: 'GET', path: '/me' }), 'office_signed_out');
    expect((await officeCall(t, two, { method: 'GET', path: '/me' })).statusCode).toBe(200);
  });

  it("signing out everywhere ends every session of the person's, and no one else's", async () => {
    const staff = await withPassword('manager', 'everywhere-pass');
    const one = officeCookieOf(await signIn({ email: staff.email, password: 'everywhere-pass' }))!;
    const two = officeCookieOf(await signIn({ email: staff.email, password: 'everywhere-pass' }))!;
    const other = officeCookieOf(await signIn(DEMO_OWNER))!;
    const out = await officeCall(t, one, { method: 'POST', path: '/sign-out-everywhere', payload: {} });
    expect(out.statusCode).toBe(204);
    for (const cookie of [one, two, staff.cookie]) {
      expectReason(await officeCall(t, cookie, { method: 'GET', path: '/me' }), 'office_signed_out');
    }
    expect((await officeCall(t, other, { method: 'GET', path: '/me' })).statusCode).toBe(200);
  });
});

describe('password reset links', () => {
  const askLink = (email: string, remoteAddress = client()) =>
    officeCall(t, null, { method: 'POST', path: '/password-reset-link', payload: { email }, remoteAddress });
  const reset = (token: string, password: string) =>
    officeCall(t, null, {
      method: 'POST',
      path: '/password-reset',
      payload: { token, password },
      remoteAddress: client(),
    });

  it('answers 202 {} for any address; a staff member gets a one-time link that sets the password and signs in', async () => {
    const staff = await withPassword('manager', 'old-password-1');
    const old = officeCookieOf(await signIn({ email: staff.email, password: 'old-password-1' }))!;
    const unknown = await askLink(`${uniqueId('nobody')}@demo.example`);
    const known = await askLink(staff.email);
    expect([unknown.statusCode, unknown.body]).toEqual([202, '{}']);
    expect([known.statusCode, known.body]).toEqual([202, '{}']);
    await expect.poll(() => mailsSentTo(t, staff.email)).toBe(1);
    const token = resetTokenSentTo(t, staff.email)!;
    expect(token).toBeTruthy();
    // Too short a password changes nothing and keeps the link.
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();
    const done = await reset(token, 'new-password-1');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ staff: { uuid: staff.uuid } });
    const cookie = officeCookieOf(done)!;
    expect((await officeCall(t, cookie, { method: 'GET', path: '/me' })).statusCode).toBe(200);
    // Every other session ended; the old password no longer works, the new one does.
    expectReason(await officeCall(t, old, { method: 'GET', path: '/me' }), 'office_signed_out');
    expectReason(await signIn({ email: staff.email, password: 'old-password-1' }), 'sign_in_failed');
    expect((await signIn({ email: staff.email, password: 'new-password-1' })).statusCode).toBe(200);
    // Used once.
    expectReason(await reset(token, 'another-password'), 'reset_link_invalid');
    const entries = await auditOf(t, staff.uuid);
    expect(entries.at(-1)).toMatchObject({
      action: 'staff.password_set',
      staff_id: staff.id,
      before: { has_password: true },
      after: { has_password: true },
    });
    expect(JSON.stringify(entries)).not.toContain('new-password-1');
  });

  it('a link expires after 60 minutes; a made-up token is refused alike', async () => {
    const staff = await withPassword('manager', 'old-password-2');
    await askLink(staff.email);
    await expect.poll(() => resetTokenSentTo(t, staff.email)).toBeTruthy();
    const token = resetTokenSentTo(t, staff.email)!;
    t.clock.advance(60 * MINUTE + 1000);
    expectReason(await reset(token, 'new-password-2'), 'reset_link_invalid');
    expectReason(await reset(randomUUID(), 'new-password-2'), 'reset_link_invalid');
    expect((await signIn({ email: staff.email, password: 'old-password-2' })).statusCode).toBe(200);
  });

  it('a reset unlocks a locked address', async () => {
    const staff = await withPassword('manager', 'old-password-3');
    for (let i = 0; i < 6; i++) await signIn({ email: staff.email, password: `wrong-${i}` });
    expectReason(await signIn({ email: staff.email, password: 'old-password-3' }), 'sign_in_locked');
    await askLink(staff.email);
    await expect.poll(() => resetTokenSentTo(t, staff.email)).toBeTruthy();
    expect((await reset(resetTokenSentTo(t, staff.email)!, 'new-password-3')).statusCode).toBe(200);
    expect((await signIn({ email: staff.email, password: 'new-password-3' })).statusCode).toBe(200);
  });

  it('a removed staff member gets no link, and a link of theirs no longer works', async () => {
    const staff = await withPassword('manager', 'old-password-4');
    await askLink(staff.email);
    await expect.poll(() => resetTokenSentTo(t, staff.email)).toBeTruthy();
    const token = resetTokenSentTo(t, staff.email)!;
    const owner = await staffMember(t, 'owner');
    const removed = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: `/staff/${staff.uuid}/remove`,
      payload: {},
    });
    expect(removed.statusCode).toBe(200);
    expectReason(await reset(token, 'new-password-4'), 'reset_link_invalid');
  });

  it('at most 3 links an hour for one address', async () => {
    const email = `${uniqueId('many')}@demo.example`;
    for (let i = 0; i < 3; i++) expect((await askLink(email)).statusCode).toBe(202);
    const res = await askLink(email);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
