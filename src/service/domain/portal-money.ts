import type {
  GiftcardRedeemResult,
  GiftcardTopUpResult,
  PortalGiftcard,
  PrepaidResult,
} from '../../contract/portal';
import type { Db } from '../db/schema';
import type { Tx } from '../db/transaction';
import { contactById } from './contacts';
import { invalidField } from './errors';
import { createGiftcardTransaction } from './giftcard-transactions';
import { findGiftcard, type GiftcardRow, giftcardByUuid, giftcardView, isExpired } from './giftcards';
import { giftcardPaymentState, hint } from './portal-payments';
import { recordEvent } from './portal-session-events';
import { type PortalSessionRow, requireContact, sessionActor, sessionRefusal } from './portal-session-guards';
import { accountLook, portalContact } from './portal-session-views';
import { sessionSettings } from './portal-sessions';
import { createPrepaidTransaction } from './prepaid';
import { lockByUuid } from './row-lock';

/*
 * Money at the counter (DESIGN.md "Kiosk flows"): gift-card payments and top-ups, prepaid payments
 * and top-ups, each a real ledger transaction at the session's shop, recorded as a session event.
 */

/**
 * A gift card as the kiosk shows it: the last 4 characters of its code, balance, expiry, and
 * whether (and by how much at most) it can be topped up now — active, not expired, a digital card
 * not yet incremented, and room under the program's maximum.
 */
export async function portalGiftcard(db: Db, card: GiftcardRow, now: Date): Promise<PortalGiftcard> {
  const view = await giftcardView(db, card);
  const expired = isExpired(card, now);
  const max = view.giftcard_program.max_amount_in_cents;
  const room = max === null ? null : Math.max(0, max - view.amount_in_cents);
  return {
    uuid: card.uuid,
    hash_hint: hint(card.hash),
    type: card.type,
    balance_in_cents: view.amount_in_cents,
    expiration_date: card.expiration_date,
    expired,
    active: view.active,
    can_top_up: view.active && !expired && view.upgradeable && room !== 0,
    max_top_up_in_cents: room,
  };
}

/**
 * The gift card a scanned hash or QR content names (portal API giftcards/scan).
 * @throws ServiceError 5001 when no card matches.
 */
export async function scanGiftcard(db: Db, value: string, now: Date): Promise<{ giftcard: PortalGiftcard }> {
  return { giftcard: await portalGiftcard(db, await findGiftcard(db, value), now) };
}

/**
 * Pays part of a redeem_giftcards session's amount with a card (portal API giftcards/redeem):
 * charges min(card balance, remaining) as a giftcard transaction at the session's shop and records
 * `giftcard_transaction` with the spec Giftcard Transaction as data. The session row is locked by
 * the caller (sessionForAction) and the card here, so concurrent redeems never pay more than the
 * session's amount nor more than the card holds.
 * @throws ServiceError 1003 (HTTP 409) nothing remains to pay, or a card has paid already and the
 *   session allows one card only; 5001 unknown card, 1003 inactive card, 5002 expired, 5003 empty.
 */
export async function redeemGiftcardInSession(
  tx: Tx,
  session: PortalSessionRow,
  giftcardUuid: string,
): Promise<GiftcardRedeemResult> {
  const before = (await giftcardPaymentState(tx.db, session))!;
  if (before.remaining_in_cents === 0) {
    throw sessionRefusal(
      'nothing_left_to_pay',
      'Nothing remains to be paid',
      'Er hoeft niets meer betaald te worden',
    );
  }
  if (!sessionSettings(session).allow_multiple_giftcards && before.payments.length > 0) {
    throw sessionRefusal(
      'one_giftcard_only',
      'This session takes one gift card only',
      'In deze sessie kan maar één cadeaukaart betalen',
    );
  }
  const card = await lockByUuid(tx, 'giftcards', giftcardUuid, giftcardByUuid);
  const balance = Number(card.balance_in_cents);
  const remaining = before.remaining_in_cents;
  // An empty card is asked for the whole remainder, so that the transaction refuses it with its own
  // checks in their order (inactive, 5002 expired, then 5003).
  const charge = balance > 0 ? Math.min(balance, remaining) : remaining;
  const transaction = await createGiftcardTransaction(tx, sessionActor(session), {
    giftcard_uuid: giftcardUuid,
    amount_in_cents: -charge,
  });
  await recordEvent(tx, session, 'giftcard_transaction', transaction);
  const after = (await giftcardPaymentState(tx.db, session))!;
  return { payment: after.payments.at(-1)!, ...after };
}

/**
 * Refuses an amount typed at the kiosk below the account's minimum (setting `min_amount_in_cents`,
 * € 1 by default); the session's own amount, set by the POS, is taken as it is.
 * @throws ServiceError 1003 naming amount_in_cents.
 */
async function assertTypedAmountAllowed(db: Db, amountInCents: number | undefined): Promise<void> {
  if (amountInCents === undefined) return;
  const min = (await accountLook(db)).kiosk.min_amount_in_cents;
  if (amountInCents < min) {
    invalidField('amount_in_cents', `The amount in cents field must be at least ${min}.`, {
      reason: 'amount_below_minimum',
    });
  }
}

/**
 * Tops up a gift card by `amount` cents (portal API giftcards/top-up; top_up_giftcards sessions)
 * at the session's shop and records `giftcard_transaction` with the spec Giftcard Transaction.
 * @throws ServiceError 5001 unknown card, 1003 inactive card, 5002 expired, 5006 digital card
 *   already topped up, 5008 above the program's maximum, 1003 naming amount_in_cents below the
 *   account's minimum.
 */
export async function topUpGiftcardInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: { giftcard_uuid: string; amount_in_cents: number },
): Promise<GiftcardTopUpResult> {
  await assertTypedAmountAllowed(tx.db, input.amount_in_cents);
  const transaction = await createGiftcardTransaction(tx, sessionActor(session), input);
  await recordEvent(tx, session, 'giftcard_transaction', transaction);
  const card = await giftcardByUuid(tx.db, input.giftcard_uuid);
  return {
    giftcard: await portalGiftcard(tx.db, card, tx.now),
    transaction_uuid: transaction.uuid,
    amount_in_cents: transaction.amount_in_cents,
  };
}

// A prepaid session moves money once: a second tap (with a new idempotency key) must not pay twice.
async function assertNoPrepaidYet(db: Db, session: PortalSessionRow): Promise<void> {
  const done = await db
    .selectFrom('portal_session_events')
    .select('id')
    .where('portal_session_id', '=', session.id)
    .where('type', '=', 'prepaid_transaction')
    .executeTakeFirst();
  if (done) {
    throw sessionRefusal(
      'prepaid_transaction_done',
      'This session has already made its prepaid transaction',
      'Deze sessie heeft haar prepaid-transactie al gedaan',
    );
  }
}

function prepaidAmount(session: PortalSessionRow, amount: number | undefined): number {
  const cents = amount ?? (session.amount_in_cents === null ? undefined : Number(session.amount_in_cents));
  if (cents === undefined) {
    invalidField('amount_in_cents', 'The amount in cents field is required when the session has no amount.');
  }
  return cents;
}

/**
 * Pays from the identified customer's prepaid balance (portal API prepaid/pay; pay_prepaid
 * sessions): charges min(amount, balance), the amount being `amount` or else the session's
 * `amount_in_cents`; `unpaid_in_cents` is what is left to pay at the till. Records
 * `prepaid_transaction` with the prepaid transaction as data. Once per session.
 * @throws ServiceError 1003 (HTTP 409) no identified customer or already paid; 1003 naming
 *   amount_in_cents when there is no amount or a typed one is below the account's minimum; 1003
 *   "Insufficient prepaid balance" (HTTP 422) when the balance is 0.
 */
export async function payPrepaidInSession(
  tx: Tx,
  session: PortalSessionRow,
  amount: number | undefined,
): Promise<PrepaidResult> {
  const contactId = requireContact(session);
  await assertNoPrepaidYet(tx.db, session);
  await assertTypedAmountAllowed(tx.db, amount);
  const asked = prepaidAmount(session, amount);
  await tx.lock('contacts', contactId);
  const contact = await contactById(tx.db, contactId);
  // An empty balance is asked for the whole amount, so that the transaction refuses it (1003).
  const balance = Number(contact.prepaid_balance_in_cents);
  const charge = balance > 0 ? Math.min(asked, balance) : asked;
  return prepaidInSession(tx, session, contact.uuid, -charge, asked - charge);
}

/**
 * Tops up the identified customer's prepaid balance by `amount`, or else the session's
 * `amount_in_cents` (portal API prepaid/top-up; top_up_prepaid sessions). Records
 * `prepaid_transaction`. Once per session.
 * @throws ServiceError 1003 (HTTP 409) no identified customer or already topped up; 1003 naming
 *   amount_in_cents when there is no amount or a typed one is below the account's minimum.
 */
export async function topUpPrepaidInSession(
  tx: Tx,
  session: PortalSessionRow,
  amount: number | undefined,
): Promise<PrepaidResult> {
  const contactId = requireContact(session);
  await assertNoPrepaidYet(tx.db, session);
  await assertTypedAmountAllowed(tx.db, amount);
  const cents = prepaidAmount(session, amount);
  const contact = await contactById(tx.db, contactId);
  return prepaidInSession(tx, session, contact.uuid, cents, 0);
}

async function prepaidInSession(
  tx: Tx,
  session: PortalSessionRow,
  contactUuid: string,
  cents: number,
  unpaid: number,
): Promise<PrepaidResult> {
  const transaction = await createPrepaidTransaction(tx, sessionActor(session), {
    contact_uuid: contactUuid,
    amount_in_cents: cents,
  });
  await recordEvent(tx, session, 'prepaid_transaction', transaction);
  return {
    transaction_uuid: transaction.uuid,
    charged_in_cents: Math.abs(cents),
    unpaid_in_cents: unpaid,
    contact: await portalContact(tx.db, requireContact(session)),
  };
}
