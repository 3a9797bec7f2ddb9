import type { KioskEditableField, PortalCard, PortalProfile, PortalStats } from '../../contract/portal';
import type { Db } from '../db/schema';
import type { Tx } from '../db/transaction';
import { updateContact } from './contact-profile';
import { contactById } from './contacts';
import { invalidField, ServiceError } from './errors';
import { hint } from './portal-payments';
import { recordEvent } from './portal-session-events';
import { type PortalSessionRow, requireContact } from './portal-session-guards';
import { accountLook } from './portal-session-views';
import { bool, fromCenti, jsonObject } from './values';

/*
 * The customer portal's own page (identify sessions): visit stats, cards to remove, and the
 * profile fields the account marks as editable (`settings.editable_contact_fields`).
 */

/** A card as the portal shows it: its id (to remove it), last 4 characters, name and state. */
export function portalCard(row: { id: number; value: string; name: string; active: number }): PortalCard {
  return { id: row.id, value_hint: hint(row.value), name: row.name, active: bool(row.active) };
}

/**
 * The customer's visits: each credit reception that earned credits (a purchase at the till) and
 * each recorded visit; the last of them; and every credit earned (reversals left out).
 */
export async function sessionStats(db: Db, session: PortalSessionRow): Promise<PortalStats> {
  const contactId = requireContact(session);
  const [receptions, visits] = await Promise.all([
    db
      .selectFrom('credit_receptions')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('created_at').as('last'),
        eb.fn.sum<number>('credits_centi').as('centi'),
      ])
      .where('contact_id', '=', contactId)
      .where('credits_centi', '>', 0)
      .where('reverses_id', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('credit_receptions as r')
              .select('r.id')
              .whereRef('r.reverses_id', '=', 'credit_receptions.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('visits')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
      .where('contact_id', '=', contactId)
      .executeTakeFirstOrThrow(),
  ]);
  const last = [receptions.last, visits.last]
    .filter((v): v is string => typeof v === 'string')
    .sort()
    .pop();
  return {
    visits: Number(receptions.count) + Number(visits.count),
    last_visit_at: last ?? null,
    total_credits_earned: fromCenti(Number(receptions.centi ?? 0)),
  };
}

/**
 * Removes one of the identified customer's cards (portal API POST cards/remove): the card is
 * unlinked, not deleted, so its history stays and it can be linked again. Records `card_removed`
 * `{contact: {uuid}, contact_identifier: {name, value_hint}}`.
 * @throws ServiceError 1003 (HTTP 404) naming card_id when it is not one of the customer's cards.
 */
export async function removeCardInSession(
  tx: Tx,
  session: PortalSessionRow,
  cardId: number,
): Promise<PortalCard> {
  const contactId = requireContact(session);
  const card = await tx.db
    .selectFrom('contact_identifiers')
    .select(['id', 'value', 'name', 'active'])
    .where('id', '=', cardId)
    .where('contact_id', '=', contactId)
    .executeTakeFirst();
  if (!card) invalidField('card_id', 'This is not one of your cards.', { status: 404 });
  await tx.db
    .updateTable('contact_identifiers')
    .set({ contact_id: null })
    .where('id', '=', card.id)
    .execute();
  const contact = await contactById(tx.db, contactId);
  const removed = portalCard(card);
  await recordEvent(tx, session, 'card_removed', {
    contact: { uuid: contact.uuid },
    contact_identifier: { name: removed.name, value_hint: removed.value_hint },
  });
  return removed;
}

/** The account's editable profile fields, in its order. */
async function editableFields(db: Db): Promise<KioskEditableField[]> {
  return (await accountLook(db)).kiosk.editable_contact_fields;
}

/** The identified customer's editable profile fields and their values (null when unset). */
export async function sessionProfile(db: Db, session: PortalSessionRow): Promise<PortalProfile> {
  const contact = await contactById(db, requireContact(session));
  const attributes = jsonObject(contact.attributes);
  const fields = await editableFields(db);
  return {
    fields: fields.map((name) => {
      const value = name === 'firstname' || name === 'lastname' ? contact[name] : attributes[name];
      return { name, value: typeof value === 'string' && value !== '' ? value : null };
    }),
  };
}

/**
 * Changes the customer's editable profile fields (portal API POST profile): only the fields the
 * account marks as editable, each checked as the public API's contact update checks it (null or ''
 * clears). Records `profile_changed` `{contact: {uuid}, fields: [names]}`.
 * @throws ServiceError 1003 naming `attributes.<field>` for a field that is not editable here or a
 * value that is not valid; nothing changes then.
 */
export async function updateProfileInSession(
  tx: Tx,
  session: PortalSessionRow,
  attributes: Record<string, string | null>,
): Promise<PortalProfile> {
  const contactId = requireContact(session);
  const editable = new Set<string>(await editableFields(tx.db));
  const refused = Object.keys(attributes).filter((key) => !editable.has(key));
  if (refused.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(
        refused.map((key) => [`attributes.${key}`, [`The ${key} field cannot be changed here.`]]),
      ),
    });
  }
  const contact = await contactById(tx.db, contactId);
  await updateContact(tx, contact.uuid, attributes);
  await recordEvent(tx, session, 'profile_changed', {
    contact: { uuid: contact.uuid },
    fields: Object.keys(attributes),
  });
  return sessionProfile(tx.db, session);
}
