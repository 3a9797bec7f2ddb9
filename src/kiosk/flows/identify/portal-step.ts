import type {
  PortalCreditReception,
  PortalReward,
  PortalVoucher,
  RewardClaimResult,
} from '../../../contract/portal';
import type { CaptureMode } from '../../lib/capture';

/** The customer portal's tabs, in the order shown. */
export const PORTAL_TABS = ['rewards', 'vouchers', 'activity', 'email', 'cards'] as const;
export type PortalTab = (typeof PORTAL_TABS)[number];

/** What a tab says on arrival: a card was just added. */
export type TabNote = 'card_added' | null;

/**
 * Where the customer portal stands once the customer is identified:
 * - `tabs`: the welcome with one tab open (`note`: what just happened there);
 * - `claim`: "Claim <reward> for N credits?";
 * - `claimed`: "Enjoy! Collect it at <shop>" / "We've e-mailed it";
 * - `add_card`: scan (or type) a card to add;
 * - `voucher`: "Use this voucher now?" for a voucher tapped in the vouchers tab;
 * - `voucher_redeemed`: used — show it to the cashier;
 * - `receipt`: scan (or type) the code of a receipt to collect its credits;
 * - `receipt_claimed`: the credits earned and the new balance;
 * - `verify`: "Confirm it is you" before what needs it, then `back` where the customer was.
 */
export type PortalStep =
  | { view: 'tabs'; tab: PortalTab; note: TabNote }
  | { view: 'claim'; reward: PortalReward }
  | { view: 'claimed'; result: RewardClaimResult }
  | { view: 'add_card'; capture: CaptureMode }
  | { view: 'voucher'; voucher: PortalVoucher }
  | { view: 'voucher_redeemed'; voucher: PortalVoucher }
  | { view: 'receipt'; capture: CaptureMode }
  | { view: 'receipt_claimed'; reception: PortalCreditReception }
  | { view: 'verify'; back: Exclude<PortalStep, { view: 'verify' }> };

export const PORTAL_START: PortalStep = { view: 'tabs', tab: 'rewards', note: null };
