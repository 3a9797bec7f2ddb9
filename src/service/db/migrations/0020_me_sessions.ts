import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * The customer's own page /me/ (docs/me.md): one-time sign-in link tokens (stored hashed, single
 * use, a few minutes, bound to a contact and the shop they were made for) and the cookie sessions
 * they open (the cookie's secret stored hashed, 30 days, revocable). App codes made for /me/ expire
 * (`contact_session_tokens.expires_at`; null: never, as the fixture's); a verification code says
 * what it proves (`purpose`: `proof` of the counter and the public API, `deletion` of an account).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

  await id(db.schema.createTable('me_link_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id'))
    // How it was asked for: auth_url (the contacts portal), counter (a portal session), email.
    .addColumn('source', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('me_link_tokens_contact').on('me_link_tokens').column('contact_id').execute();

  await id(db.schema.createTable('me_sessions'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('me_sessions_contact').on('me_sessions').column('contact_id').execute();

  await db.schema.alterTable('contact_session_tokens').addColumn('expires_at', 'text').execute();
  await db.schema
    .alterTable('contact_verification_codes')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('proof'))
    .execute();
}
