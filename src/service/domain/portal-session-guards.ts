/*
 * A portal session as stored, found by uuid, and what it may do now: the refusals of a session's
 * state (1003 with 404, 410, 409, 403), which actions each session type allows, and who acts for it.
 */
import type { Selectable } from 'kysely';
import type { ErrorReason } from '../../contract/errors';
import type { PortalSessionType } from '../../contract/portal';
import type { Db, PortalSessionTable } from '../db/schema';
import type { Tx } from '../db/transaction';
import type { Actor } from './actor';
import { refusal, type ServiceError } from './errors';
import { lockByUuid } from './row-lock';
import { isoTimestamp } from './values';

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

/**
 * What a portal call does; each session type allows some of them (DESIGN.md "Kiosk flows"). The
 * money actions are named as the session types they belong to.
 */
export type PortalAction =
  | 'identify'
  | 'register'
  | 'credit_reception'
  | 'giftcard_scan'
  | 'redeem_giftcards'
  | 'top_up_giftcards'
  | 'pay_prepaid'
  | 'top_up_prepaid'
  | 'voucher_list'
  | 'voucher_redeem'
  | 'customer_portal'
  | 'scan_lookup'
  | 'verify'
  | 'confirm_payment'
  | 'end';

const IDENTIFYING_TYPES: PortalSessionType[] = [
  'identify',
  'credit_reception',
  'pay_prepaid',
  'top_up_prepaid',
  'prepaid',
  'vouchers',
  'scan_anything',
];
/** The types where a customer pays with a gift card, or tops one up (`giftcard`: they choose). */
const PAYING_GIFTCARD: PortalSessionType[] = ['redeem_giftcards', 'giftcard', 'scan_anything'];
const TOPPING_UP_GIFTCARD: PortalSessionType[] = ['top_up_giftcards', 'giftcard', 'scan_anything'];

const ALLOWED: Record<Exclude<PortalAction, 'end'>, PortalSessionType[]> = {
  identify: IDENTIFYING_TYPES,
  register: IDENTIFYING_TYPES,
  credit_reception: ['credit_reception'],
  giftcard_scan: [...new Set([...PAYING_GIFTCARD, ...TOPPING_UP_GIFTCARD])],
  redeem_giftcards: PAYING_GIFTCARD,
  top_up_giftcards: TOPPING_UP_GIFTCARD,
  pay_prepaid: ['pay_prepaid', 'prepaid'],
  top_up_prepaid: ['top_up_prepaid', 'prepaid'],
  voucher_list: ['vouchers', 'identify', 'scan_anything'],
  voucher_redeem: ['vouchers', 'identify', 'scan_anything'],
  customer_portal: ['identify', 'scan_anything'],
  scan_lookup: [...IDENTIFYING_TYPES, 'redeem_giftcards', 'top_up_giftcards', 'giftcard'],
  verify: IDENTIFYING_TYPES,
  confirm_payment: ['top_up_prepaid', 'top_up_giftcards', 'prepaid', 'giftcard', 'scan_anything'],
};

/** Whether a session of `type` may do `action` (the kiosk's and the v1 API's one table). */
export function sessionTypeAllows(type: PortalSessionType, action: PortalAction): boolean {
  return allows(type, action);
}

function allows(type: PortalSessionType, action: PortalAction): boolean {
  return action === 'end' || ALLOWED[action].includes(type);
}

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
  if (!allows(row.type, action)) throw REFUSALS.notAllowed();
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
