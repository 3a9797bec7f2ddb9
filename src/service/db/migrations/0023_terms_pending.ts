import type { Kysely } from 'kysely';

/**
 * Terms still to accept: a contact registered where the account's terms were not shown to them
 * (the real portal component's registration, docs/v1-api.md) has `terms_pending_since` (when);
 * their next sign-in at the kiosk or on /me/ asks them, and their acceptance clears it (kept in
 * terms_acceptances as every acceptance). Null for every other contact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('terms_pending_since', 'text').execute();
}
