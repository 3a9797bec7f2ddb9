import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { ME_COOKIE, ME_SESSION_DAYS } from '../../../contract/me';
import { type MeSession, meSessionBySecret, signedOut } from '../../domain/phone/sign-in';
import { assertSameSiteJson } from '../same-site';
import { sessionCookie } from '../session-cookie';

/** Where the /me/ cookie is sent: the page and its API only. */
const COOKIE_PATH = '/me';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `public`: a /me/ call made without a cookie session (sign-in, sign-in link). */
    me?: 'public';
  }
  interface FastifyRequest {
    /** The /me/ cookie session of the call (checked on every request). */
    meSession: MeSession;
  }
}

const cookie = sessionCookie(ME_COOKIE, COOKIE_PATH, ME_SESSION_DAYS);

/** Sets the /me/ session cookie: httpOnly, SameSite=Strict, Path=/me, 30 days, Secure under TLS. */
export const setMeCookie = cookie.set;

/** Clears the /me/ session cookie. */
export const clearMeCookie = cookie.clear;

/**
 * Guards every /me/ API call of `scope`: a call that changes something must be JSON (a DELETE: no
 * body) from this origin, and every call but the public ones must come with the cookie of a /me/
 * session that lasts and is not revoked, read anew on each request. Sets `request.meSession`.
 * Every answer is `Cache-Control: no-store`.
 * Errors: 1003 with HTTP 401 (signed_out), 403 another origin, 415 not JSON.
 */
export async function registerMeAuth(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCookie);
  scope.decorateRequest('meSession', null as unknown as MeSession);
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      assertSameSiteJson(request, request.method !== 'DELETE');
    }
    if (request.routeOptions.config.me === 'public') return;
    const secret = request.cookies[ME_COOKIE];
    const session = secret ? await meSessionBySecret(scope.db, secret, scope.clock()) : undefined;
    if (!session) throw signedOut();
    request.meSession = session;
  });
}
