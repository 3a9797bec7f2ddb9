import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database';

// As domain/shared/values.ts apiTimestamp, copied: a migration never changes once shipped.
const STORED_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const TIMESTAMP_KEY = /(_at|_date|_until)$/;
const BATCH = 500;

/**
 * A portal session's events keep the views they were recorded with (their `data`), which are now
 * written with their timestamps at whole seconds and a numeric offset where they are made. Events
 * recorded before kept stored precision, which the service used to strip on the way out: their
 * timestamps (values of keys named `…_at`, `…_date`, `…_until`) are written so once here.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; data: string }>`
      select id, data from portal_session_events where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const data = JSON.stringify(JSON.parse(row.data), (key, value) => {
        if (typeof value !== 'string' || !TIMESTAMP_KEY.test(key)) return value;
        const match = STORED_TIMESTAMP.exec(value);
        return match ? `${match[1]}${match[2] === 'Z' ? '+00:00' : match[2]}` : value;
      });
      if (data !== row.data) {
        await sql`update portal_session_events set data = ${data} where id = ${row.id}`.execute(db);
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}
