import type { Kysely } from 'kysely';

/** The session expiry job (jobs/session-expiry.ts) finds open sessions past their expiry by index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('portal_sessions_open_expiry')
    .on('portal_sessions')
    .columns(['status', 'expires_at'])
    .execute();
}
