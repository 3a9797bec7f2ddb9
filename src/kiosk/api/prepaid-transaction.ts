import type { AwaitingPayment, PortalSessionType, PrepaidResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/** The session types whose one transaction moves prepaid money: pay_prepaid and top_up_prepaid. */
export type PrepaidSessionType = Extract<PortalSessionType, 'pay_prepaid' | 'top_up_prepaid'>;

/**
 * POST /portal/api/sessions/{uuid}/prepaid/pay or /prepaid/top-up; the amount is the session's,
 * else the body's. A payment charges min(amount, balance); a top-up of a session that holds it
 * answers `awaiting_payment` (the cashier confirms the payment first). Errors: 1003 (HTTP 409)
 * already done or no customer; 1003 (HTTP 422) empty balance (pay) or no amount; proof_required.
 */
export function prepaidAction(
  type: PrepaidSessionType,
): SessionAction<{ amount_in_cents?: number }, PrepaidResult | AwaitingPayment> {
  const path = type === 'pay_prepaid' ? '/prepaid/pay' : '/prepaid/top-up';
  return {
    changes: true,
    send: (uuid, variables) => postSessionAction<PrepaidResult | AwaitingPayment>(uuid, path, variables),
    apply: (uuid, result, queryClient) =>
      updateSession(queryClient, uuid, (s) =>
        'awaiting_payment' in result
          ? { ...s, payment_hold: { ...result.awaiting_payment, giftcard: null } }
          : { ...s, contact: result.contact },
      ),
  };
}
