import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * Proof before spending (docs/trust-model.md): how a portal session's customer became known
 * (`contact_source`: pos, card, app_token, email, registration), when they proved it is them
 * (`contact_proven_at`; null: known by an e-mail address alone) and how many codes were tried in
 * the session (`verification_attempts`, five at most), and the six-digit codes sent to a contact's
 * address (stored hashed) that prove it, from a session or the public API.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // SQLite's rowid alias vs PostgreSQL's identity column (as in 0001).
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('portal_sessions').addColumn('contact_source', 'text').execute();
  await db.schema.alterTable('portal_sessions').addColumn('contact_proven_at', 'text').execute();
  await db.schema
    .alterTable('portal_sessions')
    .addColumn('verification_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Sessions open at the upgrade: a customer without an identification event was set by the POS;
  // any other counts as known by e-mail (asked for a proof before spending).
  await sql`
    update portal_sessions set
      contact_source = case when exists (select 1 from portal_session_events e
        where e.portal_session_id = portal_sessions.id and e.type = 'contact_identified')
        then 'email' else 'pos' end,
      contact_proven_at = case when exists (select 1 from portal_session_events e
        where e.portal_session_id = portal_sessions.id and e.type = 'contact_identified')
        then null else created_at end
    where contact_id is not null
  `.execute(db);

  await id(db.schema.createTable('contact_verification_codes'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    // Null for a code asked for through the public API.
    .addColumn('portal_session_id', 'integer', (c) => c.references('portal_sessions.id'))
    .addColumn('code_hash', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    // Tries of a code asked for through the public API (five at most); a session counts its own.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'text')
    // When a verified code gave its auth token (public API): once.
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('contact_verification_codes_contact')
    .on('contact_verification_codes')
    .columns(['contact_id', 'id'])
    .execute();
  await db.schema
    .createIndex('contact_verification_codes_session')
    .on('contact_verification_codes')
    .column('portal_session_id')
    .execute();
}
