import type { PortalGiftcard, PortalSessionState } from '../../contract/portal';

/** Why a scanned card cannot pay: not active, past its expiry date, or nothing on it. */
export type RedeemProblem = 'inactive' | 'expired' | 'empty';

/** The reason a card cannot pay, checked in the order the service refuses (inactive, expired, empty); null when it can. */
export function redeemProblem(card: PortalGiftcard): RedeemProblem | null {
  if (!card.active) return 'inactive';
  if (card.expired) return 'expired';
  if (card.balance_in_cents <= 0) return 'empty';
  return null;
}

/** What a card pays of what remains, in cents: min(balance, remaining) (docs/design.md "Kiosk flows"). */
export function chargeFor(card: Pick<PortalGiftcard, 'balance_in_cents'>, remainingInCents: number): number {
  return Math.max(0, Math.min(card.balance_in_cents, remainingInCents));
}

/** A redeem_giftcards session's payment, as the session state carries it (contract/portal.ts). */
export type PaymentProgress = NonNullable<PortalSessionState['giftcard_payment']>;

/** The payment of a session that has none yet: nothing paid, the whole amount remaining. */
export function emptyPayment(amountInCents: number | null): PaymentProgress {
  return { payments: [], paid_in_cents: 0, remaining_in_cents: Math.max(0, amountInCents ?? 0) };
}

/**
 * The figure a payment's screen emphasises: what is still due while something is (never a
 * "still to pay" of nothing), else what the cards paid.
 */
export function paymentFocus(progress: PaymentProgress): 'remaining' | 'paid' {
  return progress.remaining_in_cents > 0 ? 'remaining' : 'paid';
}

/** Whether the customer may scan one more card: something remains and the session takes several cards. */
export function canUseAnotherCard(progress: PaymentProgress, allowMultiple: boolean): boolean {
  if (progress.remaining_in_cents <= 0) return false;
  return progress.payments.length === 0 || allowMultiple;
}

/** Why a scanned card cannot be topped up now; null when it can. */
export type TopUpProblem = 'inactive' | 'expired' | 'digital_used' | 'at_max';

/**
 * The reason a card cannot be topped up: not active, expired, a digital card that had its one
 * top-up, or already at the program's maximum. Null when `can_top_up`.
 */
export function topUpProblem(card: PortalGiftcard): TopUpProblem | null {
  if (card.can_top_up) return null;
  if (!card.active) return 'inactive';
  if (card.expired) return 'expired';
  if (card.max_top_up_in_cents === 0) return 'at_max';
  return card.type === 'DIGITAL' ? 'digital_used' : 'at_max';
}

/** Pay with a gift card, or top one up. */
export type GiftcardWay = 'pay' | 'top_up';

/**
 * The way a session has gone already, from what the service says: a card has paid, or a top-up
 * was asked for; null while nothing moved (the customer still chooses).
 */
export function giftcardWayTaken(
  session: Pick<PortalSessionState, 'giftcard_payment' | 'giftcard_top_ups' | 'payment_hold'>,
): GiftcardWay | null {
  if ((session.giftcard_payment?.payments.length ?? 0) > 0) return 'pay';
  if ((session.giftcard_top_ups?.length ?? 0) > 0 || session.payment_hold) return 'top_up';
  return null;
}
