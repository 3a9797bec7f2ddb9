import type { Selectable } from 'kysely';
import type { Booking, CreateBookingBody, UpdateBookingBody } from '../../contract/public/bookings';
import type { Db } from '../db/schema';
import type { BookingTable } from '../db/schema-catalog';
import type { Tx } from '../db/transaction';
import type { Actor } from './actor';
import { contactByUuid } from './contacts';
import { ServiceError } from './errors';
import { resolveShop } from './shops';
import { isoTimestamp, newUuid } from './values';

type BookingRow = Selectable<BookingTable>;

/**
 * Refuses the fields an update may not send (spec: "shop and contact cannot change").
 * @throws ServiceError 1003 naming each one present.
 */
export function refuseFixedFields(input: Record<string, unknown>, fixed: string[]): void {
  const sent = fixed.filter((k) => input[k] !== undefined);
  if (sent.length > 0) {
    throw new ServiceError(1003, Object.fromEntries(sent.map((k) => [k, [`The ${k} field cannot change.`]])));
  }
}

/** @throws ServiceError 1003 naming ends_at when it is before starts_at (both ISO 8601 with offset). */
export function checkTimeOrder(startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
    throw new ServiceError(1003, {
      ends_at: ['The ends at field must be a date after or equal to starts at.'],
    });
  }
}

async function bookingView(db: Db, id: number): Promise<Booking> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('contacts', 'contacts.id', 'bookings.contact_id')
    .selectAll('bookings')
    .select(['contacts.uuid as contact_uuid', 'contacts.email'])
    .where('bookings.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    uuid: row.uuid,
    contact: { uuid: row.contact_uuid, email: row.email },
    external_id: row.external_id,
    source: row.source,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    checked_in_at: row.checked_in_at,
    created_at: row.created_at,
  };
}

/**
 * Spec POST /bookings for the actor's shop (or `shop_uuid` with an unbound key). Timestamps are kept
 * as sent; `prepaid_amount` in cents; `status` free text.
 * @throws ServiceError 55031, 1008, 1003 (ends_at before starts_at).
 */
export async function createBooking(tx: Tx, actor: Actor, input: CreateBookingBody): Promise<Booking> {
  const contact = await contactByUuid(tx.db, input.contact_uuid);
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  checkTimeOrder(input.starts_at ?? null, input.ends_at ?? null);
  const at = isoTimestamp(tx.now);
  const { id } = await tx.db
    .insertInto('bookings')
    .values({
      uuid: newUuid(),
      contact_id: contact.id,
      shop_id: shop.id,
      external_id: input.external_id ?? null,
      source: input.source ?? null,
      starts_at: input.starts_at ?? null,
      ends_at: input.ends_at ?? null,
      checked_in_at: input.checked_in_at ?? null,
      number_of_people: input.number_of_people ?? null,
      company_name: input.company_name ?? null,
      status: input.status ?? null,
      prepaid_amount: input.prepaid_amount ?? null,
      created_at: at,
      updated_at: at,
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
  if (!row || (actor.shopId !== null && row.shop_id !== actor.shopId)) {
    throw new ServiceError(1003, undefined, 'Booking not found', 404);
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
  checkTimeOrder(
    changes.starts_at === undefined ? row.starts_at : changes.starts_at,
    changes.ends_at === undefined ? row.ends_at : changes.ends_at,
  );
  await tx.db
    .updateTable('bookings')
    .set({ ...changes, updated_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .execute();
  return bookingView(tx.db, row.id);
}
