import type { TFunction } from 'i18next';
import type { CashierSessionSummary } from '../../contract/cashier';
import { formatCredits, formatMoney } from '../../web/format';

/** The console's translate function (i18next's `t` of the `cashier` texts). */
export type Translate = TFunction<'cashier'>;

/**
 * Where a session stands for the cashier: `open` (the customer may still act), `done` (completed,
 * or open on its result: what it was for has happened), `cancelled` (cancelled or expired). Today's
 * filters are these three.
 */
export type SessionPhase = 'open' | 'done' | 'cancelled';

/**
 * Whether anything of value changed hands in the session: credits given, a gift card charged or
 * topped up, prepaid paid or topped up, a voucher redeemed or a reward claimed. Cancelling then
 * undoes none of it, so the console no longer offers Cancel.
 */
export function valueMoved(session: CashierSessionSummary): boolean {
  return (
    session.credits !== null ||
    (session.giftcard_payment?.payments.length ?? 0) > 0 ||
    session.giftcard_top_ups.length > 0 ||
    session.prepaid !== null ||
    session.vouchers.length > 0 ||
    session.rewards.length > 0
  );
}

/**
 * Whether an open session has done what it was started for (the counter screen shows its result):
 * credits given, the amount fully paid with gift cards, prepaid paid, a top-up added (none held),
 * a voucher redeemed (giftcard and prepaid: either way). A customer portal (`identify`) and a
 * scan-anything session are open until they end.
 */
export function purposeDone(session: CashierSessionSummary): boolean {
  if (session.payment_due?.held) return false;
  switch (session.type) {
    case 'credit_reception':
      return session.credits !== null;
    case 'redeem_giftcards':
      return session.giftcard_payment !== null && session.giftcard_payment.remaining_in_cents === 0;
    case 'pay_prepaid':
    case 'top_up_prepaid':
      return session.prepaid !== null;
    case 'top_up_giftcards':
      return session.giftcard_top_ups.length > 0;
    case 'vouchers':
      return session.vouchers.length > 0;
    case 'giftcard':
      return (
        (session.giftcard_payment !== null && session.giftcard_payment.remaining_in_cents === 0) ||
        session.giftcard_top_ups.length > 0
      );
    case 'prepaid':
      return session.prepaid !== null;
    case 'identify':
    case 'scan_anything':
      return false;
  }
}

/** The session's phase (SessionPhase). */
export function sessionPhase(session: CashierSessionSummary): SessionPhase {
  if (session.status === 'completed') return 'done';
  if (session.status === 'open') return purposeDone(session) ? 'done' : 'open';
  return 'cancelled';
}

/** The session's phase in a word: "Open", "Done", "Cancelled", or "Expired" for a session that ran out. */
export function phaseWord(session: CashierSessionSummary, t: Translate): string {
  return session.status === 'expired' ? t('status.expired') : t(`status.${sessionPhase(session)}`);
}

/**
 * The session's status in words, its phase first and then what moved: "Done · paid €12.00",
 * "Done · +19 credits", "Open · collect €50.00", "Open · paid €25.00 · €5.00 at the till",
 * "Cancelled", "Expired".
 */
export function statusLine(session: CashierSessionSummary, t: Translate, language: string): string {
  const money = (cents: number) => formatMoney(cents, language);
  const parts = [phaseWord(session, t)];
  if (session.credits !== null)
    parts.push(t('receipt.credits', { credits: formatCredits(session.credits, language) }));
  const paidInCents =
    (session.giftcard_payment?.paid_in_cents ?? 0) +
    (session.prepaid && session.prepaid.amount_in_cents < 0 ? -session.prepaid.amount_in_cents : 0);
  if (paidInCents > 0) parts.push(t('status.paid', { amount: money(paidInCents) }));
  const toppedUpInCents =
    session.giftcard_top_ups.reduce((sum, line) => sum + line.amount_in_cents, 0) +
    (session.prepaid && session.prepaid.amount_in_cents > 0 ? session.prepaid.amount_in_cents : 0);
  if (toppedUpInCents > 0) parts.push(t('status.toppedUp', { amount: money(toppedUpInCents) }));
  const tillInCents =
    (session.giftcard_payment?.remaining_in_cents ?? 0) + (session.prepaid?.unpaid_in_cents ?? 0);
  if (tillInCents > 0 && paidInCents > 0) parts.push(t('status.atTill', { amount: money(tillInCents) }));
  if (session.payment_due?.held && session.status === 'open')
    parts.push(t('receipt.collect', { amount: money(session.payment_due.amount_in_cents) }));
  for (const voucher of session.vouchers) parts.push(t('receipt.voucher', { code: voucher.code }));
  for (const reward of session.rewards) parts.push(t('receipt.reward', { title: reward.title }));
  return parts.join(' · ');
}
