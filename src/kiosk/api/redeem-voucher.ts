import type { PortalVoucher } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/vouchers/redeem: redeems a voucher by code for the identified
 * customer (vouchers sessions). Errors: 1003 (HTTP 403) someone else's voucher; 80004 unknown code,
 * 80005 already redeemed, 80006 expired, 80012 deactivated, 80014 inactive, 80017 locked.
 */
export async function redeemVoucher(
  uuid: string,
  variables: ActionVariables<{ code: string }>,
): Promise<PortalVoucher> {
  return (await postSessionAction<{ voucher: PortalVoucher }>(uuid, '/vouchers/redeem', variables)).voucher;
}

/** The voucher redeem action of a session. */
export function useRedeemVoucher(uuid: string) {
  return useSessionAction(uuid, redeemVoucher);
}
