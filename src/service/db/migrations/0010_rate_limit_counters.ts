import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * PostgreSQL: the rate limit's counters, shared by every service process (http/plugins/rate-limit.ts).
 * UNLOGGED: a counter need not survive a crash, and its writes cost no WAL. SQLite (one process)
 * counts in memory.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE UNLOGGED TABLE rate_limit_counters (
    key text PRIMARY KEY,
    count integer NOT NULL,
    window_ends_at bigint NOT NULL
  )`.execute(db);
}
