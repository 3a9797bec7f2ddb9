import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * Consent kept: each acceptance of the account's terms (at the counter's registration), with its
 * time and the terms and privacy policy addresses it accepted (the version the customer read).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // SQLite's rowid alias vs PostgreSQL's identity column (as in 0001).
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

  await id(db.schema.createTable('terms_acceptances'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('portal_session_id', 'integer', (c) => c.references('portal_sessions.id'))
    .addColumn('accepted_at', 'text', notNull)
    .addColumn('terms_url', 'text')
    .addColumn('privacy_url', 'text')
    .execute();
  await db.schema
    .createIndex('terms_acceptances_contact')
    .on('terms_acceptances')
    .column('contact_id')
    .execute();
}
