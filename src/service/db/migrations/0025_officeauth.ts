import type { Kysely } from 'kysely';

/**
 * Wrong office passwords counted per e-mail address (docs/office.md "Signing in"), known to the
 * office or not, so that a locked address tells nothing about whether it belongs to anyone: the
 * SHA-256 of the lower-cased address, the wrong tries in a row, and until when it is locked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email_hash', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
