import type { ContactIdentifier } from '../../../contract/public/contact-identifiers';
import type { ContactIdentifierTable, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { ServiceError } from '../shared/errors';
import { isoTimestamp } from '../shared/values';

/** A contact identifier row as stored (`active` 0/1, `contact_id` null while unlinked). */
export type IdentifierRow = Omit<ContactIdentifierTable, 'id'> & { id: number };

/** The identifier with this exact value, or undefined. Never throws. */
export async function identifierByValue(db: Db, value: string): Promise<IdentifierRow | undefined> {
  return db.selectFrom('contact_identifiers').selectAll().where('value', '=', value).executeTakeFirst();
}

/**
 * The identifier with this value, which must be active (identifier find, link, unlink; and every
 * call that identifies a contact by card).
 * @throws ServiceError 60003 when there is none, 60004 when it is inactive.
 */
export async function activeIdentifierByValue(db: Db, value: string): Promise<IdentifierRow> {
  const row = await identifierByValue(db, value);
  if (!row) throw new ServiceError(60003);
  if (row.active !== 1) throw new ServiceError(60004);
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
