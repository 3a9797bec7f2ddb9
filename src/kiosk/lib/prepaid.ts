import type { PortalEvent } from '../../contract/portal';

/**
 * What a prepaid payment of `amountInCents` takes from a balance of `balanceInCents`: min(amount,
 * balance) (extensions.md "The real platform's own portal screen"), and what is left to pay at the till.
 */
export function prepaidCharge(
  amountInCents: number,
  balanceInCents: number,
): { chargeInCents: number; unpaidInCents: number } {
  const chargeInCents = Math.max(0, Math.min(amountInCents, balanceInCents));
  return { chargeInCents, unpaidInCents: amountInCents - chargeInCents };
}

/** A prepaid transaction a session has made (from its `prepaid_transaction` event). */
export interface PrepaidDone {
  /** Cents moved: positive, whether paid or topped up. */
  amount_in_cents: number;
  balance_in_cents: number;
}

/**
 * The session's prepaid transaction, read from its `prepaid_transaction` event (its data is the
 * prepaid transaction resource), so a reloaded screen shows the result instead of asking again.
 * Null when the session has none (or the event is not what we expect).
 */
export function prepaidDoneFromEvents(events: readonly PortalEvent[]): PrepaidDone | null {
  const data = events.find((e) => e.type === 'prepaid_transaction')?.data as
    | { amount_in_cents?: unknown; prepaid_balance?: { balance_in_cents?: unknown } | null }
    | null
    | undefined;
  const amount = data?.amount_in_cents;
  const balance = data?.prepaid_balance?.balance_in_cents;
  if (!isFiniteNumber(amount) || !isFiniteNumber(balance)) return null;
  return { amount_in_cents: Math.abs(amount), balance_in_cents: balance };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
