import type { PrepaidResult } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/** A prepaid session's one transaction: `pay` (pay_prepaid) or `top-up` (top_up_prepaid). */
export type PrepaidKind = 'pay' | 'top-up';

/**
 * POST /portal/api/sessions/{uuid}/prepaid/pay or /prepaid/top-up; the amount is the body's, else
 * the session's. A payment charges min(amount, balance). Errors: 1003 (HTTP 409) already done or
 * no customer; 1003 (HTTP 422) empty balance (pay) or no amount.
 */
export function prepaidTransaction(
  kind: PrepaidKind,
  uuid: string,
  variables: ActionVariables<{ amount_in_cents?: number }>,
): Promise<PrepaidResult> {
  return postSessionAction<PrepaidResult>(uuid, `/prepaid/${kind}`, variables);
}

/** The prepaid pay or top-up action of a session. */
export function usePrepaidTransaction(uuid: string, kind: PrepaidKind) {
  return useSessionAction(uuid, (id, variables: ActionVariables<{ amount_in_cents?: number }>) =>
    prepaidTransaction(kind, id, variables),
  );
}
