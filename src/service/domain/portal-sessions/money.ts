import type {
  AwaitingPayment,
  GiftcardRedeemResult,
  GiftcardTopUpResult,
  PortalEvent,
  PortalGiftcard,
  PrepaidResult,
} from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { contactById } from '../contacts/contacts';
import { createGiftcardTransaction } from '../giftcards/giftcard-transactions';
import {
  findGiftcard,
  type GiftcardRow,
  giftcardByUuid,
  giftcardView,
  isExpired,
} from '../giftcards/giftcards';
import { createPrepaidTransaction } from '../prepaid/prepaid';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { lockByUuid } from '../shared/row-lock';
import { apiTimestamp } from '../shared/values';
import { recordEvent, sessionEvents } from './events';
import {
  type PortalSessionRow,
  REFUSALS,
  requireContact,
  requireProvenContact,
  sessionActor,
  sessionRefusal,
} from './guards';
import { giftcardPaymentState, hint } from './payments';
import { sessionSettings } from './sessions';
import { assertNoTopUpHeld, giftcardTopUps, pendingTopUp, recordPaymentDue } from './top-ups';
import { accountLook, portalContact } from './views';

/*
 * Money at the counter (docs/design.md "Kiosk flows"): gift-card payments and top-ups, prepaid payments
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
    expiration_date: apiTimestamp(card.expiration_date),
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
  const { giftcard } = await scannedGiftcard(db, value, now);
  return { giftcard };
}

/**
 * The gift card a scanned hash or QR content names, and its code (`hash`) as the card has it: the
 * code the caller has just given (or scanned in its QR), by which it finds the card again (v1
 * giftcards/{hash} and check-code). The counter shows only its last 4 characters.
 * @throws ServiceError 5001 when no card matches.
 */
export async function scannedGiftcard(
  db: Db,
  value: string,
  now: Date,
): Promise<{ giftcard: PortalGiftcard; hash: string }> {
  const card = await findGiftcard(db, value);
  return { giftcard: await portalGiftcard(db, card, now), hash: card.hash };
}

/**
 * Pays part of a redeem_giftcards session's amount with a card (portal API giftcards/redeem, v1
 * giftcards/transaction): charges min(card balance, what is left to pay) as a giftcard transaction
 * at the session's shop and records `giftcard_transaction` with the spec Giftcard Transaction as
 * data. A screen that names the amount (`askedInCents`, positive) names that charge: no other
 * amount moves. The session row is locked by the caller (sessionForAction) and the card here, so
 * concurrent redeems never pay more than the session's amount nor more than the card holds.
 * @throws ServiceError 1003 (HTTP 409) nothing remains to pay, or a card has paid already and the
 *   session allows one card only; 1003 naming amount_in_cents (amount_set_by_session) for another
 *   amount than the charge; 5001 unknown card, 1003 inactive card, 5002 expired, 5003 empty.
 */
export async function redeemGiftcardInSession(
  tx: Tx,
  session: PortalSessionRow,
  giftcardUuid: string,
  askedInCents?: number,
): Promise<GiftcardRedeemResult> {
  const before = await giftcardPaymentState(tx.db, session);
  // A scan-anything session without an amount has nothing to pay: its gift cards are topped up.
  if (!before) throw REFUSALS.notAllowed();
  await assertGiftcardChoice(tx.db, session, 'pay');
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
  if (askedInCents !== undefined && askedInCents !== charge) {
    invalidField(
      'amount_in_cents',
      `The session sets what this card pays: ${charge} cents (of ${remaining} left to pay).`,
      { reason: 'amount_set_by_session' },
    );
  }
  const transaction = await createGiftcardTransaction(tx, sessionActor(session), {
    giftcard_uuid: giftcardUuid,
    amount_in_cents: -charge,
  });
  await recordEvent(tx, session, 'giftcard_transaction', transaction);
  const after = (await giftcardPaymentState(tx.db, session))!;
  return { payment: after.payments.at(-1)!, ...after };
}

/**
 * The amount a call may move (docs/trust-model.md): the session's own, set by the POS, when it has
 * one (a call may repeat it, never change it); else the amount typed at the screen, which must be
 * at least the account's minimum (setting `min_amount_in_cents`, € 1 by default).
 * @throws ServiceError 1003 naming amount_in_cents: another than the session's
 *   (amount_set_by_session), none, or below the minimum (amount_below_minimum).
 */
async function sessionAmount(db: Db, session: PortalSessionRow, typed: number | undefined): Promise<number> {
  if (session.amount_in_cents !== null) {
    const fixed = Number(session.amount_in_cents);
    if (typed !== undefined && typed !== fixed) {
      invalidField('amount_in_cents', `The amount is set by the session: ${fixed} cents.`, {
        reason: 'amount_set_by_session',
      });
    }
    return fixed;
  }
  if (typed === undefined) {
    invalidField('amount_in_cents', 'The amount in cents field is required when the session has no amount.');
  }
  const min = (await accountLook(db)).kiosk.min_amount_in_cents;
  if (typed < min) {
    invalidField('amount_in_cents', `The amount in cents field must be at least ${min}.`, {
      reason: 'amount_below_minimum',
    });
  }
  return typed;
}

const held = (session: PortalSessionRow) => sessionSettings(session).require_payment_confirmation;

function awaiting(event: PortalEvent & { data: unknown }): AwaitingPayment {
  return {
    awaiting_payment: {
      amount_in_cents: (event.data as { amount_in_cents: number }).amount_in_cents,
      requested_at: event.created_at,
    },
  };
}

/**
 * In a session where the customer chooses to pay with gift cards or top one up (giftcard,
 * scan_anything), the first money moved is the choice: the other way is refused from then on.
 * @throws ServiceError 1003 (HTTP 409, giftcard_choice_made).
 */
async function assertGiftcardChoice(db: Db, session: PortalSessionRow, way: 'pay' | 'top_up'): Promise<void> {
  if (session.type === 'redeem_giftcards' || session.type === 'top_up_giftcards') return;
  const events = await sessionEvents(db, session.id);
  const paid = ((await giftcardPaymentState(db, session))?.payments.length ?? 0) > 0;
  const toppedUp = events.some((e) => e.type === 'payment_due');
  if (way === 'pay' ? toppedUp : paid) {
    throw sessionRefusal(
      'giftcard_choice_made',
      way === 'pay'
        ? 'This session has topped up a gift card: it takes no payment'
        : 'This session has paid with a gift card: it tops up none',
      way === 'pay'
        ? 'Deze sessie heeft een cadeaukaart opgewaardeerd: betalen kan niet meer'
        : 'Deze sessie heeft met een cadeaukaart betaald: opwaarderen kan niet meer',
    );
  }
}

/**
 * Refuses a gift card that cannot be topped up by `amount` now, with the transaction's own refusals
 * (a held top-up is checked when asked, and again when its payment is confirmed).
 * @throws ServiceError 1003 inactive (giftcard_inactive), 5002 expired, 5006 digital card topped up
 *   already, 5008 above the program's maximum.
 */
async function assertCanTopUp(db: Db, card: GiftcardRow, amount: number, now: Date): Promise<void> {
  const view = await giftcardView(db, card);
  if (!view.active) throw refusal('giftcard_inactive', 'Giftcard is inactive');
  if (isExpired(card, now)) throw new ServiceError(5002);
  if (!view.upgradeable) throw new ServiceError(5006);
  const max = view.giftcard_program.max_amount_in_cents;
  if (max !== null && view.amount_in_cents + amount > max) throw new ServiceError(5008);
}

// Moves a gift card top-up at the session's shop, recorded as `giftcard_transaction`.
async function topUpGiftcard(tx: Tx, session: PortalSessionRow, giftcardUuid: string, amount: number) {
  const transaction = await createGiftcardTransaction(tx, sessionActor(session), {
    giftcard_uuid: giftcardUuid,
    amount_in_cents: amount,
  });
  return { transaction, event: await recordEvent(tx, session, 'giftcard_transaction', transaction) };
}

/**
 * Tops up a gift card (portal API giftcards/top-up; top_up_giftcards sessions) by the session's
 * amount, else the amount typed, at the session's shop: records `payment_due` (the till collects
 * it), then `giftcard_transaction` with the spec Giftcard Transaction; with the session's
 * `require_payment_confirmation` only `payment_due`, and the top-up waits (AwaitingPayment). One
 * top-up per session unless it allows several cards.
 * @throws ServiceError 5001 unknown card, 1003 inactive card, 5002 expired, 5006 digital card
 *   already topped up, 5008 above the program's maximum, 1003 naming amount_in_cents (another than
 *   the session's, or below the account's minimum), 1003 (HTTP 409) a top-up waits for its payment
 *   (payment_awaited) or the session has made its one (giftcard_top_up_done).
 */
export async function topUpGiftcardInSession(
  tx: Tx,
  session: PortalSessionRow,
  input: { giftcard_uuid: string; amount_in_cents: number },
): Promise<GiftcardTopUpResult | AwaitingPayment> {
  await assertGiftcardChoice(tx.db, session, 'top_up');
  const amount = await sessionAmount(tx.db, session, input.amount_in_cents);
  await assertNoTopUpHeld(tx.db, session);
  if (
    !sessionSettings(session).allow_multiple_giftcards &&
    ((await giftcardTopUps(tx.db, session)) ?? []).length > 0
  ) {
    throw sessionRefusal(
      'giftcard_top_up_done',
      'This session has made its gift card top-up',
      'Deze sessie heeft haar cadeaukaart al opgewaardeerd',
    );
  }
  const card = await lockByUuid(tx, 'giftcards', input.giftcard_uuid, giftcardByUuid);
  await assertCanTopUp(tx.db, card, amount, tx.now);
  const target = { type: 'giftcard' as const, giftcard: { uuid: card.uuid, hash_hint: hint(card.hash) } };
  const due = await recordPaymentDue(tx, session, amount, target, held(session));
  if (held(session)) return awaiting(due);
  const { transaction } = await topUpGiftcard(tx, session, card.uuid, amount);
  return {
    giftcard: await portalGiftcard(tx.db, await giftcardByUuid(tx.db, card.uuid), tx.now),
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
    .where('type', 'in', ['prepaid_transaction', 'payment_due'])
    .executeTakeFirst();
  if (done) {
    await assertNoTopUpHeld(db, session);
    throw sessionRefusal(
      'prepaid_transaction_done',
      'This session has already made its prepaid transaction',
      'Deze sessie heeft haar prepaid-transactie al gedaan',
    );
  }
}

/**
 * Pays from the identified customer's prepaid balance (portal API prepaid/pay, v1
 * prepaid/transaction; pay_prepaid sessions), who must have proved it is them: charges
 * min(amount, balance), the amount being the session's `amount_in_cents` when it has one (asked
 * as it is, or as that charge; else the amount typed); `unpaid_in_cents` is what that amount
 * leaves to pay at the till. Records `prepaid_transaction` with the prepaid transaction
 * as data. Once per session.
 * @throws ServiceError 1003 (HTTP 409) no identified customer or already paid; 1003 (HTTP 403)
 *   proof_required; 1003 naming amount_in_cents (none, another than the session's, or a typed one
 *   below the account's minimum); 1003 "Insufficient prepaid balance" (HTTP 422) when the balance is 0.
 */
export async function payPrepaidInSession(
  tx: Tx,
  session: PortalSessionRow,
  amount: number | undefined,
): Promise<PrepaidResult> {
  const contactId = requireProvenContact(session);
  await assertNoPrepaidYet(tx.db, session);
  await tx.lock('contacts', contactId);
  const contact = await contactById(tx.db, contactId);
  const balance = Number(contact.prepaid_balance_in_cents);
  // A screen may name the payment by what it charges, min(the session's amount, balance) (the
  // real portal component does): the same money moves.
  const fixed = session.amount_in_cents === null ? null : Number(session.amount_in_cents);
  const charging = fixed !== null && balance > 0 && amount === Math.min(fixed, balance);
  const asked = await sessionAmount(tx.db, session, charging ? undefined : amount);
  // An empty balance is asked for the whole amount, so that the transaction refuses it (1003).
  const charge = balance > 0 ? Math.min(asked, balance) : asked;
  const { transaction } = await prepaidInSession(tx, session, contact.uuid, -charge);
  return prepaidResult(tx, session, transaction.uuid, charge, asked - charge);
}

/**
 * Tops up the identified customer's prepaid balance (portal API prepaid/top-up; top_up_prepaid
 * sessions) by the session's amount, else the amount typed: records `payment_due` (the till
 * collects it), then `prepaid_transaction`; with the session's `require_payment_confirmation` only
 * `payment_due`, and the top-up waits (AwaitingPayment). Once per session. A customer known by
 * e-mail alone may top up (the money comes from the till).
 * @throws ServiceError 1003 (HTTP 409) no identified customer, already topped up, or a top-up
 *   waits (payment_awaited); 1003 naming amount_in_cents (none, another than the session's, or
 *   below the account's minimum).
 */
export async function topUpPrepaidInSession(
  tx: Tx,
  session: PortalSessionRow,
  amount: number | undefined,
): Promise<PrepaidResult | AwaitingPayment> {
  const contactId = requireContact(session);
  await assertNoPrepaidYet(tx.db, session);
  const cents = await sessionAmount(tx.db, session, amount);
  const due = await recordPaymentDue(tx, session, cents, { type: 'prepaid', giftcard: null }, held(session));
  if (held(session)) return awaiting(due);
  const contact = await contactById(tx.db, contactId);
  const { transaction } = await prepaidInSession(tx, session, contact.uuid, cents);
  return prepaidResult(tx, session, transaction.uuid, cents, 0);
}

// Moves prepaid money for the session's customer at its shop, recorded as `prepaid_transaction`.
async function prepaidInSession(tx: Tx, session: PortalSessionRow, contactUuid: string, cents: number) {
  const transaction = await createPrepaidTransaction(tx, sessionActor(session), {
    contact_uuid: contactUuid,
    amount_in_cents: cents,
  });
  return { transaction, event: await recordEvent(tx, session, 'prepaid_transaction', transaction) };
}

async function prepaidResult(
  tx: Tx,
  session: PortalSessionRow,
  transactionUuid: string,
  charged: number,
  unpaid: number,
): Promise<PrepaidResult> {
  return {
    transaction_uuid: transactionUuid,
    charged_in_cents: charged,
    unpaid_in_cents: unpaid,
    contact: await portalContact(tx.db, requireContact(session)),
  };
}

/**
 * Confirms that the till received the money of the session's held top-up (public API
 * confirm-payment, the cashier console's Received): records `payment_received` `{amount_in_cents,
 * payment_due, by}`, then moves the top-up as it was asked (`prepaid_transaction` or
 * `giftcard_transaction`) and answers that event.
 * @throws ServiceError 1003 (HTTP 409, reason no_payment_awaited) nothing waits; the top-up's own
 *   refusals (gift card: 1003 inactive, 5002, 5006, 5008).
 */
export async function confirmHeldTopUp(
  tx: Tx,
  session: PortalSessionRow,
  by: 'pos' | 'cashier',
): Promise<PortalEvent> {
  const pending = pendingTopUp(await sessionEvents(tx.db, session.id));
  if (!pending) {
    throw sessionRefusal(
      'no_payment_awaited',
      'No top-up is waiting for its payment',
      'Er wacht geen opwaardering op betaling',
    );
  }
  await recordEvent(tx, session, 'payment_received', {
    amount_in_cents: pending.amount_in_cents,
    payment_due: pending.event,
    by,
  });
  if (pending.top_up.type === 'giftcard') {
    return (await topUpGiftcard(tx, session, pending.top_up.giftcard.uuid, pending.amount_in_cents)).event;
  }
  const contact = await contactById(tx.db, requireContact(session));
  return (await prepaidInSession(tx, session, contact.uuid, pending.amount_in_cents)).event;
}
