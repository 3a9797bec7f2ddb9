import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../domain/actor';
import { hashToken } from '../../domain/tokens';
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

/**
 * Checks the bearer token of every route with auth K, A or P before its input is validated:
 * 401 when missing or unknown, 403 when of the wrong kind for the endpoint — the spec's column on
 * its own paths, the surface's credentials under /api/v3/register and /api/v3/oauth/clients
 * (http/surfaces.ts); 401 too for an access token past its expiry. Sets `request.actor`.
 * Credentials are cached for a minute (they change only when a fixture is loaded).
 */
export function registerAuth(app: FastifyInstance): void {
  const cache = new Map<string, { actor: Actor | null; expiresAt: number | null; at: number }>();
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('credentialHash', '');
  app.addHook('onRequest', async (request) => {
    const kind = request.routeOptions.config.auth;
    if (kind !== 'K' && kind !== 'A' && kind !== 'P') return;
    const token = bearerToken(request);
    if (!token) throw authError(401, 'Missing bearer token in the Authorization header');
    const hash = hashToken(token);
    let entry = cache.get(hash);
    if (!entry || Date.now() - entry.at > 60_000) {
      const row = await app.db
        .selectFrom('credentials')
        .select(['kind', 'shop_id', 'expires_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      entry = {
        actor: row ? { kind: row.kind, shopId: row.shop_id } : null,
        expiresAt: row?.expires_at ? Date.parse(row.expires_at) : null,
        at: Date.now(),
      };
      cache.set(hash, entry);
    }
    if (!entry.actor) throw authError(401, 'Unknown or revoked token');
    if (entry.expiresAt !== null && entry.expiresAt <= app.clock().getTime()) {
      throw authError(401, 'This access token has expired; request a new one at POST /oauth/token');
    }
    const surface = request.routeOptions.config.surface;
    const allowed = surface ? SURFACE_CREDENTIALS[surface] : ALLOWED[kind];
    if (!allowed.includes(entry.actor.kind)) {
      throw authError(
        403,
        `This endpoint needs ${WANTED[surface ?? kind]}; a ${entry.actor.kind.replaceAll('_', ' ')} was sent`,
      );
    }
    request.actor = entry.actor;
    request.credentialHash = hash;
  });
}

function authError(status: 401 | 403, message: string): Error {
  return Object.assign(new Error(message), { statusCode: status });
}
