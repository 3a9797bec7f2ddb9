/*
 * The account's terms and privacy policy as each customer accepted them (docs/trust-model.md): every
 * acceptance is kept with its time and the addresses accepted. Nobody accepts on a customer's
 * behalf: a contact registered where the terms were not shown to them (the real portal component's
 * registration, docs/v1-api.md) has them pending, and is asked where they next sign in — the
 * kiosk, once they proved it is them, or /me/.
 */
import type { PortalContact } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { recordEvent } from '../portal-sessions/events';
import { type PortalSessionRow, requireProvenContact } from '../portal-sessions/guards';
import { accountLook, portalContact } from '../portal-sessions/views';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { contactById } from './contacts';

/** One acceptance as kept: when (an API timestamp) and the terms and privacy addresses accepted. */
export interface TermsAccepted {
  accepted_at: string;
  terms_url: string | null;
  privacy_url: string | null;
}

/** Whether a contact still has the account's terms to accept (registered where they were not shown). */
export async function termsPending(db: Db, contactId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contacts')
    .select('terms_pending_since')
    .where('id', '=', contactId)
    .executeTakeFirst();
  return row?.terms_pending_since != null;
}

/** Marks a contact just registered without being shown the terms: they are asked where they next sign in. */
export async function markTermsPending(tx: Tx, contactId: number): Promise<void> {
  await tx.db
    .updateTable('contacts')
    .set({ terms_pending_since: isoTimestamp(tx.now) })
    .where('id', '=', contactId)
    .execute();
}

/**
 * Keeps the contact's acceptance of the account's terms as they are now (the addresses of the
 * account's kiosk settings), in the portal session where it happened (null: /me/), and clears their
 * pending terms.
 */
export async function recordTermsAcceptance(
  tx: Tx,
  contactId: number,
  portalSessionId: number | null,
): Promise<TermsAccepted> {
  const { kiosk } = await accountLook(tx.db);
  const acceptedAt = isoTimestamp(tx.now);
  const terms = { terms_url: kiosk.terms_url, privacy_url: kiosk.privacy_url };
  await tx.db
    .insertInto('terms_acceptances')
    .values({ contact_id: contactId, portal_session_id: portalSessionId, accepted_at: acceptedAt, ...terms })
    .execute();
  await tx.db
    .updateTable('contacts')
    .set({ terms_pending_since: null })
    .where('id', '=', contactId)
    .execute();
  return { accepted_at: apiTimestamp(acceptedAt), ...terms };
}

/**
 * The session's customer accepts the account's terms at the kiosk (portal API terms/accept): only
 * they, proven (an e-mail typed at the counter is no proof that it is them). Keeps the acceptance
 * and records `terms_accepted` `{contact: {uuid, email}, terms}`; a customer with no terms pending
 * is answered as they are, and nothing is recorded.
 * @throws ServiceError 1003 (HTTP 409) customer_not_identified; 1003 (HTTP 403) proof_required.
 */
export async function acceptTermsInSession(
  tx: Tx,
  session: PortalSessionRow,
): Promise<{ contact: PortalContact }> {
  const contactId = requireProvenContact(session);
  if (await termsPending(tx.db, contactId)) {
    const terms = await recordTermsAcceptance(tx, contactId, session.id);
    const contact = await contactById(tx.db, contactId);
    await recordEvent(tx, session, 'terms_accepted', {
      contact: { uuid: contact.uuid, email: contact.email },
      terms,
    });
  }
  return { contact: await portalContact(tx.db, contactId) };
}

/**
 * The signed-in customer accepts the account's terms on /me/ (their sign-in by a link sent to their
 * address proves them). Nothing is kept when none are pending.
 */
export async function acceptMeTerms(tx: Tx, contactId: number): Promise<void> {
  if (await termsPending(tx.db, contactId)) await recordTermsAcceptance(tx, contactId, null);
}
