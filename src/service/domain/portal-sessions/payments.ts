import type { GiftcardPayment, PortalSessionState } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import { apiTimestamp } from '../shared/values';
import { type PortalSessionRow, sessionTypeAllows } from './guards';

/** What a redeem_giftcards session has paid: its payments (oldest first), their sum and what is left. */
export type GiftcardPaymentState = NonNullable<PortalSessionState['giftcard_payment']>;

/** The last 4 characters of a card's code or value: enough to recognise it, never the whole. */
export function hint(value: string): string {
  return value.slice(-4);
}

/**
 * The gift-card transactions recorded as `giftcard_transaction` events of the given sessions
 * (the events carry the spec resource; the ledger rows are the truth), oldest first: amount, card,
 * card balance right after it, shop name and time.
 */
export async function sessionGiftcardTransactions(db: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  const events = await db
    .selectFrom('portal_session_events')
    .select('data')
    .where('portal_session_id', 'in', sessionIds)
    .where('type', '=', 'giftcard_transaction')
    .execute();
  const uuids = events.map((e) => (JSON.parse(e.data) as { uuid: string }).uuid);
  if (uuids.length === 0) return [];
  const rows = await db
    .selectFrom('giftcard_transactions as t')
    .innerJoin('giftcards as g', 'g.id', 't.giftcard_id')
    .leftJoin('shops as s', 's.id', 't.shop_id')
    .select((eb) => [
      't.id',
      't.uuid',
      't.amount_in_cents',
      't.created_at',
      'g.uuid as giftcard_uuid',
      'g.hash',
      's.name as shop_name',
      eb
        .selectFrom('giftcard_transactions as l')
        .select((sub) => sub.fn.sum<number>('l.amount_in_cents').as('sum'))
        .whereRef('l.giftcard_id', '=', 't.giftcard_id')
        .whereRef('l.id', '<=', 't.id')
        .as('balance_after'),
    ])
    .where('t.uuid', 'in', uuids)
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    amount_in_cents: Number(r.amount_in_cents),
    created_at: apiTimestamp(r.created_at),
    giftcard: { uuid: r.giftcard_uuid, hash_hint: hint(r.hash) },
    balance_after_in_cents: Number(r.balance_after),
    shop: r.shop_name,
  }));
}

/**
 * The gift-card payment of a session that pays with gift cards (redeem_giftcards; giftcard and
 * scan_anything with an amount; null for others): each card charged in
 * it (`amount_in_cents` positive, the card's balance right after), the sum paid, and what remains
 * of the session's `amount_in_cents` (never below 0). Derived from the session's
 * `giftcard_transaction` events and the giftcard ledger.
 */
export async function giftcardPaymentState(
  db: Db,
  session: PortalSessionRow,
): Promise<GiftcardPaymentState | null> {
  if (!sessionTypeAllows(session.type, 'redeem_giftcards') || session.amount_in_cents === null) return null;
  const charges = (await sessionGiftcardTransactions(db, [session.id])).filter((t) => t.amount_in_cents < 0);
  const payments: GiftcardPayment[] = charges.map((t) => ({
    transaction_uuid: t.uuid,
    giftcard: t.giftcard,
    amount_in_cents: -t.amount_in_cents,
    balance_after_in_cents: t.balance_after_in_cents,
  }));
  const paid = payments.reduce((sum, p) => sum + p.amount_in_cents, 0);
  return {
    payments,
    paid_in_cents: paid,
    remaining_in_cents: Math.max(0, Number(session.amount_in_cents ?? 0) - paid),
  };
}

/**
 * What the session's amount leaves to pay at the till now (cents; null without an amount): where
 * gift cards pay, what they have not paid of it (giftcardPaymentState); else the amount less what a
 * prepaid payment charged of it (never below 0).
 */
export async function amountLeftToPay(db: Db, session: PortalSessionRow): Promise<number | null> {
  if (session.amount_in_cents === null) return null;
  const giftcards = await giftcardPaymentState(db, session);
  if (giftcards) return giftcards.remaining_in_cents;
  const payments = await db
    .selectFrom('portal_session_events')
    .select('data')
    .where('portal_session_id', '=', session.id)
    .where('type', '=', 'prepaid_transaction')
    .execute();
  const charged = payments
    .map((e) => (JSON.parse(e.data) as { amount_in_cents: number }).amount_in_cents)
    .filter((cents) => cents < 0)
    .reduce((sum, cents) => sum - cents, 0);
  return Math.max(0, Number(session.amount_in_cents) - charged);
}
