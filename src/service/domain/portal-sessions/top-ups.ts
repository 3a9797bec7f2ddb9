/*
 * A top-up is money the shop has not received yet (docs/trust-model.md): before a top-up moves
 * money, the session records `payment_due` for the POS ("Collect € 50.00"); a session with
 * `require_payment_confirmation` holds the top-up there until the POS or the cashier confirms the
 * payment (`payment_received`), and drops it when it ends. Read from the session's events.
 */
import type { PortalEvent, PortalSessionState } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { refusal } from '../shared/errors';
import { recordEvent, sessionEvents } from './events';
import { type PortalSessionRow, sessionTypeAllows } from './guards';
import { sessionGiftcardTransactions } from './payments';

/** What a top-up adds to: the customer's prepaid balance, or a gift card (`{uuid, hash_hint}`). */
export type TopUpTarget =
  | { type: 'prepaid'; giftcard: null }
  | { type: 'giftcard'; giftcard: { uuid: string; hash_hint: string } };

/** The data of a `payment_due` event. */
export interface PaymentDue {
  amount_in_cents: number;
  /** The top-up waits for `payment_received`. */
  held: boolean;
  top_up: TopUpTarget;
  /** For a POS that shows it as it is: "Collect € 50.00". */
  message: string;
}

/** "Collect € 50.00": what the till collects for a top-up, in the words the POS may show. */
export function collectMessage(amountInCents: number): string {
  return `Collect € ${(amountInCents / 100).toFixed(2)}`;
}

/** A held top-up: its `payment_due` event's uuid and time, with its data. */
export type HeldTopUp = PaymentDue & { event: string; requested_at: string };

type EventOf = Pick<PortalEvent, 'uuid' | 'type' | 'data' | 'created_at'>;

// The `payment_due` events that a `payment_received` answers.
function receivedDues(events: readonly EventOf[]): Set<unknown> {
  return new Set(
    events
      .filter((e) => e.type === 'payment_received')
      .map((e) => (e.data as { payment_due?: unknown } | null)?.payment_due),
  );
}

/**
 * The top-up the events show waiting for its payment: the last held `payment_due` that no
 * `payment_received` answers; null when none.
 */
export function pendingTopUp(events: readonly EventOf[]): HeldTopUp | null {
  const received = receivedDues(events);
  const last = events
    .filter((e) => e.type === 'payment_due' && (e.data as PaymentDue).held && !received.has(e.uuid))
    .at(-1);
  return last ? { ...(last.data as PaymentDue), event: last.uuid, requested_at: last.created_at } : null;
}

/**
 * Money the till collects for the top-ups the events show (the cashier console's `payment_due`):
 * those that moved, and, while the session is `open`, the one waiting for its payment (`held`);
 * a held top-up of an ended session was dropped. Null when there is none.
 */
export function paymentDueOf(
  events: readonly EventOf[],
  open: boolean,
): { amount_in_cents: number; held: boolean } | null {
  const received = receivedDues(events);
  const pending = open ? pendingTopUp(events) : null;
  const due = events.filter(
    (e) =>
      e.type === 'payment_due' &&
      (!(e.data as PaymentDue).held || received.has(e.uuid) || e.uuid === pending?.event),
  );
  if (due.length === 0) return null;
  return {
    amount_in_cents: due.reduce((sum, e) => sum + (e.data as PaymentDue).amount_in_cents, 0),
    held: pending !== null,
  };
}

/** The open session's top-up waiting for its payment (contract/portal.ts `payment_hold`); null when none. */
export async function paymentHold(
  db: Db,
  session: PortalSessionRow,
): Promise<PortalSessionState['payment_hold']> {
  if (session.status !== 'open') return null;
  const held = pendingTopUp(await sessionEvents(db, session.id));
  return held
    ? {
        amount_in_cents: held.amount_in_cents,
        requested_at: held.requested_at,
        giftcard: held.top_up.giftcard,
      }
    : null;
}

/**
 * Refuses a top-up while another waits for its payment.
 * @throws ServiceError 1003 (HTTP 409, reason payment_awaited).
 */
export async function assertNoTopUpHeld(db: Db, session: PortalSessionRow): Promise<void> {
  if (pendingTopUp(await sessionEvents(db, session.id))) {
    throw refusal('payment_awaited', {
      en: 'A top-up is waiting for its payment at the till',
      nl: 'Een opwaardering wacht op de betaling aan de kassa',
    });
  }
}

/**
 * Records `payment_due` for a top-up of `amountInCents` (held: it waits for the payment to be
 * confirmed) and answers the event.
 */
export function recordPaymentDue(
  tx: Tx,
  session: PortalSessionRow,
  amountInCents: number,
  target: TopUpTarget,
  held: boolean,
): Promise<PortalEvent> {
  const due: PaymentDue = {
    amount_in_cents: amountInCents,
    held,
    top_up: target,
    message: collectMessage(amountInCents),
  };
  return recordEvent(tx, session, 'payment_due', due);
}

/**
 * The gift cards a session has topped up (contract/portal.ts `giftcard_top_ups`; top_up_giftcards,
 * giftcard and scan_anything sessions),
 * oldest first, each card's balance right after; null for other types.
 */
export async function giftcardTopUps(
  db: Db,
  session: PortalSessionRow,
): Promise<PortalSessionState['giftcard_top_ups']> {
  if (!sessionTypeAllows(session.type, 'top_up_giftcards')) return null;
  return (await sessionGiftcardTransactions(db, [session.id]))
    .filter((t) => t.amount_in_cents > 0)
    .map((t) => ({
      transaction_uuid: t.uuid,
      giftcard: t.giftcard,
      amount_in_cents: t.amount_in_cents,
      balance_after_in_cents: t.balance_after_in_cents,
    }));
}
