import type { CashierSessionSummary } from '../../contract/cashier';
import { formatCredits, formatMoney } from '../../web/format';
import { phaseWord, type Translate } from './session-status';

/** The customer's name as the console shows it: first and last name, else the e-mail address. */
export function customerName(contact: CashierSessionSummary['contact']): string | null {
  if (!contact) return null;
  const name = [contact.firstname, contact.lastname].filter((part) => part?.trim()).join(' ');
  return name || contact.email;
}

/** A time of day as the language writes it: "14:05". */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/**
 * The session's receipt line, to read out or copy: time, type, customer, amount, then what it did
 * (credits, each gift card and what is left to pay at the till, prepaid, vouchers, rewards) and how
 * where it stands (session-status.ts phaseWord), then the cashier who started it, joined by " · ".
 * E.g. "14:05 · Credits · Anna de Vries · purchase €12.75 · +19 credits · Done · cashier Sam".
 */
export function receiptLine(session: CashierSessionSummary, t: Translate, language: string): string {
  const money = (cents: number) => formatMoney(cents, language);
  const parts = [formatTime(session.created_at, language), t(`types.${session.type}`)];
  const name = customerName(session.contact);
  if (name) parts.push(name);
  const amount = session.purchase_in_cents ?? session.amount_in_cents;
  if (amount !== null) {
    const key = session.type === 'credit_reception' ? 'receipt.purchase' : 'receipt.amount';
    parts.push(t(key, { amount: money(amount) }));
  }
  if (session.credits !== null)
    parts.push(t('receipt.credits', { credits: formatCredits(session.credits, language) }));
  for (const payment of session.giftcard_payment?.payments ?? []) {
    parts.push(
      t('receipt.giftcard', { hint: payment.giftcard.hash_hint, amount: money(payment.amount_in_cents) }),
    );
  }
  if (session.giftcard_payment && session.giftcard_payment.remaining_in_cents > 0) {
    parts.push(t('receipt.toPay', { amount: money(session.giftcard_payment.remaining_in_cents) }));
  }
  for (const topUp of session.giftcard_top_ups) {
    parts.push(t('receipt.topUp', { hint: topUp.giftcard.hash_hint, amount: money(topUp.amount_in_cents) }));
  }
  if (session.payment_due)
    parts.push(t('receipt.collect', { amount: money(session.payment_due.amount_in_cents) }));
  if (session.prepaid) {
    const cents = session.prepaid.amount_in_cents;
    parts.push(
      t(cents < 0 ? 'receipt.prepaidPaid' : 'receipt.prepaidTopUp', { amount: money(Math.abs(cents)) }),
    );
    if (session.prepaid.unpaid_in_cents)
      parts.push(t('receipt.toPay', { amount: money(session.prepaid.unpaid_in_cents) }));
  }
  for (const voucher of session.vouchers) parts.push(t('receipt.voucher', { code: voucher.code }));
  for (const reward of session.rewards) parts.push(t('receipt.reward', { title: reward.title }));
  parts.push(phaseWord(session, t));
  if (session.staff_name) parts.push(t('receipt.cashier', { name: session.staff_name }));
  return parts.join(' · ');
}

/**
 * What today's sessions add up to: credits given, gift cards paid, prepaid paid, and what the till
 * takes (left to pay, and the top-ups whose money it received or collects).
 */
export function dayTotals(sessions: readonly CashierSessionSummary[]) {
  let credits = 0;
  let giftcardsInCents = 0;
  let prepaidInCents = 0;
  let tillInCents = 0;
  for (const s of sessions) {
    credits += s.credits ?? 0;
    giftcardsInCents += s.giftcard_payment?.paid_in_cents ?? 0;
    if (s.prepaid && s.prepaid.amount_in_cents < 0) prepaidInCents -= s.prepaid.amount_in_cents;
    tillInCents += (s.giftcard_payment?.remaining_in_cents ?? 0) + (s.prepaid?.unpaid_in_cents ?? 0);
    if (s.payment_due && !s.payment_due.held) tillInCents += s.payment_due.amount_in_cents;
  }
  // Credits have at most two decimals: round away the float sum's noise.
  return { credits: Math.round(credits * 100) / 100, giftcardsInCents, prepaidInCents, tillInCents };
}
