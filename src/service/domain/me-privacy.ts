/*
 * The customer's privacy rights on /me/ (docs/me.md "Your data"): a copy of everything stored
 * about them (GDPR article 15), and erasure of their account (article 17) — their personal data and
 * identifiers go; their ledger rows stay, anonymised, so that every balance and every shop's totals
 * stay exact.
 *
 * The export finds the customer's rows by reference: rows that name their contact id, the events of
 * portal sessions while they were its customer, and cashier actions whose data holds their uuid.
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

/** JSON text parsed, or undefined when it is none. */
function parsed(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether `value` (parsed JSON) holds the string `text` whole, at any depth. */
function holds(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value === text;
  if (Array.isArray(value)) return value.some((v) => holds(v, text));
  if (value && typeof value === 'object') return Object.values(value).some((v) => holds(v, text));
  return false;
}

// LIKE's own characters in a value are matched as themselves (ESCAPE '!').
const likePattern = (value: string) => `%${value.replace(/[!%_]/g, '!$&')}%`;

/**
 * The rows of `table` whose JSON `column` holds the uuid whole. The text search only narrows the
 * rows read (a uuid is a random key no other value contains); each is decided by its parsed JSON.
 */
async function rowsNaming(db: Db, table: keyof Database, column: string, uuid: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table)}
    where ${sql.ref(column)} like ${likePattern(uuid)} escape '!'`.execute(db);
  return rows.filter((row) => holds(parsed(row[column] as string | null), uuid));
}

/** The uuid of the contact an event's data names (`data.contact.uuid`), if any. */
function namedContact(data: unknown): string | undefined {
  const contact = (data as { contact?: { uuid?: unknown } } | null)?.contact;
  return typeof contact?.uuid === 'string' ? contact.uuid : undefined;
}

const IDENTIFYING_EVENTS = new Set(['contact_identified', 'contact_registered']);

/**
 * Whose each of a session's events is (by uuid; null: nobody's), oldest first. An event naming a
 * contact (`data.contact.uuid`) is theirs; any other is the customer's the session had when it was
 * written: the one last identified (contact_identified, contact_registered). Before the first
 * identification that is the session's contact when it never had another (the POS's customer;
 * a session of one customer), else nobody: a session another customer used first gives the next
 * customer none of the first one's events.
 */
export function eventOwners(
  events: readonly { type: string; data: unknown }[],
  sessionContactUuid: string | null,
): (string | null)[] {
  const identifiedOnly = events.every(
    (e) => !IDENTIFYING_EVENTS.has(e.type) || namedContact(e.data) === sessionContactUuid,
  );
  let current = identifiedOnly ? sessionContactUuid : null;
  return events.map((e) => {
    const named = namedContact(e.data);
    if (IDENTIFYING_EVENTS.has(e.type) && named) current = named;
    return named ?? current;
  });
}

/**
 * The contact's portal session events (full rows, oldest first, by session): every event of each
 * session they were a customer of (its contact, or named in its events) that eventOwners gives
 * them.
 */
async function contactEvents(db: Db, contactId: number, uuid: string): Promise<Row[]> {
  const own = await db
    .selectFrom('portal_sessions')
    .select('id')
    .where('contact_id', '=', contactId)
    .execute();
  const named = await rowsNaming(db, 'portal_session_events', 'data', uuid);
  const ids = [...new Set([...own.map((s) => s.id), ...named.map((row) => Number(row.portal_session_id))])];
  const out: Row[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const sessions = await db
      .selectFrom('portal_sessions as s')
      .leftJoin('contacts as c', 'c.id', 's.contact_id')
      .select(['s.id', 'c.uuid as contact_uuid'])
      .where('s.id', 'in', chunk)
      .orderBy('s.id')
      .execute();
    const events = await db
      .selectFrom('portal_session_events')
      .selectAll()
      .where('portal_session_id', 'in', chunk)
      .orderBy('id')
      .execute();
    const bySession = new Map<number, typeof events>();
    for (const e of events) {
      const list = bySession.get(e.portal_session_id) ?? [];
      list.push(e);
      bySession.set(e.portal_session_id, list);
    }
    for (const session of sessions) {
      const rows = bySession.get(session.id) ?? [];
      const owners = eventOwners(
        rows.map((e) => ({ type: e.type, data: parsed(e.data) })),
        session.contact_uuid,
      );
      out.push(...rows.filter((_, n) => owners[n] === uuid));
    }
  }
  return out;
}

/**
 * The cashier actions about the contact: those whose data names their uuid, and those of their
 * portal sessions that name no contact.
 */
async function contactCashierActions(db: Db, contactId: number, uuid: string): Promise<Row[]> {
  const named = await rowsNaming(db, 'cashier_actions', 'data', uuid);
  const inSessions = await db
    .selectFrom('cashier_actions as a')
    .innerJoin('portal_sessions as s', 's.id', 'a.portal_session_id')
    .selectAll('a')
    .where('s.contact_id', '=', contactId)
    .execute();
  const rows = new Map<number, Row>();
  for (const row of named) rows.set(Number(row.id), row);
  for (const row of inSessions) {
    if (typeof (parsed(row.data) as { contact_uuid?: unknown } | undefined)?.contact_uuid !== 'string')
      rows.set(row.id, row);
  }
  return [...rows.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** The export of /me/: the contact's row and every table's rows about them, by table name. */
export interface MeExport {
  exported_at: string;
  contact: Row;
  tables: Record<string, Row[]>;
}

/**
 * Everything stored about the contact (GET /me/api/export): their contact row (profile and custom
 * attribute values); by table, every row that names them (CONTACT_TABLES); the events of portal
 * sessions that are theirs, event by event (eventOwners: none of another customer's who used the
 * same session); and the cashier actions about them. Secrets are left out.
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
  tables.portal_session_events = (await contactEvents(db, contactId, contact.uuid)).map(exported);
  tables.cashier_actions = (await contactCashierActions(db, contactId, contact.uuid)).map(exported);
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
