import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/transaction';
import { invalidField, refusal } from '../domain/shared/errors';
import { hashToken } from '../domain/shared/tokens';
import { isoTimestamp } from '../domain/shared/values';
import { bearerToken } from './plugins/auth';

/** How long a key is remembered (extensions.md "Idempotency"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const HEADER = 'idempotency-key';
/** The longest `Idempotency-Key` accepted (characters). */
export const MAX_KEY_LENGTH = 255;

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": route, path parameters and body (key order aside). */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url}\n${stable(request.params)}\n${stable(request.body)}`,
    )
    .digest('hex');
}

/**
 * Runs a POST's `work` in one transaction, at most once per `Idempotency-Key` (extensions.md
 * "Idempotency"): the first response (status and body) is stored with the key under `scope` in the
 * same transaction; the same key with the same request within 24 hours answers that response again
 * (header `Idempotent-Replayed: true`) without running `work`; with another request it is refused
 * (1003, HTTP 409). Concurrent requests with one key wait for the first: the key's row is written by
 * the first transaction, so exactly one of them acts. A failed `work` stores nothing, so a retry acts.
 * Without the header, `work` simply runs in a transaction.
 *
 * Set the success status (`reply.code(201)`) before calling. `scope` separates callers (e.g.
 * `portal:<session uuid>`, or a credential).
 * @returns the body to send.
 * @throws ServiceError 1003 for a malformed key; 1003 (409) for a key reused with another request.
 */
export async function withIdempotency<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const key = request.headers[HEADER];
  if (key === undefined) return app.tx(work);
  if (typeof key !== 'string' || key.trim() === '' || key.length > MAX_KEY_LENGTH) {
    invalidField('Idempotency-Key', `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters.`);
  }
  const hash = requestHash(request);
  const outcome = await app.tx(async (tx) => {
    const cutoff = isoTimestamp(new Date(tx.now.getTime() - IDEMPOTENCY_TTL_MS));
    await tx.db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created_at', '<', cutoff)
      .execute();
    const reserved = await tx.db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        request_hash: hash,
        status_code: null,
        response: null,
        created_at: isoTimestamp(tx.now),
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!reserved) {
      const first = await tx.db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (first.request_hash !== hash || first.response === null) {
        throw refusal('idempotency_key_reused', {
          en: 'This Idempotency-Key was already used for another request',
          nl: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek',
        });
      }
      return {
        replayed: true as const,
        status: first.status_code ?? 200,
        body: JSON.parse(first.response) as T,
      };
    }
    const body = await work(tx);
    await tx.db
      .updateTable('idempotency_keys')
      .set({ status_code: reply.statusCode, response: JSON.stringify(body) })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
    return { replayed: false as const, body };
  });
  if (outcome.replayed) reply.code(outcome.status).header('idempotent-replayed', 'true');
  return outcome.body;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Runs a route's unit of work in one transaction. For a POST with an `Idempotency-Key`, at most
     * once per key and credential (withIdempotency): set the success status before calling it.
     */
    tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

/**
 * Gives every request `request.tx`, so that every POST of the public API honours `Idempotency-Key`
 * (extensions.md "Idempotency"), its keys scoped to the calling credential.
 */
export function registerRequestTransactions(app: FastifyInstance): void {
  app.decorateRequest('tx', null as unknown as FastifyRequest['tx']);
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    request.tx = <T>(work: (tx: Tx) => Promise<T>) =>
      request.method === 'POST' && token
        ? withIdempotency(app, request, reply, `credential:${hashToken(token)}`, work)
        : app.tx(work);
  });
}
