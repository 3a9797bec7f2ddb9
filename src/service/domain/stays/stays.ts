import type { Tx } from '../../db/transaction';
import { resolveShop } from '../account/shops';
import { contactByUuid } from '../contacts/contacts';
import type { Actor } from '../shared/actor';
import { invalidField, ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';

// What bookings and visits share: a contact's stay at a shop, from starts_at to ends_at.

/** The request fields of a new stay (booking or visit); timestamps ISO 8601 with offset. */
export interface StayInput {
  contact_uuid: string;
  shop_uuid?: string | undefined;
  external_id?: string | null | undefined;
  source?: string | null | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
}

/** The stored fields every stay has, to read one back (contact joined). */
export interface StayRow {
  uuid: string;
  contact_uuid: string;
  email: string;
  external_id: string | null;
  source: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

/**
 * Refuses the fields an update may not send (spec: "shop and contact cannot change").
 * @throws ServiceError 1003 naming each one present.
 */
export function refuseFixedFields(input: Record<string, unknown>, fixed: string[]): void {
  const sent = fixed.filter((k) => input[k] !== undefined);
  if (sent.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(sent.map((k) => [k, [`The ${k} field cannot change.`]])),
    });
  }
}

/** @throws ServiceError 1003 naming ends_at when it is before starts_at (both ISO 8601 with offset). */
export function checkTimeOrder(startsAt: string | null, endsAt: string | null): void {
  if (startsAt !== null && endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)) {
    invalidField('ends_at', 'The ends at field must be a date after or equal to starts at.');
  }
}

/**
 * checkTimeOrder on a stored stay with `changes` applied (undefined keeps a time, null clears it).
 * @throws ServiceError 1003 naming ends_at.
 */
export function checkChangedTimeOrder(
  row: { starts_at: string | null; ends_at: string | null },
  changes: { starts_at?: string | null | undefined; ends_at?: string | null | undefined },
): void {
  checkTimeOrder(
    changes.starts_at === undefined ? row.starts_at : changes.starts_at,
    changes.ends_at === undefined ? row.ends_at : changes.ends_at,
  );
}

/**
 * The columns every new stay stores: its contact, the actor's shop (or `shop_uuid`), external_id,
 * source and times as sent, created now.
 * @throws ServiceError 55031 unknown contact, 1008 (shop), 1003 (ends_at before starts_at).
 */
export async function newStayValues(tx: Tx, actor: Actor, input: StayInput) {
  const contact = await contactByUuid(tx.db, input.contact_uuid);
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  checkTimeOrder(input.starts_at ?? null, input.ends_at ?? null);
  const at = isoTimestamp(tx.now);
  return {
    uuid: newUuid(),
    contact_id: contact.id,
    shop_id: shop.id,
    external_id: input.external_id ?? null,
    source: input.source ?? null,
    starts_at: input.starts_at ?? null,
    ends_at: input.ends_at ?? null,
    created_at: at,
    updated_at: at,
  };
}

/** The response fields every stay shows, up to ends_at, in the spec's order. */
export function stayView(row: StayRow) {
  return {
    uuid: row.uuid,
    contact: { uuid: row.contact_uuid, email: row.email },
    external_id: row.external_id,
    source: row.source,
    starts_at: apiTimestamp(row.starts_at),
    ends_at: apiTimestamp(row.ends_at),
  };
}
