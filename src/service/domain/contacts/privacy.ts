/*
 * The customer's privacy rights on /me/ (docs/me.md "Your data"): a copy of everything stored
 * about them (GDPR article 15), and erasure of their account (article 17) — their personal data and
 * identifiers go; their ledger rows stay, anonymised, so that every balance and every shop's totals
 * stay exact.
 *
 * Both find the customer's rows by reference, never by searching text for their values: rows that
 * name their contact id, the events of portal sessions while they were its customer, and JSON
 * records (the webhook outbox, replayed answers, cashier actions) whose parsed fields hold their
 * uuid. Erasure then replaces whole values in those rows only: another customer's card `CARD-0001`
 * or address `joann@…` is never touched by the erasure of `CARD` or `ann@…`.
 */
import { sql } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { eraseAuditOfContact } from '../office/audit';
import { apiTimestamp, isoTimestamp, jsonObject, newUuid } from '../shared/values';
import { ANONYMOUS_EMAIL_DOMAIN, contactById, PROFILE_FIELDS } from './contacts';
import { deleteIdentifier } from './identifiers';

/** The tables whose rows name the contact by `contact_id`: every one is exported (and erased: CONTACT_TABLE_ERASURE). */
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
  'audit_log',
  'credit_corrections',
] as const satisfies readonly (keyof Database)[];

/**
 * What erasure does with each table's rows of the contact: `deleted` (identifiers, secrets,
 * consents: nothing the books need), or `kept` with the contact row, which erasure anonymises
 * (ledgers, sessions, bookings and visits: balances and shop totals need them). A table added to
 * CONTACT_TABLES fails the typecheck until it is listed here.
 */
export const CONTACT_TABLE_ERASURE = {
  contact_shops: 'kept',
  credit_entries: 'kept',
  contact_identifiers: 'deleted',
  contact_session_tokens: 'deleted',
  contact_subscriptions: 'deleted',
  credit_receptions: 'kept',
  portal_sessions: 'kept',
  contact_verification_codes: 'deleted',
  terms_acceptances: 'deleted',
  prepaid_transactions: 'kept',
  vouchers: 'kept',
  reward_receptions: 'kept',
  bookings: 'kept',
  visits: 'kept',
  loyalty_token_claims: 'kept',
  me_link_tokens: 'deleted',
  me_sessions: 'deleted',
  // Entries stay (who did what at the till); eraseAuditOfContact empties their values.
  audit_log: 'kept',
  // An office points correction's reason (its credit reception stays, as every ledger row).
  credit_corrections: 'deleted',
} as const satisfies Record<(typeof CONTACT_TABLES)[number], 'deleted' | 'kept'>;

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
const JSON_COLUMNS = new Set(['attributes', 'settings', 'data', 'before', 'after']);
/** Columns of a table that are not the customer's to have: the staff member's client address. */
const OTHERS_COLUMNS: Partial<Record<keyof Database, ReadonlySet<string>>> = {
  audit_log: new Set(['address']),
};

type Row = Record<string, unknown>;
const TIMESTAMP_KEY = /(_at|_date|_until)$/;

function exported(row: Row, others?: ReadonlySet<string>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(key) || others?.has(key)) continue;
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
    tables[table] = (rows as Row[]).map((row) => exported(row, OTHERS_COLUMNS[table]));
  }
  tables.portal_session_events = (await contactEvents(db, contactId, contact.uuid)).map((row) =>
    exported(row),
  );
  tables.cashier_actions = (await contactCashierActions(db, contactId, contact.uuid)).map((row) =>
    exported(row),
  );
  return { exported_at: apiTimestamp(isoTimestamp(now))!, contact: exported(contact as Row), tables };
}

/** What an erased value reads as where it was written into the contact's records (events, outbox, replays). */
export const ERASED = '[erased]';

/** Keys of a contact's own object (the one with their uuid) that hold personal values. */
const CONTACT_KEYS = new Set<string>([
  'email',
  'email_hint',
  'firstname',
  'lastname',
  'first_name',
  'last_name',
  'age',
  'default_contact_identifier',
  ...PROFILE_FIELDS,
]);

/** What erasure replaces in a record of the contact's. */
interface Erasure {
  uuid: string;
  newUuid: string;
  /** Whole values that become ERASED wherever they stand in the record. */
  values: Set<string>;
  /** Keys whose values become ERASED inside the contact's own object (CONTACT_KEYS, attributes). */
  keys: Set<string>;
}

// A string reads ERASED; any other value (a number, a list, null) becomes null.
const erasedValue = (value: unknown) => (typeof value === 'string' ? ERASED : null);

/** A card as a record shows it (`contact_identifier`: the value, or `{value, value_hint, …}`), erased. */
function erasedCard(card: unknown): unknown {
  if (typeof card === 'string') return ERASED;
  if (!card || typeof card !== 'object' || Array.isArray(card)) return card;
  const out: Row = { ...(card as Row) };
  for (const key of ['value', 'value_hint']) if (typeof out[key] === 'string') out[key] = ERASED;
  return out;
}

/**
 * A record of the contact's (parsed JSON) with their personal values replaced: their uuid by the
 * new one; where a value is whole one of `e.values` (their e-mail address, cards, names, booking
 * company names), by ERASED; every card a `contact_identifier` shows; and in their own contact
 * object (the one with their uuid) every personal key: e-mail, its masked hint, names, profile
 * fields, custom attributes, age, default card, confirmation links. `inContact`: inside that object.
 */
function scrub(value: unknown, e: Erasure, inContact = false): unknown {
  if (typeof value === 'string') {
    if (value === e.uuid) return e.newUuid;
    return e.values.has(value) ? ERASED : value;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, e, inContact));
  if (!value || typeof value !== 'object') return value;
  const object = value as Row;
  const contact = inContact || object.uuid === e.uuid;
  const out: Row = {};
  for (const [key, v] of Object.entries(object)) {
    if (key === 'contact_identifier') out[key] = erasedCard(scrub(v, e, contact));
    else if (contact && (e.keys.has(key) || key.startsWith('double_opt_in_confirmation_url_')))
      out[key] = erasedValue(v);
    else out[key] = scrub(v, e, contact);
  }
  return out;
}

/** The scrubbed JSON text of a record, or undefined when nothing in it changes. */
function scrubbed(text: string | null, e: Erasure): string | undefined {
  const json = parsed(text);
  if (json === undefined) return undefined;
  const next = JSON.stringify(scrub(json, e));
  return next === JSON.stringify(json) ? undefined : next;
}

/**
 * The JSON records that name a contact by uuid, with their keys: the webhook outbox, replayed
 * answers of `Idempotency-Key`, cashier actions, gift card transactions' custom attributes.
 */
const NAMING_RECORDS = [
  { table: 'webhook_deliveries', column: 'payload', keys: ['id'] },
  { table: 'idempotency_keys', column: 'response', keys: ['scope', 'key'] },
  { table: 'cashier_actions', column: 'data', keys: ['id'] },
  { table: 'giftcard_transactions', column: 'attributes', keys: ['id'] },
] as const;

/**
 * Erases a contact's account (/me/ deletion, once its code is verified), in the caller's
 * transaction, by reference: only rows that are the contact's change, found by keys (their contact
 * id, their portal sessions' events that eventOwners gives them, JSON records whose fields hold
 * their uuid), and in those only whole values are replaced; no other customer's row and no row of
 * nobody's changes. Deleted: their cards (receptions made with them keep their amounts), app codes,
 * subscriptions, verification codes, accepted terms, sign-in links and /me/ sessions. Kept,
 * anonymised: the contact row (its balances and totals; a new uuid, a placeholder address that can
 * receive no mail, no names, no attributes) and every ledger row (credit entries and receptions,
 * prepaid and gift card transactions, reward receptions, vouchers, claims, bookings without a
 * company name, visits), so every balance still equals its ledger and every shop's totals stay;
 * their ledger rows no longer name a card. Their session events, outbox deliveries, replayed
 * answers and cashier actions lose every personal value (scrub: `[erased]`, the new uuid); the
 * office's audit entries about them keep who did what, when, but not its values (`{"erased": true}`).
 */
export async function eraseContact(tx: Tx, contactId: number): Promise<void> {
  await tx.lock('contacts', contactId);
  const db = tx.db;
  const contact = await contactById(db, contactId);
  const cards = await db
    .selectFrom('contact_identifiers')
    .select('value')
    .where('contact_id', '=', contactId)
    .execute();
  const companies = await db
    .selectFrom('bookings')
    .select('company_name')
    .where('contact_id', '=', contactId)
    .where('company_name', 'is not', null)
    .execute();
  const attributes = jsonObject(contact.attributes);
  const erasure: Erasure = {
    uuid: contact.uuid,
    newUuid: newUuid(),
    values: new Set(
      [
        contact.email,
        contact.firstname,
        contact.lastname,
        ...cards.map((c) => c.value),
        ...companies.map((c) => c.company_name),
      ].filter((v): v is string => typeof v === 'string' && v.trim() !== ''),
    ),
    keys: new Set([...CONTACT_KEYS, ...Object.keys(attributes)]),
  };

  // Their records first, while their uuid, cards and sessions still find them.
  for (const event of await contactEvents(db, contactId, contact.uuid)) {
    const data = scrubbed(event.data as string, erasure);
    if (data !== undefined)
      await db
        .updateTable('portal_session_events')
        .set({ data })
        .where('id', '=', Number(event.id))
        .execute();
  }
  for (const { table, column, keys } of NAMING_RECORDS) {
    for (const row of await rowsNaming(db, table, column, contact.uuid)) {
      const text = scrubbed(row[column] as string, erasure);
      if (text === undefined) continue;
      const where = sql.join(
        keys.map((k) => sql`${sql.ref(k)} = ${row[k]}`),
        sql` and `,
      );
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${text} where ${where}`.execute(db);
    }
  }
  for (const table of ['credit_receptions', 'vouchers'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'attributes'])
      .where('contact_id', '=', contactId)
      .execute();
    for (const row of rows) {
      const text = scrubbed(row.attributes, erasure);
      if (text !== undefined)
        await db.updateTable(table).set({ attributes: text }).where('id', '=', row.id).execute();
    }
  }

  for (const card of cards) await deleteIdentifier(tx, card.value);
  // Their ledger rows keep no card: one unlinked before may be someone else's now.
  for (const table of ['credit_receptions', 'prepaid_transactions', 'reward_receptions'] as const) {
    await db
      .updateTable(table)
      .set({ contact_identifier_id: null })
      .where('contact_id', '=', contactId)
      .where('contact_identifier_id', 'is not', null)
      .execute();
  }
  await eraseAuditOfContact(tx, contactId);
  for (const table of CONTACT_TABLES) {
    // Cards went above, through the identifiers' own delete.
    if (CONTACT_TABLE_ERASURE[table] === 'deleted' && table !== 'contact_identifiers')
      await db.deleteFrom(table).where('contact_id', '=', contactId).execute();
  }
  await db
    .updateTable('bookings')
    .set({ company_name: null })
    .where('contact_id', '=', contactId)
    .where('company_name', 'is not', null)
    .execute();
  await db
    .updateTable('contacts')
    .set({
      uuid: erasure.newUuid,
      email: `erased-${erasure.newUuid}@${ANONYMOUS_EMAIL_DOMAIN}`,
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
