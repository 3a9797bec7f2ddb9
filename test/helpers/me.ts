import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ME_COOKIE } from '../../src/contract/me';
import { DEMO, newContact, type TestApp } from './app';

/** The token of a sign-in link URL (`…/me/?token=…`). */
export function linkToken(url: string): string {
  const token = new URL(url).searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

/** A sign-in link for a contact from the contacts portal (GET contacts-portal/auth-url, 200): its token. */
export async function authUrlToken(t: TestApp, contactUuid: string): Promise<string> {
  const res = await t.call({
    method: 'GET',
    url: `/api/v3/oauth/clients/contacts-portal/auth-url?contact_uuid=${contactUuid}`,
  });
  expect(res.statusCode).toBe(200);
  return linkToken(res.json().data.url);
}

/** Signs in with a link token (POST /me/api/sign-in); answers the response. */
export function signIn(t: TestApp, token: string): Promise<LightMyRequestResponse> {
  return t.call({ method: 'POST', url: '/me/api/sign-in', token: null, payload: { token } });
}

/** The /me/ cookie secret a response sets (undefined when none). */
export function meCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === ME_COOKIE && c.value !== '')?.value;
}

/** A signed-in /me/ cookie for the contact (by an auth-url link): its secret. */
export async function meCookie(t: TestApp, contactUuid: string): Promise<string> {
  const res = await signIn(t, await authUrlToken(t, contactUuid));
  expect(res.statusCode).toBe(200);
  const cookie = meCookieOf(res);
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** A /me/ API call with the cookie `secret` (none when null), as the page on this origin makes it. */
export function meCall(
  t: TestApp,
  secret: string | null,
  options: InjectOptions & { path: string },
): Promise<LightMyRequestResponse> {
  const { path, ...rest } = options;
  return t.call({
    ...rest,
    url: `/me/api${path}`,
    token: null,
    ...(secret ? { cookies: { [ME_COOKIE]: secret } } : {}),
  });
}

/** A new contact of the test's own with a /me/ cookie: `{uuid, email, cookie}`. */
export async function signedInContact(t: TestApp): Promise<{ uuid: string; email: string; cookie: string }> {
  const uuid = await newContact(t);
  const email = (await t.call({ method: 'GET', url: `/contacts/${uuid}` })).json().data.email as string;
  return { uuid, email, cookie: await meCookie(t, uuid) };
}

export { DEMO };
