import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * The real platform's registers (its PHP SDK's `registers->get()`): one per API key bound to a shop,
 * made the first time that key asks for its register (by the hash of the key, as credentials are
 * kept). And the placeholder text of a custom attribute, which the real platform's attribute
 * resources show.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('registers');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('credential_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('identifier', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('custom_attributes').addColumn('placeholder', 'text').execute();
}
