/*
 * The customer's privacy rights on /me/ (docs/me.md "Your data"): a copy of everything stored
 * about them (GDPR article 15), and erasure of their account (article 17) — their personal data and
 * identifiers go; their ledger rows stay, anonymised, so that every balance and every shop's totals
 * stay exact.
 */
import { type Kysely, sql } from 'kysely';
import type { Database, Db } from '../db/schema';
import type { Tx } from '../db/transaction';
import { deleteIdentifier } from './contact-identifiers';
import { ANONYMOUS_EMAIL_DOMAIN, contactById } from './contacts';
import { apiTimestamp, isoTimestamp, jsonObject, newUuid } from './values';

/** The tables whose rows name the contact by `contact_id`: every one is exported. */
export const CONTACT_TABLES = [
  'contact_shops',
  'credit_entries',
  'contact_identifiers',
  'contact_session_tokens',
  'contact_subscriptions',
  'credit_receptions',
  'portal_sessions',
  'contact_verification_codes',
  'terms_acceptances',
  'prepaid_transactions',
  'vouchers',
  'reward_receptions',
  'bookings',
  'visits',
  'loyalty_token_claims',
  'me_link_tokens',
  'me_sessions',
] as const satisfies readonly (keyof Database)[];

/** The tables whose rows belong to the contact's portal sessions (`portal_session_id`). */
export const SESSION_TABLES = [
  'portal_session_events',
  'cashier_actions',
] as const satisfies readonly (keyof Database)[];

/** Columns never exported: secrets, or hashes of them (the export is a file on a phone). */
const SECRET_COLUMNS = new Set([
  'token',
  'token_hash',
  'secret_hash',
  'code_hash',
  'confirmation_token',
  'release_key_hash',
]);
/** Columns holding JSON text, exported as JSON. */
const JSON_COLUMNS = new Set(['attributes', 'settings', 'data']);

type Row = Record<string, unknown>;
const TIMESTAMP_KEY = /(_at|_date|_until)$/;

function exported(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(key)) continue;
    if (JSON_COLUMNS.has(key) && typeof value === 'string') {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: as stored.
      }
    }
    // Timestamps leave as every answer writes them (whole seconds, numeric offset).
    out[key] = TIMESTAMP_KEY.test(key) && typeof value === 'string' ? apiTimestamp(value) : value;
  }
  return out;
}

/** The export of /me/: the contact's row and every table's rows about them, by table name. */
export interface MeExport {
  exported_at: string;
  contact: Row;
  tables: Record<string, Row[]>;
}

/**
 * Everything stored about the contact (GET /me/api/export): their contact row (profile and custom
 * attribute values) and, by table, every row that names them (CONTACT_TABLES) or one of their
 * portal sessions (SESSION_TABLES), secrets left out.
 */
export async function meExport(db: Db, contactId: number, now: Date): Promise<MeExport> {
  const contact = await db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', contactId)
    .executeTakeFirstOrThrow();
  const tables: Record<string, Row[]> = {};
  for (const table of CONTACT_TABLES) {
    const rows = await db.selectFrom(table).selectAll().where('contact_id', '=', contactId).execute();
    tables[table] = (rows as Row[]).map(exported);
  }
  const sessionIds = (tables.portal_sessions ?? []).map((s) => s.id as number);
  for (const table of SESSION_TABLES) {
    const rows =
      sessionIds.length === 0
        ? []
        : await db.selectFrom(table).selectAll().where('portal_session_id', 'in', sessionIds).execute();
    tables[table] = (rows as Row[]).map(exported);
  }
  return { exported_at: apiTimestamp(isoTimestamp(now))!, contact: exported(contact as Row), tables };
}

/** The text columns of every table but the contacts' own, where erasure looks for a contact's values. */
export type TextColumns = { table: string; columns: string[] }[];

/**
 * The text columns of the database's tables (Kysely's introspection, the same on SQLite and
 * PostgreSQL), but `contacts` (erased by its own statement). Read before the erasure's transaction.
 */
export async function textColumns(db: Kysely<Database>): Promise<TextColumns> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && t.name !== 'contacts')
    .map((t) => ({
      table: t.name,
      columns: t.columns.filter((c) => /text|char/i.test(c.dataType)).map((c) => c.name),
    }))
    .filter((t) => t.columns.length > 0);
}

// LIKE's own characters in a value are matched as themselves (ESCAPE '!').
const likePattern = (value: string) => `%${value.replace(/[!%_]/g, '!$&')}%`;
/** What an erased value reads as where it was written into other rows (events, outbox, replays). */
export const ERASED = '[erased]';

/** A value and its spelling inside JSON text, when that differs. */
function spellings(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  return json === value ? [value] : [value, json];
}

/**
 * Erases a contact's account (/me/ deletion, once its code is verified), in the caller's
 * transaction: their cards are deleted (receptions made with them keep their amounts), their app
 * codes, subscriptions, verification codes, accepted terms, sign-in links and /me/ sessions are
 * deleted; their contact row keeps only its balances and totals (a new uuid, a placeholder address
 * that can receive no mail, no names, no attributes); wherever their uuid, e-mail address or a card
 * value was written into another row's text (portal session events, the webhook outbox, replayed
 * answers, cashier actions), those rows lose it and every other personal value (names, attribute
 * texts), and the old uuid becomes the new one. Ledger rows (credit entries and receptions, prepaid
 * and gift card transactions, reward receptions, vouchers, claims) stay as they are, so every
 * balance and every shop's totals still equal their ledgers. `columns`: textColumns(), read before.
 */
export async function eraseContact(tx: Tx, contactId: number, columns: TextColumns): Promise<void> {
  await tx.lock('contacts', contactId);
  const contact = await contactById(tx.db, contactId);
  const cards = await tx.db
    .selectFrom('contact_identifiers')
    .select('value')
    .where('contact_id', '=', contactId)
    .execute();
  const attributes = jsonObject(contact.attributes);
  const newId = newUuid();
  // Values that single out the contact's rows; then every personal value, replaced in those rows.
  const anchors = [contact.uuid, contact.email, ...cards.map((c) => c.value)].filter((v) => v.length >= 4);
  const personal = [
    contact.email,
    ...cards.map((c) => c.value),
    contact.firstname,
    contact.lastname,
    ...Object.values(attributes).flatMap((v) => (Array.isArray(v) ? [] : [v])),
  ]
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3)
    .sort((a, b) => b.length - a.length);

  for (const card of cards) await deleteIdentifier(tx, card.value);
  for (const table of [
    'contact_session_tokens',
    'contact_subscriptions',
    'contact_verification_codes',
    'terms_acceptances',
    'me_link_tokens',
    'me_sessions',
  ] as const) {
    await tx.db.deleteFrom(table).where('contact_id', '=', contactId).execute();
  }
  await tx.db
    .updateTable('bookings')
    .set({ company_name: null })
    .where('contact_id', '=', contactId)
    .execute();

  for (const { table, columns: names } of columns) {
    for (const column of names) {
      const ref = sql.ref(column);
      let value = sql<string>`${ref}`;
      for (const text of [contact.uuid]) value = sql<string>`replace(${value}, ${text}, ${newId})`;
      for (const text of personal.flatMap(spellings))
        value = sql<string>`replace(${value}, ${text}, ${ERASED})`;
      const matches = sql.join(
        anchors.flatMap(spellings).map((a) => sql`${ref} like ${likePattern(a)} escape '!'`),
        sql` or `,
      );
      await sql`update ${sql.table(table)} set ${ref} = ${value} where ${matches}`.execute(tx.db);
    }
  }

  await tx.db
    .updateTable('contacts')
    .set({
      uuid: newId,
      email: `erased-${newId}@${ANONYMOUS_EMAIL_DOMAIN}`,
      firstname: null,
      lastname: null,
      locale: null,
      attributes: '{}',
      referral_code: null,
      updated_at: isoTimestamp(tx.now),
    })
    .where('id', '=', contactId)
    .execute();
}
