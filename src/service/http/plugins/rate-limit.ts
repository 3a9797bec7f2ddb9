import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../../domain/tokens';
import { bearerToken } from './auth';
import { postgresRateLimitStore } from './rate-limit-store';

/** Requests a minute that one portal session may make (kiosk calls; stops enumerating cards or e-mails). */
export const PORTAL_SESSION_RATE_LIMIT = 300;

const PORTAL_SESSION_PATH = /^\/portal\/api\/sessions\/([^/?#]+)/;

/** The rate-limit bucket of a request: its credential, else its portal session, else its address. */
export function rateLimitKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (token) return `credential:${hashToken(token)}`;
  const session = PORTAL_SESSION_PATH.exec(request.url);
  if (session) return `portal-session:${session[1]}`;
  return `ip:${request.ip}`;
}

/**
 * Per-credential limit per minute (extensions.md "Errors"), counted once for every process on
 * PostgreSQL (rate-limit-store.ts): `X-RateLimit-Limit` and
 * `X-RateLimit-Remaining` on every response, 429 with `Retry-After` past it. Off when 0.
 * Portal session calls get their own, lower limit per session.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const max = app.config.rateLimit;
  if (max === 0) return;
  // PostgreSQL: one count for all processes; SQLite (one process): in memory.
  const shared = app.dialect === 'postgres' ? postgresRateLimitStore(app.db) : undefined;
  if (shared) app.addHook('onClose', async () => shared.stop());
  await app.register(rateLimit, {
    global: true,
    ...(shared ? { store: shared.Store } : {}),
    max: (request) =>
      PORTAL_SESSION_PATH.test(request.url) ? Math.min(max, PORTAL_SESSION_RATE_LIMIT) : max,
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
}
