import type { PortalVoucher } from '../../../contract/portal';
import type { CaptureMode } from '../../lib/capture';

/**
 * Where a `vouchers` session stands once its customer is identified:
 * - `list`: the customer's active vouchers, and "Scan a voucher";
 * - `scan`: scan (or type) a voucher code;
 * - `confirm`: "Redeem this voucher?" (`voucher` null: a scanned code not in the list);
 * - `redeemed`: done, show it to the cashier.
 */
export type VouchersStep =
  | { step: 'list' }
  | { step: 'scan'; capture: CaptureMode }
  | { step: 'confirm'; code: string; voucher: PortalVoucher | null }
  | { step: 'redeemed'; voucher: PortalVoucher };

export const VOUCHERS_START: VouchersStep = { step: 'list' };
