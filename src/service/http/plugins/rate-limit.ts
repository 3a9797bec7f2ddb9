import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../../domain/shared/errors';
import { postgresRateLimitStore } from './rate-limit-store';

/**
 * Requests a minute that one portal session may make, whichever API its screen uses (our kiosk's or
 * the real portal component's): stops enumerating cards, codes or e-mails.
 */
export const PORTAL_SESSION_RATE_LIMIT = 300;

/** The session-scoped routes of the two counter APIs: the kiosk's, and the v1 component's. */
const PORTAL_SESSION_ROUTES = ['/portal/api/sessions/:uuid', '/api/v1/portal-sessions/:uuid'];

/** The bucket of a client address: an IPv6 client counts by its /64, as @fastify/rate-limit does. */
export function addressKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip)}`;
}

/**
 * The session uuid of a call of a session's screen (portal or v1 API), as its route finds the
 * session (decoded, trimmed), lower case: one bucket per session whichever API is called.
 */
function portalSession(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  if (!url || !PORTAL_SESSION_ROUTES.some((route) => url.startsWith(route))) return undefined;
  return (request.params as { uuid?: string }).uuid?.trim().toLowerCase();
}

/**
 * The rate-limit bucket of a request (docs/operations.md "Rate limits"): the credential the auth
 * plugin has verified, else the portal session a screen's call (kiosk or v1 API) is scoped to
 * (decoded, so that no spelling of a uuid is a bucket of its own), else the client address —
 * whatever unverified token or cookie it sends.
 */
export function rateLimitKey(request: FastifyRequest): string {
  if (request.credentialHash) return `credential:${request.credentialHash}`;
  const session = portalSession(request);
  if (session) return `portal-session:${session}`;
  return addressKey(request);
}

/** What a refused credential costs its client address (see registerRateLimit). */
export interface AuthFailures {
  /**
   * Throws 429 (`too_many_failed_attempts`, with Retry-After) when the address has failed too
   * often this minute.
   */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Counts one failure of the address and sets its X-RateLimit-* headers; past the limit, also
   * Retry-After, and answers true: the refusal becomes a 429.
   */
  count(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed authentications per client address (rate-limit.ts). */
    authFailures: AuthFailures;
  }
}

/** The refusal of an address that has failed to authenticate too often. */
export function tooManyFailedAttempts() {
  return refusal('too_many_failed_attempts', {
    en: 'Too many failed attempts to authenticate from this address; try again later',
    nl: 'Te veel mislukte aanmeldpogingen vanaf dit adres; probeer het later opnieuw',
  });
}

/**
 * Per-credential limit per minute (extensions.md "Errors"), counted once for every process on
 * PostgreSQL (rate-limit-store.ts): `X-RateLimit-Limit` and `X-RateLimit-Remaining` on every
 * response, 429 with `Retry-After` past it. A portal session's calls, by the kiosk's or the v1
 * API, share their own, lower limit per session. Failed authentications (app.authFailures) count per client address, at most
 * `authFailureLimit` a minute. Off when the limit is 0.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const max = app.config.rateLimit;
  if (max === 0) {
    app.decorate('authFailures', { check: async () => undefined, count: async () => false });
    return;
  }
  // PostgreSQL: one count for all processes; SQLite (one process): in memory.
  const shared = app.dialect === 'postgres' ? postgresRateLimitStore(app.db) : undefined;
  if (shared) app.addHook('onClose', async () => shared.stop());
  await app.register(rateLimit, {
    global: true,
    ...(shared ? { store: shared.Store } : {}),
    max: (request) => (portalSession(request) ? Math.min(max, PORTAL_SESSION_RATE_LIMIT) : max),
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit of ${context.max} requests a minute exceeded`), {
        statusCode: 429,
      }),
  });
  const failures = app.createRateLimit({
    max: app.config.authFailureLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => `auth-failure:${addressKey(request)}`,
  });
  app.decorate('authFailures', {
    async check(request, reply) {
      const state = await failures(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) return;
      reply.header('x-ratelimit-limit', state.max).header('x-ratelimit-remaining', 0);
      reply.header('retry-after', state.ttlInSeconds);
      throw tooManyFailedAttempts();
    },
    async count(request, reply) {
      const state = await failures(request);
      if (state.isAllowed) return false;
      reply.header('x-ratelimit-limit', state.max).header('x-ratelimit-remaining', state.remaining);
      if (state.isExceeded) reply.header('retry-after', state.ttlInSeconds);
      return state.isExceeded;
    },
  });
}
