import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * Receipt tokens (docs/receipt-tokens.md): each purchase's token claimed once, by the UNIQUE pair of
 * its shop and the POS's id of the purchase; and the service's own secrets, such as the key that
 * signs tokens, made once and shared by every process.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('loyalty_token_claims'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('credit_reception_uuid', 'text')
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('loyalty_token_claims_purchase', ['shop_id', 'unique_id'])
    .execute();
  await db.schema
    .createTable('service_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
