import type { PrepaidResult } from '../../../contract/portal';

/**
 * Where a prepaid session stands once its customer is identified:
 * - `amount`: typed on the keypad (the session has no amount);
 * - `confirm`: "Pay € X from your balance?" / "Add € X to your balance?";
 * - `done`: what moved and the new balance.
 */
export type PrepaidStep =
  | { step: 'amount' }
  | { step: 'confirm'; amountInCents: number }
  | { step: 'done'; result: PrepaidResult };

/** The amount step when the session has no amount, else straight to confirming the session's. */
export function firstPrepaidStep(sessionAmountInCents: number | null): PrepaidStep {
  return sessionAmountInCents === null
    ? { step: 'amount' }
    : { step: 'confirm', amountInCents: sessionAmountInCents };
}
