import type { Selectable } from 'kysely';
import type { ContactIdentifier } from '../../../contract/public/contact-identifiers';
import type { ContactIdentifierTable, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { refusal, ServiceError } from '../shared/errors';
import { isoTimestamp } from '../shared/values';

/**
 * A contact identifier row as stored (`active` 0/1, `contact_id` null while unlinked, `blocked_at`
 * set while the office blocks it: then `active` is 0 too).
 */
export type IdentifierRow = Selectable<ContactIdentifierTable>;

/**
 * The one refusal of a card that is not active, for every API that resolves cards (the public
 * identifier lookup, the counter's scan, adding a card, prepaid, the console's search): a card the
 * office blocked answers 60004 with reason `card_blocked` (the kiosk says so in the customer's
 * words), any other inactive card 60004.
 */
export function inactiveCardError(row: Pick<IdentifierRow, 'blocked_at'>): ServiceError {
  if (row.blocked_at !== null)
    return refusal('card_blocked', {
      en: 'This card is blocked; the shop can unblock it',
      nl: 'Deze pas is geblokkeerd; de winkel kan hem weer vrijgeven',
    });
  return new ServiceError(60004);
}

/** The identifier with this exact value, or undefined. Never throws. */
export async function identifierByValue(db: Db, value: string): Promise<IdentifierRow | undefined> {
  return db.selectFrom('contact_identifiers').selectAll().where('value', '=', value).executeTakeFirst();
}

/**
 * The identifier with this value, which must be active (identifier find, link, unlink; and every
 * call that identifies a contact by card).
 * @throws ServiceError 60003 when there is none, 60004 when it is inactive (reason `card_blocked`
 * when the office blocked it).
 */
export async function activeIdentifierByValue(db: Db, value: string): Promise<IdentifierRow> {
  const row = await identifierByValue(db, value);
  if (!row) throw new ServiceError(60003);
  if (row.active !== 1) throw inactiveCardError(row);
  return row;
}

/** Spec "Contact Identifier": `{name, value, active, contact: {uuid, email} | null}`. */
export async function identifierView(db: Db, row: IdentifierRow): Promise<ContactIdentifier> {
  const contact =
    row.contact_id === null
      ? undefined
      : await db
          .selectFrom('contacts')
          .select(['uuid', 'email'])
          .where('id', '=', row.contact_id)
          .executeTakeFirst();
  return { name: row.name, value: row.value, active: row.active === 1, contact: contact ?? null };
}

/** The Contact Identifier view of the identifier with this id, as receptions embed it; null for none. */
export async function identifierViewById(db: Db, id: number | null): Promise<ContactIdentifier | null> {
  if (id === null) return null;
  const row = await db.selectFrom('contact_identifiers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? identifierView(db, row) : null;
}

/**
 * Creates an active identifier; `name` defaults to the value, `contactId` links it directly
 * (spec "Contact identifiers": POST). The caller resolves the contact (55031).
 * @throws ServiceError 60006 when an identifier with this value exists.
 */
export async function createIdentifier(
  tx: Tx,
  input: { value: string; name?: string | undefined; contactId?: number | null | undefined },
): Promise<IdentifierRow> {
  const row = await insertIdentifier(tx.db, {
    value: input.value,
    name: input.name?.trim() || input.value,
    active: true,
    contactId: input.contactId ?? null,
    createdAt: isoTimestamp(tx.now),
  });
  if (!row) throw new ServiceError(60006);
  return row;
}

/**
 * Stores an identifier unless one with its value exists: ON CONFLICT keeps a concurrent create of
 * the same value from surfacing as a database error. Shared by the create call and the fixture
 * loader (whose cards may be inactive).
 * @returns the row; undefined when the value is taken (nothing written).
 */
export async function insertIdentifier(
  db: Db,
  values: { value: string; name: string; active: boolean; contactId: number | null; createdAt: string },
): Promise<IdentifierRow | undefined> {
  return db
    .insertInto('contact_identifiers')
    .values({
      value: values.value,
      name: values.name,
      active: values.active ? 1 : 0,
      contact_id: values.contactId,
      created_at: values.createdAt,
    })
    .onConflict((oc) => oc.column('value').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Links an unlinked, active identifier to a contact (state table: unlinked → linked).
 * The caller resolves the contact (55031).
 * @throws ServiceError 60003 unknown, 60004 inactive, 60014 already linked (to any contact).
 */
export async function linkIdentifier(tx: Tx, value: string, contactId: number): Promise<IdentifierRow> {
  const row = await activeIdentifierByValue(tx.db, value);
  // Conditional on still being unlinked, so two concurrent links cannot both win.
  const result = await tx.db
    .updateTable('contact_identifiers')
    .set({ contact_id: contactId })
    .where('id', '=', row.id)
    .where('contact_id', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new ServiceError(60014);
  return { ...row, contact_id: contactId };
}

/**
 * Unlinks an active identifier from its contact (state table: linked → unlinked); unlinking an
 * unlinked identifier changes nothing.
 * @throws ServiceError 60003 unknown, 60004 inactive.
 */
export async function unlinkIdentifier(tx: Tx, value: string): Promise<IdentifierRow> {
  const row = await activeIdentifierByValue(tx.db, value);
  await tx.db.updateTable('contact_identifiers').set({ contact_id: null }).where('id', '=', row.id).execute();
  return { ...row, contact_id: null };
}

/**
 * Deletes an identifier, active or not. Credit receptions, prepaid transactions and reward
 * receptions made with it keep their contact but no longer name the identifier (the schema has no
 * soft delete).
 * @returns the identifier as it was (the real platform answers it; its PHP SDK maps it).
 * @throws ServiceError 60003 when there is none.
 */
export async function deleteIdentifier(tx: Tx, value: string): Promise<ContactIdentifier> {
  const row = await identifierByValue(tx.db, value);
  if (!row) throw new ServiceError(60003);
  const deleted = await identifierView(tx.db, row);
  for (const table of ['credit_receptions', 'prepaid_transactions', 'reward_receptions'] as const) {
    await tx.db
      .updateTable(table)
      .set({ contact_identifier_id: null })
      .where('contact_identifier_id', '=', row.id)
      .execute();
  }
  await tx.db.deleteFrom('contact_identifiers').where('id', '=', row.id).execute();
  return deleted;
}

/**
 * Blocks or unblocks a card in the office (docs/office.md "Customer service"): blocked, it is
 * inactive with `blocked_at` set, so every API refuses it (inactiveCardError); unblocked, it is
 * active again. Only a block is undone: a card inactive for another reason (the fixture's) can be
 * neither blocked nor unblocked. Blocking a blocked card, or unblocking an unblocked one, changes
 * nothing.
 * @returns the card as it was and as it is.
 * @throws ServiceError 1003 (HTTP 409) naming `blocked` for a card inactive for another reason.
 */
export async function setIdentifierBlocked(
  tx: Tx,
  row: IdentifierRow,
  blocked: boolean,
): Promise<{ before: IdentifierRow; after: IdentifierRow }> {
  if (row.active !== 1 && row.blocked_at === null) {
    throw new ServiceError(1003, {
      status: 409,
      fields: {
        blocked: ['This card is inactive (not blocked in the office): it cannot be blocked or unblocked.'],
      },
    });
  }
  if (blocked === (row.blocked_at !== null)) return { before: row, after: row };
  const changes = blocked ? { active: 0, blocked_at: isoTimestamp(tx.now) } : { active: 1, blocked_at: null };
  const after = await tx.db
    .updateTable('contact_identifiers')
    .set(changes)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: row, after };
}
