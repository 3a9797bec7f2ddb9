import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * Reward receptions (and their collection at a shop), perks with their tier values, the product
 * catalog (products, categories and their links), bookings and visits.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // SQLite's rowid alias vs PostgreSQL's identity column (as in 0001).
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

  await id(db.schema.createTable('reward_receptions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    // A reward that no longer exists leaves its receptions (collect answers 6003).
    .addColumn('reward_id', 'integer', (c) => c.references('rewards.id').onDelete('set null'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('contact_identifier_id', 'integer', (c) => c.references('contact_identifiers.id'))
    .addColumn('credits_centi', 'bigint', notNull)
    .addColumn('expires_at', 'text')
    .addColumn('collected_at', 'text')
    .addColumn('collection_uuid', 'text', (c) => c.unique())
    .addColumn('collection_status', 'text')
    .addColumn('reversed_by_credit_reception_id', 'integer', (c) =>
      c.unique().references('credit_receptions.id'),
    )
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('reward_receptions_contact')
    .on('reward_receptions')
    .columns(['contact_id', 'reward_id'])
    .execute();

  await id(db.schema.createTable('perks'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', notNull)
    .addColumn('data_type', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('perk_options'))
    .addColumn('perk_id', 'integer', (c) => c.notNull().references('perks.id'))
    .addColumn('label', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', notNull)
    .addUniqueConstraint('perk_options_perk_value', ['perk_id', 'value'])
    .execute();

  await db.schema
    .createTable('tier_perks')
    .addColumn('tier_id', 'integer', (c) => c.notNull().references('tiers.id'))
    .addColumn('perk_id', 'integer', (c) => c.notNull().references('perks.id'))
    .addColumn('perk_option_id', 'integer', (c) => c.notNull().references('perk_options.id'))
    .addPrimaryKeyConstraint('tier_perks_pk', ['tier_id', 'perk_id'])
    .execute();

  await id(db.schema.createTable('product_categories'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('external_identifier', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('products'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('external_identifier', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('product_category_links')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('product_categories.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('product_category_links_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('product_category_links_category')
    .on('product_category_links')
    .column('category_id')
    .execute();

  await id(db.schema.createTable('bookings'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('external_id', 'text')
    .addColumn('source', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('checked_in_at', 'text')
    .addColumn('number_of_people', 'integer')
    .addColumn('company_name', 'text')
    .addColumn('status', 'text')
    .addColumn('prepaid_amount', 'bigint')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('visits'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('source', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
}
