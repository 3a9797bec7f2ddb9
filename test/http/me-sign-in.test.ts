import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ME_COOKIE, ME_LINK_MINUTES, meOverview, meProfile } from '../../src/contract/me';
import { createTestApp, DEMO, newContact, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { authUrlToken, meCall, meCookie, meCookieOf, signedInContact, signIn } from '../helpers/me';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('/me/ sign-in by a one-time link', () => {
  it('contacts-portal auth-url answers {url} to /me/ with a token; the token opens a 30-day httpOnly cookie session', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/v3/oauth/clients/contacts-portal/auth-url?contact_uuid=${DEMO.anna}`,
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().data;
    expect(url).toMatch(/^http:\/\/kiosk\.test\/me\/\?token=[\w-]{40,}$/);
    const signedIn = await signIn(t, new URL(url).searchParams.get('token')!);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ firstname: 'Anna' });
    const cookie = signedIn.cookies.find((c) => c.name === ME_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/me', maxAge: 30 * 24 * 3600 });
    expect(cookie.secure).toBeUndefined();
    const overview = await meCall(t, cookie.value, { method: 'GET', path: '/overview' });
    expect(overview.statusCode).toBe(200);
    expect(meOverview.parse(overview.json())).toMatchObject({
      firstname: 'Anna',
      email: DEMO.annaEmail,
      member_since: '2025-03-01',
      credit_balance: 120,
      prepaid_balance_in_cents: 1500,
      tier: { name: 'Gold' },
    });
    expect(overview.headers['cache-control']).toBe('no-store');
  });

  it('a link token works once', async () => {
    const token = await authUrlToken(t, DEMO.anna);
    expect((await signIn(t, token)).statusCode).toBe(200);
    const again = await signIn(t, token);
    expectReason(again, 'link_invalid');
    expect(meCookieOf(again)).toBeUndefined();
  });

  it(`a link token expires after ${ME_LINK_MINUTES} minutes`, async () => {
    const late = await authUrlToken(t, DEMO.anna);
    const inTime = await authUrlToken(t, DEMO.anna);
    t.clock.advance(ME_LINK_MINUTES * 60_000 - 1000);
    expect((await signIn(t, inTime)).statusCode).toBe(200);
    t.clock.advance(1000);
    expectReason(await signIn(t, late), 'link_invalid');
  });

  it('an unknown token, and calls without a cookie or with a made-up one, are refused', async () => {
    expectReason(await signIn(t, 'not-a-token-of-ours'), 'link_invalid');
    expectReason(await meCall(t, null, { method: 'GET', path: '/overview' }), 'signed_out');
    expectReason(await meCall(t, 'made-up', { method: 'GET', path: '/profile' }), 'signed_out');
  });

  it('unknown contact: 55031', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/v3/oauth/clients/contacts-portal/auth-url?contact_uuid=00000000-0000-4000-8000-00000000dead',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(55031);
  });

  it('the profile lists the contact fields and every custom attribute of the account, with member since', async () => {
    const cookie = await meCookie(t, DEMO.anna);
    const res = await meCall(t, cookie, { method: 'GET', path: '/profile' });
    expect(res.statusCode).toBe(200);
    const profile = meProfile.parse(res.json());
    expect(profile.member_since).toBe('2025-03-01');
    const byName = Object.fromEntries(profile.fields.map((f) => [f.name, f]));
    expect(byName.firstname).toMatchObject({ type: 'text', value: 'Anna', custom: false });
    expect(byName.birthdate).toMatchObject({ type: 'birth_date', value: '1990-04-12' });
    expect(byName.dier).toMatchObject({
      type: 'select',
      custom: true,
      value: 'cat',
      options: [
        { value: 'cat', label: 'Cat' },
        { value: 'dog', label: 'Dog' },
      ],
    });
    expect(byName.dieet).toMatchObject({ type: 'multi_select', value: null });
    expect(byName.trouwdag).toMatchObject({ type: 'date' });
    expect(byName.havermelk).toMatchObject({ type: 'boolean' });
    expect(byName.kopjes_per_dag).toMatchObject({ type: 'number', integer: true });
    expect(byName.a_custom_attribute).toMatchObject({ type: 'text' });
    expect(byName.email).toBeUndefined();
  });

  it('sign-out ends this cookie only; sign-out-everywhere ends every cookie of the contact', async () => {
    const { uuid } = await signedInContact(t);
    const [a, b, c] = [await meCookie(t, uuid), await meCookie(t, uuid), await meCookie(t, uuid)];
    const out = await meCall(t, a, { method: 'POST', path: '/sign-out', payload: {} });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((k) => k.name === ME_COOKIE)?.value).toBe('');
    expectReason(await meCall(t, a, { method: 'GET', path: '/overview' }), 'signed_out');
    expect((await meCall(t, b, { method: 'GET', path: '/overview' })).statusCode).toBe(200);
    const pending = await authUrlToken(t, uuid);
    expect(
      (await meCall(t, b, { method: 'POST', path: '/sign-out-everywhere', payload: {} })).statusCode,
    ).toBe(204);
    for (const cookie of [b, c]) {
      expectReason(await meCall(t, cookie, { method: 'GET', path: '/overview' }), 'signed_out');
    }
    // A link made before, not used yet, is void too.
    expectReason(await signIn(t, pending), 'link_invalid');
  });

  it('a cookie session lasts 30 days', async () => {
    const uuid = await newContact(t);
    const cookie = await meCookie(t, uuid);
    t.clock.advance(30 * 24 * 3600_000 - 1000);
    expect((await meCall(t, cookie, { method: 'GET', path: '/overview' })).statusCode).toBe(200);
    t.clock.advance(1000);
    expectReason(await meCall(t, cookie, { method: 'GET', path: '/overview' }), 'signed_out');
  });
});
