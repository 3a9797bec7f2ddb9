import type { PortalProfile, PortalReward, PortalVoucher, RewardClaimResult } from '../../../contract/portal';
import type { CaptureMode } from '../../lib/capture';

/** The customer portal's tabs, in the order shown (`profile` only when the account lets some field change). */
export const PORTAL_TABS = ['rewards', 'vouchers', 'activity', 'email', 'cards', 'profile'] as const;
export type PortalTab = (typeof PORTAL_TABS)[number];

/** What a tab says on arrival: a card was just added, the profile just saved. */
export type TabNote = 'card_added' | 'profile_saved' | null;

/**
 * Where the customer portal stands once the customer is identified:
 * - `tabs`: the welcome with one tab open (`note`: what just happened there);
 * - `claim`: "Claim <reward> for N credits?";
 * - `claimed`: "Enjoy! Collect it at <shop>" / "We've e-mailed it";
 * - `add_card`: scan (or type) a card to add;
 * - `voucher`: "Use this voucher now?" for a voucher tapped in the vouchers tab;
 * - `voucher_redeemed`: used — show it to the cashier;
 * - `profile`: change the profile's editable fields (`fields` as the profile tab showed them).
 */
export type PortalStep =
  | { view: 'tabs'; tab: PortalTab; note: TabNote }
  | { view: 'claim'; reward: PortalReward }
  | { view: 'claimed'; result: RewardClaimResult }
  | { view: 'add_card'; capture: CaptureMode }
  | { view: 'voucher'; voucher: PortalVoucher }
  | { view: 'voucher_redeemed'; voucher: PortalVoucher }
  | { view: 'profile'; fields: PortalProfile['fields'] };

export const PORTAL_START: PortalStep = { view: 'tabs', tab: 'rewards', note: null };
