/*
 * A portal session as stored, found by uuid, and what it may do now: the refusals of a session's
 * state (1003 with 404, 410, 409, 403), the actions its type allows (the table of
 * contract/session-types.ts), and who acts for it.
 */
import type { Selectable } from 'kysely';
import type { ErrorReason } from '../../../contract/errors';
import { type PortalAction, sessionTypeAllows } from '../../../contract/session-types';
import type { Db, PortalSessionTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../shared/actor';
import { refusal, type ServiceError } from '../shared/errors';
import { lockByUuid } from '../shared/row-lock';
import { isoTimestamp } from '../shared/values';

/** A portal session row as stored (`settings` JSON text, money in cents). */
export type PortalSessionRow = Selectable<PortalSessionTable>;

/**
 * A call refused by the state of a portal session: error 1003 with the reason's HTTP status —
 * 404 not found, 410 expired, 409 ended or out of order, 403 not allowed in the session's type.
 */
export function sessionRefusal(reason: ErrorReason, en: string, nl: string): ServiceError {
  return refusal(reason, { en, nl });
}

/** Refusals with fixed wording. */
export const REFUSALS = {
  notFound: () =>
    sessionRefusal('portal_session_not_found', 'Portal session not found', 'Portaalsessie niet gevonden'),
  expired: () =>
    sessionRefusal('portal_session_expired', 'Portal session has expired', 'Portaalsessie is verlopen'),
  ended: () =>
    sessionRefusal('portal_session_ended', 'Portal session has ended', 'Portaalsessie is beëindigd'),
  notAllowed: () =>
    sessionRefusal('not_allowed_in_session', 'Not allowed in this session', 'Niet toegestaan in deze sessie'),
} as const;

/** What a portal call does: contract/session-types.ts, whose table says which types allow it. */
export type { PortalAction } from '../../../contract/session-types';
/** Whether a session of `type` may do `action` (the table of contract/session-types.ts). */
export { sessionTypeAllows } from '../../../contract/session-types';

/** A session by uuid. @throws ServiceError 1003 (HTTP 404) when there is none. */
export async function portalSessionByUuid(db: Db, uuid: string): Promise<PortalSessionRow> {
  const row = await db.selectFrom('portal_sessions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw REFUSALS.notFound();
  return row;
}

/**
 * Refuses a session the actor may not see: a credential or device bound to a shop sees that
 * shop's sessions only; another shop's answers as if it did not exist (so it tells nothing).
 * @throws ServiceError 1003 (HTTP 404).
 */
export function assertSessionOfActor(row: PortalSessionRow, actor: Actor): void {
  if (actor.shopId !== null && row.shop_id !== actor.shopId) throw REFUSALS.notFound();
}

/**
 * A session that may do `action` now: open, not expired, and of a type that allows it.
 * @throws ServiceError 1003 with HTTP 404 not found, 410 expired, 409 ended, 403 not allowed.
 */
export async function sessionForAction(
  tx: Tx,
  uuid: string,
  action: PortalAction,
): Promise<PortalSessionRow> {
  // One action of a session at a time, across processes: the second sees what the first did.
  const row = await lockByUuid(tx, 'portal_sessions', uuid, portalSessionByUuid);
  if (row.status === 'expired' || (row.status === 'open' && row.expires_at <= isoTimestamp(tx.now))) {
    throw REFUSALS.expired();
  }
  if (row.status !== 'open') throw REFUSALS.ended();
  if (!sessionTypeAllows(row.type, action)) throw REFUSALS.notAllowed();
  return row;
}

/**
 * The id of the session's identified customer, for calls that act for them.
 * @throws ServiceError 1003 (HTTP 409) "Identify the customer first" when there is none.
 */
export function requireContact(session: PortalSessionRow): number {
  if (session.contact_id === null) {
    throw sessionRefusal(
      'customer_not_identified',
      'Identify the customer first',
      'Identificeer eerst de klant',
    );
  }
  return session.contact_id;
}

const proofRequired = () =>
  sessionRefusal(
    'proof_required',
    'Confirm it is you first: scan your card or app code, or enter the code we e-mailed you',
    'Bevestig eerst dat u het bent: scan uw kaart of app-code, of typ de code die we u mailden',
  );

/**
 * The id of the session's identified customer, for calls that spend or change their account or
 * read more than their name, balances and rewards (docs/trust-model.md): they must have proved it
 * is them — set by the POS, a scan of their card or app code, or the code sent to their e-mail.
 * @throws ServiceError 1003 (HTTP 409) no customer; 1003 (HTTP 403, reason proof_required) a
 *   customer known by e-mail alone.
 */
export function requireProvenContact(session: PortalSessionRow): number {
  const contactId = requireContact(session);
  if (session.contact_proven_at === null) throw proofRequired();
  return contactId;
}

/**
 * The id of the session's identified customer, for calls that hand out their account — the phone
 * link to /me/, a card that would identify them (docs/trust-model.md "What opens the customer's
 * account"): the customer proved it themselves in this session, by a scan of their card or app
 * code or the code e-mailed to them. The POS's word is no such proof.
 * @throws ServiceError 1003 (HTTP 409) no customer; 1003 (HTTP 403, reason proof_required).
 */
export function requireCustomerProof(session: PortalSessionRow): number {
  const contactId = requireContact(session);
  if (session.customer_proven_at === null) throw proofRequired();
  return contactId;
}

/** Who acts for a session in the domain's write calls: the shop's register, as a key bound to it. */
export function sessionActor(session: PortalSessionRow): Actor {
  return { kind: 'api_key', shopId: session.shop_id };
}
