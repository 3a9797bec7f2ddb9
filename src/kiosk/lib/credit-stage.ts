import type { PortalSessionState } from '../../contract/portal';

/**
 * Where a credit-reception session stands once its contact is known:
 * `result` a credit reception exists (created here or pushed); `create` there is a POS transaction
 * or an amount to credit; `waiting` the cashier has not rung up the purchase yet.
 */
export type CreditStage = 'result' | 'create' | 'waiting';

export function creditStage(
  session: Pick<PortalSessionState, 'credit_reception' | 'pos_transaction' | 'amount_in_cents'>,
): CreditStage {
  if (session.credit_reception) return 'result';
  if (session.pos_transaction || session.amount_in_cents !== null) return 'create';
  return 'waiting';
}
