import type { Kysely } from 'kysely';

/**
 * The office's programme editor (docs/office.md "Rewards and the brand"): when a reward can be
 * claimed, `active_from` and `active_until` (ISO timestamps as the service stores them; null: open
 * on that side). Stock and the limit per customer exist since 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rewards').addColumn('active_from', 'text').execute();
  await db.schema.alterTable('rewards').addColumn('active_until', 'text').execute();
}
