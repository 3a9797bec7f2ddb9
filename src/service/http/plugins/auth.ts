import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  credentialByHash,
  credentialHolder,
  REVOKED_TOPIC,
  type Revocation,
  type StoredCredential,
} from '../../domain/account/credentials';
import { markKeyUsed } from '../../domain/account/register-keys';
import type { Actor } from '../../domain/shared/actor';
import { hashToken } from '../../domain/shared/tokens';
import { SURFACE_CREDENTIALS, type Surface } from '../surfaces';

/**
 * Auth kinds of the spec's endpoint tables: K = API key, A = access token or API key,
 * P = personal access token. `none` for public pages (docs, kiosk files); `portal` for the
 * kiosk's session-scoped API, which is authorised by the session uuid instead of a token.
 */
export type AuthKind = 'K' | 'A' | 'P' | 'none' | 'portal';

const ALLOWED: Record<'K' | 'A' | 'P', Actor['kind'][]> = {
  K: ['api_key'],
  A: ['api_key', 'access_token'],
  P: ['personal_access_token'],
};

const WANTED: Record<'K' | 'A' | 'P' | Surface, string> = {
  K: 'an API key',
  A: 'an access token or an API key',
  P: 'a personal access token',
  register: 'an API key',
  oauth: 'an API key, an access token or a personal access token',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthKind;
  }
  interface FastifyRequest {
    actor: Actor;
    /** The hash of the bearer token the actor was found by (routes with auth K, A or P). */
    credentialHash: string;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Known credentials kept in memory at most, and for how long before they are read again. */
const CACHE_ENTRIES = 10_000;
const CACHE_MS = 60_000;
const CREDENTIAL = credentialHolder('');
/** An API key's `last_used_at` is written at most this often per key and process. */
export const LAST_USED_MS = 60_000;

/**
 * Checks the bearer token of every route with auth K, A or P before its input is validated:
 * 401 when missing or unknown, 403 when of the wrong kind for the endpoint — the spec's column on
 * its own paths, the surface's credentials under /api/v3/register and /api/v3/oauth/clients
 * (http/surfaces.ts); 401 too for an access token past its expiry. Sets `request.actor` and
 * `request.credentialHash`. Known credentials are cached (a bounded LRU, read again after a minute;
 * unknown tokens are never kept); a revocation (domain/account/credentials.ts) forgets them at once. An
 * address that has failed too often is refused (429) before its token is looked up (rate-limit.ts).
 * An API key's `last_used_at` (the office's register keys) is written at most once a minute per key,
 * when a call with it succeeded.
 */
export function registerAuth(app: FastifyInstance): void {
  const known = new LRUCache<string, StoredCredential>({ max: CACHE_ENTRIES, ttl: CACHE_MS });
  // When this process last wrote each key's last_used_at (ms on app.clock): no write on every request.
  const lastWritten = new LRUCache<string, number>({ max: CACHE_ENTRIES });
  const noteUse = async (request: FastifyRequest, hash: string) => {
    const now = app.clock().getTime();
    const last = lastWritten.get(hash);
    if (last !== undefined && now - last < LAST_USED_MS) return;
    lastWritten.set(hash, now);
    await app
      .tx((tx) => markKeyUsed(tx, hash))
      .catch((err: unknown) => {
        request.log.warn({ err }, 'last use of the key not written');
      });
  };
  const unsubscribe = app.bus.subscribe(REVOKED_TOPIC, (payload) => {
    const holder = (payload as Partial<Revocation> | undefined)?.holder;
    if (typeof holder !== 'string') known.clear();
    else if (holder.startsWith(CREDENTIAL)) known.delete(holder.slice(CREDENTIAL.length));
  });
  app.addHook('onClose', async () => unsubscribe());
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('credentialHash', '');
  app.addHook('onRequest', async (request, reply) => {
    const kind = request.routeOptions.config.auth;
    if (kind !== 'K' && kind !== 'A' && kind !== 'P') return;
    const token = bearerToken(request);
    if (!token) throw authError(401, 'Missing bearer token in the Authorization header');
    const hash = hashToken(token);
    let credential = known.get(hash);
    if (!credential) {
      await app.authFailures.check(request, reply);
      credential = await credentialByHash(app.db, hash);
      if (!credential) throw authError(401, 'Unknown or revoked token');
      known.set(hash, credential);
    }
    if (credential.expiresAt !== null && credential.expiresAt <= app.clock().getTime()) {
      throw authError(401, 'This access token has expired; request a new one at POST /oauth/token');
    }
    const surface = request.routeOptions.config.surface;
    const allowed = surface ? SURFACE_CREDENTIALS[surface] : ALLOWED[kind];
    if (!allowed.includes(credential.actor.kind)) {
      throw authError(
        403,
        `This endpoint needs ${WANTED[surface ?? kind]}; a ${credential.actor.kind.replaceAll('_', ' ')} was sent`,
      );
    }
    request.actor = credential.actor;
    request.credentialHash = hash;
  });
  // A key's use is noted once its call succeeded: a refused call changes nothing, this included.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.actor?.kind === 'api_key' && request.credentialHash && reply.statusCode < 400) {
      await noteUse(request, request.credentialHash);
    }
    return payload;
  });
}

function authError(status: 401 | 403, message: string): Error {
  return Object.assign(new Error(message), { statusCode: status });
}
