/*
 * A contact's cards (contact identifiers of the loyalty-card kind) as every API that shows or changes
 * them calls them: the counter's component (v1), the customer's page /me/ and the public API.
 */
import type { PortalCard } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { hint } from '../portal-sessions/payments';
import { invalidField } from '../shared/errors';
import { bool } from '../shared/values';
import {
  createIdentifier,
  type IdentifierRow,
  identifierByValue,
  inactiveCardError,
  linkIdentifier,
} from './identifiers';

/** A contact's cards (contact identifiers) as stored, oldest first (the v1 component and /me/). */
export function contactCards(db: Db, contactId: number) {
  return db
    .selectFrom('contact_identifiers')
    .select(['id', 'value', 'name', 'active', 'created_at'])
    .where('contact_id', '=', contactId)
    .orderBy('id')
    .execute();
}

/**
 * Adds a card to a contact at the counter (the v1 component): an unknown value becomes a new card ("Loyalty
 * card", so that its name does not show its value) linked to them, an unlinked card is linked;
 * their own card is answered as it is (`added` false).
 * @throws ServiceError 60004 inactive card, 60014 linked to someone else, 60006 created meanwhile.
 */
export async function addContactCard(
  tx: Tx,
  contactId: number,
  value: string,
): Promise<{ card: IdentifierRow; added: boolean }> {
  const existing = await identifierByValue(tx.db, value);
  if (existing && existing.active !== 1) throw inactiveCardError(existing);
  if (existing?.contact_id === contactId) return { card: existing, added: false };
  const card = existing
    ? await linkIdentifier(tx, value, contactId)
    : await createIdentifier(tx, { value, name: 'Loyalty card', contactId });
  return { card, added: true };
}

/** A card as the portal shows it: its id (to remove it), last 4 characters, name and state. */
export function portalCard(row: { id: number; value: string; name: string; active: number }): PortalCard {
  return { id: row.id, value_hint: hint(row.value), name: row.name, active: bool(row.active) };
}

/**
 * Unlinks one of a contact's cards (the v1 component and /me/): not deleted, so its history stays and it
 * can be linked again. `field` names the card's id in the caller's input.
 * @throws ServiceError 1003 (HTTP 404) naming `field` when it is not one of the contact's cards.
 */
export async function removeContactCard(
  tx: Tx,
  contactId: number,
  cardId: number,
  field: string,
): Promise<PortalCard> {
  const card = await tx.db
    .selectFrom('contact_identifiers')
    .select(['id', 'value', 'name', 'active'])
    .where('id', '=', cardId)
    .where('contact_id', '=', contactId)
    .executeTakeFirst();
  if (!card) invalidField(field, 'This is not one of your cards.', { status: 404 });
  await tx.db
    .updateTable('contact_identifiers')
    .set({ contact_id: null })
    .where('id', '=', card.id)
    .where('contact_id', '=', contactId)
    .execute();
  return portalCard(card);
}
