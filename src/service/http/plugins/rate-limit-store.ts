import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** How often expired counters are deleted (each process; idempotent). */
const PRUNE_MS = 60_000;

/**
 * A store for @fastify/rate-limit on PostgreSQL (no maintained one exists): the counters live in
 * the UNLOGGED table rate_limit_counters (migration 0010), so every service process counts against
 * the same limit. One statement per request increments a key's counter, or starts a new window
 * when the last one ended, on the database's clock (the same for every process). A per-route limit
 * (`child`) counts under its own prefix, as the plugin's Redis store does.
 * Returns the store class the plugin instantiates and the function that stops its pruning.
 */
export function postgresRateLimitStore(db: Kysely<Database>): {
  Store: FastifyRateLimitStoreCtor;
  stop(): void;
} {
  const prune = setInterval(() => {
    sql`DELETE FROM rate_limit_counters
        WHERE window_ends_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`
      .execute(db)
      .catch(() => undefined);
  }, PRUNE_MS);
  prune.unref();

  class PostgresStore implements FastifyRateLimitStore {
    // The plugin passes its options; only a child has a prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      sql<{ count: number; ttl: number }>`
        WITH now AS (SELECT (extract(epoch from clock_timestamp()) * 1000)::bigint AS ms)
        INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
        SELECT ${this.prefix + key}, 1, ms + ${timeWindow} FROM now
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.window_ends_at <= (SELECT ms FROM now) THEN 1 ELSE c.count + 1 END,
          window_ends_at = CASE WHEN c.window_ends_at <= (SELECT ms FROM now)
            THEN (SELECT ms FROM now) + ${timeWindow} ELSE c.window_ends_at END
        RETURNING c.count, (c.window_ends_at - (SELECT ms FROM now))::integer AS ttl`
        .execute(db)
        .then(
          ({ rows }) => done(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }),
          (err: Error) => done(err),
        );
    }

    /** The count of a key's current window without counting (`{ increment: false }`). */
    read(key: string, done: Parameters<FastifyRateLimitStore['incr']>[1]): void {
      sql<{ count: number; ttl: number }>`
        SELECT count, (window_ends_at - (extract(epoch from clock_timestamp()) * 1000)::bigint)::integer AS ttl
        FROM rate_limit_counters
        WHERE key = ${this.prefix + key}
          AND window_ends_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`
        .execute(db)
        .then(
          ({ rows }) => done(null, { current: rows[0]?.count ?? 0, ttl: rows[0]?.ttl ?? 0 }),
          (err: Error) => done(err),
        );
    }

    child(routeOptions: object): PostgresStore {
      // At run time the plugin passes the route's merged options with `routeInfo`; a limiter made by
      // createRateLimit has an empty one (its keys carry their own prefix).
      const { method = '', url = '' } = (routeOptions as { routeInfo: { method?: string; url?: string } })
        .routeInfo;
      return new PostgresStore(undefined, `${this.prefix}${method}${url}-`);
    }
  }
  return { Store: PostgresStore, stop: () => clearInterval(prune) };
}
