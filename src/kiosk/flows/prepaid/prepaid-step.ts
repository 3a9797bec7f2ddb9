import type { PrepaidResult } from '../../../contract/portal';

/**
 * Where a prepaid session stands once its customer is identified:
 * - `amount`: typed on the keypad (the session has no amount);
 * - `confirm`: "Pay € X from your balance?" / "Add € X to your balance?";
 * - `done`: what moved and the new balance.
 */
export type PrepaidStep =
  | { step: 'amount' }
  | { step: 'confirm'; amount: number }
  | { step: 'done'; result: PrepaidResult };

/** The amount step when the session has no amount, else straight to confirming the session's. */
export function firstPrepaidStep(sessionAmount: number | null): PrepaidStep {
  return sessionAmount === null ? { step: 'amount' } : { step: 'confirm', amount: sessionAmount };
}
