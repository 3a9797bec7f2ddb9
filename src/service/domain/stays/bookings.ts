import type { Selectable } from 'kysely';
import type { Booking, CreateBookingBody, UpdateBookingBody } from '../../../contract/public/bookings';
import type { Db } from '../../db/schema';
import type { BookingTable } from '../../db/schema-catalog';
import type { Tx } from '../../db/transaction';
import { type Actor, actsForShop } from '../shared/actor';
import { refusal } from '../shared/errors';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { checkChangedTimeOrder, newStayValues, refuseFixedFields, stayView } from './stays';

type BookingRow = Selectable<BookingTable>;

async function bookingView(db: Db, id: number): Promise<Booking> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('contacts', 'contacts.id', 'bookings.contact_id')
    .selectAll('bookings')
    .select(['contacts.uuid as contact_uuid', 'contacts.email'])
    .where('bookings.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...stayView(row),
    checked_in_at: apiTimestamp(row.checked_in_at),
    created_at: apiTimestamp(row.created_at),
  };
}

/**
 * Spec POST /bookings for the actor's shop (or `shop_uuid` with an unbound key). Timestamps are kept
 * as sent; `prepaid_amount` in cents; `status` free text.
 * @throws ServiceError 55031, 1008, 1003 (ends_at before starts_at).
 */
export async function createBooking(tx: Tx, actor: Actor, input: CreateBookingBody): Promise<Booking> {
  const values = await newStayValues(tx, actor, input);
  const { id } = await tx.db
    .insertInto('bookings')
    .values({
      ...values,
      checked_in_at: input.checked_in_at ?? null,
      number_of_people: input.number_of_people ?? null,
      company_name: input.company_name ?? null,
      status: input.status ?? null,
      prepaid_amount: input.prepaid_amount ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bookingView(tx.db, id);
}

/**
 * Spec PUT /bookings/{uuid}: the fields sent change (null clears one); contact and shop cannot.
 * A shop-bound key sees only its shop's bookings.
 * @throws ServiceError 1003 naming contact_uuid/shop_uuid, 1003 (ends_at before starts_at),
 * 1003 (404) unknown booking.
 */
export async function updateBooking(
  tx: Tx,
  actor: Actor,
  uuid: string,
  input: UpdateBookingBody,
): Promise<Booking> {
  refuseFixedFields(input, ['contact_uuid', 'shop_uuid']);
  const row: BookingRow | undefined = await tx.db
    .selectFrom('bookings')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row || !actsForShop(actor, row.shop_id)) {
    throw refusal('booking_not_found', 'Booking not found');
  }
  const changes = {
    external_id: input.external_id,
    source: input.source,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    checked_in_at: input.checked_in_at,
    number_of_people: input.number_of_people,
    company_name: input.company_name,
    status: input.status,
    prepaid_amount: input.prepaid_amount,
  };
  checkChangedTimeOrder(row, changes);
  await tx.db
    .updateTable('bookings')
    .set({ ...changes, updated_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .execute();
  return bookingView(tx.db, row.id);
}
