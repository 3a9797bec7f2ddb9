import type { PortalSessionType, PrepaidResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/** The session types whose one transaction moves prepaid money: pay_prepaid and top_up_prepaid. */
export type PrepaidSessionType = Extract<PortalSessionType, 'pay_prepaid' | 'top_up_prepaid'>;

/**
 * POST /portal/api/sessions/{uuid}/prepaid/pay or /prepaid/top-up; the amount is the body's, else
 * the session's. A payment charges min(amount, balance). Errors: 1003 (HTTP 409) already done or
 * no customer; 1003 (HTTP 422) empty balance (pay) or no amount.
 */
export function prepaidAction(
  type: PrepaidSessionType,
): SessionAction<{ amount_in_cents?: number }, PrepaidResult> {
  const path = type === 'pay_prepaid' ? '/prepaid/pay' : '/prepaid/top-up';
  return {
    changes: true,
    send: (uuid, variables) => postSessionAction<PrepaidResult>(uuid, path, variables),
    apply: (uuid, result, queryClient) =>
      updateSession(queryClient, uuid, (s) => ({ ...s, contact: result.contact })),
  };
}
