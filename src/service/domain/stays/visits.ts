import type { CreateVisitBody, UpdateVisitBody, Visit } from '../../../contract/public/visits';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { type Actor, actsForShop } from '../shared/actor';
import { fieldError, refusal } from '../shared/errors';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { checkChangedTimeOrder, newStayValues, refuseFixedFields, stayView } from './stays';

const externalIdTaken = () =>
  fieldError('external_id', 'The external id has already been taken.', { status: 409 });

async function visitView(db: Db, id: number): Promise<Visit> {
  const row = await db
    .selectFrom('visits')
    .innerJoin('contacts', 'contacts.id', 'visits.contact_id')
    .selectAll('visits')
    .select(['contacts.uuid as contact_uuid', 'contacts.email'])
    .where('visits.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...stayView(row), created_at: apiTimestamp(row.created_at) };
}

/**
 * Spec POST /v3/oauth/clients/visits: a contact's visit to a shop.
 * @throws ServiceError 55031, 1008, 1003 (ends_at before starts_at), 1003 (409) external_id taken.
 */
export async function createVisit(tx: Tx, actor: Actor, input: CreateVisitBody): Promise<Visit> {
  const values = await newStayValues(tx, actor, input);
  // external_id is UNIQUE: a concurrent duplicate inserts nothing.
  const row = await tx.db
    .insertInto('visits')
    .values(values)
    .onConflict((oc) => oc.column('external_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw externalIdTaken();
  return visitView(tx.db, row.id);
}

/**
 * Spec PUT /v3/oauth/clients/visits/{uuid}: external_id, source, starts_at, ends_at (null clears);
 * contact and shop cannot change. A shop-bound key changes only its shop's visits (actsForShop).
 * @throws ServiceError 1003 naming contact_uuid/shop_uuid, 1003 (ends_at before starts_at),
 * 1003 (404) unknown visit or another shop's, 1003 (409) external_id taken.
 */
export async function updateVisit(
  tx: Tx,
  actor: Actor,
  uuid: string,
  input: UpdateVisitBody,
): Promise<Visit> {
  refuseFixedFields(input, ['contact_uuid', 'shop_uuid']);
  const row = await tx.db.selectFrom('visits').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  // Another shop's visit answers as an unknown one (docs/trust-model.md), as bookings do.
  if (!row || !actsForShop(actor, row.shop_id)) throw refusal('visit_not_found', 'Visit not found');
  const changes = {
    external_id: input.external_id,
    source: input.source,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
  };
  checkChangedTimeOrder(row, changes);
  if (changes.external_id != null && changes.external_id !== row.external_id) {
    const taken = await tx.db
      .selectFrom('visits')
      .select('id')
      .where('external_id', '=', changes.external_id)
      .executeTakeFirst();
    if (taken) throw externalIdTaken();
  }
  await tx.db
    .updateTable('visits')
    .set({ ...changes, updated_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .execute();
  return visitView(tx.db, row.id);
}
