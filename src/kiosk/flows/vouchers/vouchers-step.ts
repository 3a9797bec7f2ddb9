import type { PortalVoucher } from '../../../contract/portal';
import type { CaptureMode } from '../../lib/capture';

/**
 * Where a `vouchers` session stands:
 * - `list`: the customer's active vouchers, and "Scan a voucher";
 * - `scan`: scan (or type) a voucher code;
 * - `confirm`: "Redeem this voucher?" (listed, or a scanned code looked up). Also before
 *   identification, when a voucher was scanned instead of a card: then redeeming starts with
 *   identification (`identifying`), after which this confirmation comes back;
 * - `redeemed`: done, show it to the cashier.
 */
export type VouchersStep =
  | { step: 'list' }
  | { step: 'scan'; capture: CaptureMode }
  | { step: 'confirm'; voucher: PortalVoucher; identifying?: boolean }
  | { step: 'redeemed'; voucher: PortalVoucher };

export const VOUCHERS_START: VouchersStep = { step: 'list' };
