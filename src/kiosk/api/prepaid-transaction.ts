import type { PrepaidResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/** A prepaid session's one transaction: `pay` (pay_prepaid) or `top-up` (top_up_prepaid). */
export type PrepaidKind = 'pay' | 'top-up';

/**
 * POST /portal/api/sessions/{uuid}/prepaid/pay or /prepaid/top-up; the amount is the body's, else
 * the session's. A payment charges min(amount, balance). Errors: 1003 (HTTP 409) already done or
 * no customer; 1003 (HTTP 422) empty balance (pay) or no amount.
 */
export function prepaidAction(kind: PrepaidKind): SessionAction<{ amount_in_cents?: number }, PrepaidResult> {
  return {
    changes: true,
    send: (uuid, variables) => postSessionAction<PrepaidResult>(uuid, `/prepaid/${kind}`, variables),
    apply: (uuid, result, queryClient) =>
      updateSession(queryClient, uuid, (s) => ({ ...s, contact: result.contact })),
  };
}
