import { PostgresAdapter, type RawBuilder, type Simplify } from 'kysely';
import * as postgres from 'kysely/helpers/postgres';
import * as sqlite from 'kysely/helpers/sqlite';
import type { Db } from './schema';

/** What Kysely's SQLite helpers take: a select query. */
type Subquery<O> = Parameters<typeof sqlite.jsonArrayFrom<O>>[0];

/*
 * Kysely's JSON aggregation helpers for the engine a handle runs on, so that one query can read a
 * row with its lists (a contact's view) the same way on both. On SQLite the aggregate arrives as
 * JSON text: read it with `fromJson`.
 */

function onPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The rows of `subquery` as a JSON array (empty when none), on the engine of `db`. */
export function jsonArrayFrom<O>(db: Db, subquery: Subquery<O>): RawBuilder<Simplify<O>[]> {
  return (onPostgres(db) ? postgres.jsonArrayFrom(subquery) : sqlite.jsonArrayFrom(subquery)) as RawBuilder<
    Simplify<O>[]
  >;
}

/** The first row of `subquery` as a JSON object, or null, on the engine of `db`. */
export function jsonObjectFrom<O>(db: Db, subquery: Subquery<O>): RawBuilder<Simplify<O> | null> {
  return (
    onPostgres(db) ? postgres.jsonObjectFrom(subquery) : sqlite.jsonObjectFrom(subquery)
  ) as RawBuilder<Simplify<O> | null>;
}

/** An aggregate of jsonArrayFrom / jsonObjectFrom as read: parsed already (PostgreSQL) or JSON text (SQLite). */
export function fromJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
