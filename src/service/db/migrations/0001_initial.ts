import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/** The first schema: every table the account fixture and the service core need. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // SQLite's rowid alias vs PostgreSQL's identity column.
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  const json = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}');

  await db.schema
    .createTable('account')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('brand', 'text', json)
    .addColumn('max_credits_per_reception_centi', 'bigint')
    .addColumn('settings', 'text', json)
    .execute();

  await db.schema
    .createTable('shops')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('reference', 'text')
    .addColumn('address', 'text')
    .execute();

  await db.schema
    .createTable('credentials')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', notNull)
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id'))
    .execute();

  await id(db.schema.createTable('units'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', notNull)
    .addColumn('prefix', 'text', notNull)
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('format', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('tiers'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media', 'text')
    .execute();

  await id(db.schema.createTable('loyalty_rules'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
    .addColumn('credits_per_unit', 'text', notNull)
    .addColumn('rounding', 'text', notNull)
    .addColumn('tier_id', 'integer', (c) => c.references('tiers.id'))
    .addColumn('weekdays', 'text')
    .addColumn('from_time', 'text')
    .addColumn('until_time', 'text')
    .execute();

  await db.schema
    .createTable('subscription_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('uuid', 'text', (c) => c.unique())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('strategy', 'text', notNull)
    .execute();

  await id(db.schema.createTable('contacts'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('firstname', 'text')
    .addColumn('lastname', 'text')
    .addColumn('locale', 'text')
    .addColumn('tier_id', 'integer', (c) => c.references('tiers.id'))
    .addColumn('credit_balance_centi', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prepaid_balance_in_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attributes', 'text', json)
    .addColumn('channel', 'text', notNull)
    .addColumn('referral_code', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('credit_entries'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('credits_centi', 'bigint', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('source_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('credit_entries_contact').on('credit_entries').column('contact_id').execute();

  await id(db.schema.createTable('contact_identifiers'))
    .addColumn('value', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('contact_identifiers_contact')
    .on('contact_identifiers')
    .column('contact_id')
    .execute();

  await db.schema
    .createTable('contact_session_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('contact_subscriptions')
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('subscription_type_id', 'integer', (c) => c.notNull().references('subscription_types.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('confirmation_token', 'text', (c) => c.unique())
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('contact_subscriptions_pk', ['contact_id', 'subscription_type_id'])
    .execute();

  await id(db.schema.createTable('pos_transactions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('transaction_id', 'bigint')
    .addColumn('terminal_id', 'bigint')
    .addColumn('amount_in_cents', 'bigint', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('credit_receptions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
    .addColumn('unit_value', 'text')
    .addColumn('credits_centi', 'bigint', notNull)
    .addColumn('contact_identifier_id', 'integer', (c) => c.references('contact_identifiers.id'))
    // One POS transaction links to one credit reception only (error 6001).
    .addColumn('pos_transaction_id', 'integer', (c) => c.unique().references('pos_transactions.id'))
    .addColumn('reverses_id', 'integer', (c) => c.unique().references('credit_receptions.id'))
    .addColumn('attributes', 'text', json)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('credit_receptions_contact')
    .on('credit_receptions')
    .columns(['contact_id', 'id'])
    .execute();

  await id(db.schema.createTable('portal_sessions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', notNull)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id'))
    .addColumn('settings', 'text', json)
    .addColumn('amount_in_cents', 'bigint')
    .addColumn('pos_transaction_id', 'integer', (c) => c.references('pos_transactions.id'))
    .addColumn('credit_reception_id', 'integer', (c) => c.references('credit_receptions.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('portal_sessions_shop')
    .on('portal_sessions')
    .columns(['shop_id', 'status', 'id'])
    .execute();

  await id(db.schema.createTable('portal_session_events'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('portal_session_id', 'integer', (c) => c.notNull().references('portal_sessions.id'))
    .addColumn('type', 'text', notNull)
    .addColumn('data', 'text', json)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('portal_session_events_session')
    .on('portal_session_events')
    .columns(['portal_session_id', 'id'])
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .execute();

  await id(db.schema.createTable('rewards'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('type', 'text', notNull)
    .addColumn('reward_type', 'text', notNull)
    .addColumn('required_credits_centi', 'bigint', notNull)
    .addColumn('stock', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('claim_limit_per_contact', 'integer')
    .addColumn('pre_redeemable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expiration_duration', 'integer')
    .addColumn('cost_price', 'integer')
    .addColumn('media', 'text')
    .addColumn('attributes', 'text', json)
    .execute();

  await id(db.schema.createTable('giftcard_programs'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('max_amount_in_cents', 'bigint')
    .addColumn('expiration_days', 'integer')
    .addColumn('calculator_flow', 'text')
    .execute();

  await id(db.schema.createTable('giftcards'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('giftcard_program_id', 'integer', (c) => c.notNull().references('giftcard_programs.id'))
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', notNull)
    .addColumn('balance_in_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expiration_date', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('giftcard_transactions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('giftcard_id', 'integer', (c) => c.notNull().references('giftcards.id'))
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id'))
    .addColumn('amount_in_cents', 'bigint', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('settled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reverses_id', 'integer', (c) => c.unique().references('giftcard_transactions.id'))
    .addColumn('attributes', 'text', json)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('giftcard_transactions_card')
    .on('giftcard_transactions')
    .columns(['giftcard_id', 'id'])
    .execute();

  await id(db.schema.createTable('prepaid_transactions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id'))
    .addColumn('contact_identifier_id', 'integer', (c) => c.references('contact_identifiers.id'))
    .addColumn('amount_in_cents', 'bigint', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('reverses_id', 'integer', (c) => c.unique().references('prepaid_transactions.id'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('prepaid_transactions_contact')
    .on('prepaid_transactions')
    .columns(['contact_id', 'id'])
    .execute();

  await id(db.schema.createTable('promotions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('voucher_limit', 'integer')
    .addColumn('limit_per_contact', 'integer')
    .addColumn('expiration_duration', 'integer')
    .addColumn('attributes', 'text', json)
    .execute();

  await id(db.schema.createTable('vouchers'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.references('contacts.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('expiration_date', 'text')
    .addColumn('activation_date', 'text')
    .addColumn('redeemed_at', 'text')
    .addColumn('redeemed_shop_id', 'integer', (c) => c.references('shops.id'))
    .addColumn('release_key_hash', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('attributes', 'text', json)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('vouchers_contact').on('vouchers').column('contact_id').execute();

  await id(db.schema.createTable('automated_emails'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('subscription_type_id', 'integer', (c) => c.references('subscription_types.id'))
    .addColumn('subject', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .execute();

  await id(db.schema.createTable('custom_attributes'))
    .addColumn('entity', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('group_name', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_platform_defined', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('custom_attributes_entity_name', ['entity', 'name'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
}
