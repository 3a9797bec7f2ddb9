import fastifyCookie from '@fastify/cookie';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { RouteError } from '../../../contract/errors';
import { OFFICE_COOKIE, OFFICE_SESSION_HOURS } from '../../../contract/office';
import { mayUseOffice, notAllowed, type OfficeActor } from '../../domain/office/access';
import { officeActorBySecret, officeSignedOut } from '../../domain/office/sessions';
import { assertSameSiteJson } from '../same-site';
import { sessionCookie } from '../session-cookie';

/** Where the office cookie is sent: the page and its API only. */
const COOKIE_PATH = '/office';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `public`: an office call made without a cookie session (sign-in, reset links); `anyRole`: a
     * signed-in call a cashier may make too (who am I, signing out).
     */
    office?: 'public' | 'anyRole';
  }
  interface FastifyRequest {
    /** The signed-in staff member of an office call (checked on every request). */
    officeActor: OfficeActor;
  }
}

const cookie = sessionCookie(OFFICE_COOKIE, COOKIE_PATH, OFFICE_SESSION_HOURS / 24);

/** Sets the office session cookie: httpOnly, SameSite=Strict, Path=/office, Secure under TLS. */
export const setOfficeCookie = cookie.set;

/** Clears the office session cookie. */
export const clearOfficeCookie = cookie.clear;

/** What every signed-in office route may answer besides its own errors. */
export const SIGNED_IN_ERRORS: readonly RouteError[] = [
  { reason: 'office_signed_out' },
  { reason: 'office_not_allowed' },
];

const AUTH =
  'The office: authorised by the office session cookie (httpOnly, SameSite=Strict, Path=/office) of a ' +
  'staff member whose role allows the call; 401 office_signed_out without one, 403 office_not_allowed ' +
  'for a cashier or a manager beyond their shops. Answers are `Cache-Control: no-store`.';

/**
 * The options of a signed-in office route (tag Office, the cookie's refusals besides the route's own
 * `errors`, the cookie's words after its description); `config.office` for the exceptions.
 */
export function officeRoute<S extends FastifySchema>(schema: S, office?: 'public' | 'anyRole') {
  return {
    config: { auth: 'none' as const, ...(office ? { office } : {}) },
    schema: {
      ...schema,
      tags: ['Office'],
      description: schema.description ? `${schema.description}\n\n${AUTH}` : AUTH,
      errors: [...(office === 'public' ? [] : SIGNED_IN_ERRORS), ...(schema.errors ?? [])],
    },
  };
}

/**
 * Guards every office API call of `scope`: a call that changes something must be JSON (a DELETE: no
 * body) from this origin, and every call but the public ones must come with the cookie of an office
 * session that lasts, of a staff member not removed, read anew on each request; a cashier may make
 * only the `anyRole` calls. Sets `request.officeActor`. Every answer is `Cache-Control: no-store`.
 * Errors: 1003 with HTTP 401 (office_signed_out), 403 (office_not_allowed; cross_site_call), 415.
 */
export async function registerOfficeAuth(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCookie);
  scope.decorateRequest('officeActor', null as unknown as OfficeActor);
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      assertSameSiteJson(request, request.method !== 'DELETE');
    }
    const access = request.routeOptions.config.office;
    if (access === 'public') return;
    const secret = request.cookies[OFFICE_COOKIE];
    const actor = secret
      ? await officeActorBySecret(scope.db, secret, scope.clock(), normalizeIP(request.ip))
      : undefined;
    if (!actor) throw officeSignedOut();
    if (access !== 'anyRole' && !mayUseOffice(actor)) throw notAllowed();
    request.officeActor = actor;
  });
}
