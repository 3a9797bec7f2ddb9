import type { PortalCard, PortalStats } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { removeContactCard } from '../contacts/cards';
import { contactById } from '../contacts/contacts';
import { recordEvent } from '../portal-sessions/events';
import { type PortalSessionRow, requireProvenContact } from '../portal-sessions/guards';
import { apiTimestamp, fromCenti } from '../shared/values';

/*
 * The customer portal's own page (identify sessions): visit stats and cards to remove, for a
 * customer who has proved it is them. Nothing of the profile: the counter shows none of it
 * (docs/trust-model.md).
 */

/**
 * The customer's visits: each credit reception that earned credits (a purchase at the till) and
 * each recorded visit; the last of them; and every credit earned (reversals left out).
 */
export async function sessionStats(db: Db, session: PortalSessionRow): Promise<PortalStats> {
  const contactId = requireProvenContact(session);
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
    last_visit_at: apiTimestamp(last ?? null),
    total_credits_earned: fromCenti(Number(receptions.centi ?? 0)),
  };
}

/**
 * Removes one of the identified customer's cards (the v1 component's DELETE contact-identifiers):
 * the card is unlinked, not deleted, so its history stays and it can be linked again. Records
 * `card_removed` `{contact: {uuid}, contact_identifier: {name, value_hint}}`.
 * @throws ServiceError 1003 (HTTP 404) naming card_id when it is not one of the customer's cards.
 */
export async function removeCardInSession(
  tx: Tx,
  session: PortalSessionRow,
  cardId: number,
): Promise<PortalCard> {
  const contactId = requireProvenContact(session);
  const removed = await removeContactCard(tx, contactId, cardId, 'card_id');
  const contact = await contactById(tx.db, contactId);
  await recordEvent(tx, session, 'card_removed', {
    contact: { uuid: contact.uuid },
    contact_identifier: { name: removed.name, value_hint: removed.value_hint },
  });
  return removed;
}
