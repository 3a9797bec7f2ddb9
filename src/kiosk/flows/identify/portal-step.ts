import type {
  PortalCreditReception,
  PortalReward,
  PortalVoucher,
  RewardClaimResult,
} from '../../../contract/portal';
import type { CaptureMode } from '../../lib/capture';

/**
 * The customer portal's tabs, in the order shown: what is used at the counter. Everything else of
 * the account (profile, cards, e-mails, activity) is on the customer's phone (/me/, `phone`).
 */
export const PORTAL_TABS = ['rewards', 'vouchers'] as const;
export type PortalTab = (typeof PORTAL_TABS)[number];

/**
 * Where the customer portal stands once the customer is identified:
 * - `tabs`: the welcome with one tab open;
 * - `claim`: "Claim <reward> for N credits?";
 * - `claimed`: "Enjoy! Collect it at <shop>" / "We've e-mailed it";
 * - `voucher`: "Use this voucher now?" for a voucher tapped in the vouchers tab;
 * - `voucher_redeemed`: used — show it to the cashier;
 * - `receipt`: scan (or type) the code of a receipt to collect its credits;
 * - `receipt_claimed`: the credits earned and the new balance;
 * - `phone`: "Manage on your phone", a QR of a one-time link to /me/;
 * - `verify`: "Confirm it is you" before what needs it, then `back` where the customer was, or
 *   `next` (the phone link). `own`: what comes next opens the customer's account, so it needs the
 *   customer's own proof (a scan, the e-mailed code), not the POS's word.
 */
export type PortalStep =
  | { view: 'tabs'; tab: PortalTab }
  | { view: 'claim'; reward: PortalReward }
  | { view: 'claimed'; result: RewardClaimResult }
  | { view: 'voucher'; voucher: PortalVoucher }
  | { view: 'voucher_redeemed'; voucher: PortalVoucher }
  | { view: 'receipt'; capture: CaptureMode }
  | { view: 'receipt_claimed'; reception: PortalCreditReception }
  | { view: 'phone' }
  | {
      view: 'verify';
      back: Exclude<PortalStep, { view: 'verify' }>;
      next?: Exclude<PortalStep, { view: 'verify' }>;
      own?: boolean;
    };

export const PORTAL_START: PortalStep = { view: 'tabs', tab: 'rewards' };
