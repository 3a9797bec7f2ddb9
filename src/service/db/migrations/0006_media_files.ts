import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Pictures shipped with the account fixture (brand-kit logos, reward and promotion images), kept in
 * the database so that every process serves them (GET /media/{name}) without the fixture's folder;
 * and a promotion's `media`, like a reward's.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('media_files')
    // `<sha-256 prefix>.<ext>`: a changed picture gets a new name, so a name is cached for ever.
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('promotions').addColumn('media', 'text').execute();
}
