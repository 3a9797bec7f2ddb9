import type { PortalVoucher } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/vouchers/redeem: redeems a voucher by code for the identified
 * customer (vouchers sessions). Errors: 1003 (HTTP 403) someone else's voucher; 80004
 * unknown code, 80005 already redeemed, 80006 expired, 80012 deactivated, 80014 inactive, 80017 locked.
 */
export const redeemVoucherAction: SessionAction<{ code: string }, PortalVoucher> = {
  changes: true,
  send: async (uuid, variables) =>
    (await postSessionAction<{ voucher: PortalVoucher }>(uuid, '/vouchers/redeem', variables)).voucher,
};
