import { z } from 'zod';
import { cashierDevice, cashierSession, cashierSessionSummary } from './cashier';
import { errorBody, giftcardPageMeta, pageMeta, paginatorMeta } from './envelope';
import {
  deviceState,
  giftcardRedeemResult,
  giftcardTopUpResult,
  portalActivity,
  portalCard,
  portalContact,
  portalEvent,
  portalGiftcard,
  portalReward,
  portalSessionState,
  portalSubscription,
  portalVoucher,
  prepaidResult,
  rewardClaimResult,
} from './portal';
import { loyaltyProgram, tier } from './public/account';
import { booking } from './public/bookings';
import { category } from './public/categories';
import { collectableReward, rewardRedemption } from './public/collectable-rewards';
import { shopWithAddress } from './public/common';
import { contactIdentifier } from './public/contact-identifiers';
import { contactSessionToken } from './public/contact-session-tokens';
import { contact, contactSubscription, subscriptionType } from './public/contacts';
import { creditReception } from './public/credit-receptions';
import { customAttribute } from './public/custom-attributes';
import { giftcardTransaction } from './public/giftcard-transactions';
import { foundGiftcard, giftcard, giftcardListItem, giftcardProgram } from './public/giftcards';
import { accessToken } from './public/oauth';
import { perk } from './public/perks';
import { portalSession } from './public/portal-sessions';
import { posTransaction } from './public/pos-transactions';
import { prepaidTransaction } from './public/prepaid-transactions';
import { product } from './public/products';
import { promotion } from './public/promotions';
import { rewardReception } from './public/reward-receptions';
import { reward } from './public/rewards';
import { unit } from './public/units';
import { visit } from './public/visits';
import { voucher, voucherLock } from './public/vouchers';

/**
 * The named schemas of the OpenAPI document (`#/components/schemas/<name>`): every resource and the
 * error body. Registered in zod's global registry, from which fastify-type-provider-zod writes them
 * as components and refers to them wherever a route's schema uses them, so generated clients get a
 * `Contact` or `Giftcard` type. A name is registered once, however often this module is imported.
 */
export const COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  AccessToken: accessToken,
  Booking: booking,
  CashierDevice: cashierDevice,
  CashierSession: cashierSession,
  CashierSessionSummary: cashierSessionSummary,
  Category: category,
  CollectableReward: collectableReward,
  Contact: contact,
  ContactIdentifier: contactIdentifier,
  ContactSessionToken: contactSessionToken,
  ContactSubscription: contactSubscription,
  CreditReception: creditReception,
  CustomAttribute: customAttribute,
  DeviceState: deviceState,
  Error: errorBody,
  FoundGiftcard: foundGiftcard,
  Giftcard: giftcard,
  GiftcardListItem: giftcardListItem,
  GiftcardPageMeta: giftcardPageMeta,
  GiftcardProgram: giftcardProgram,
  GiftcardRedeemResult: giftcardRedeemResult,
  GiftcardTopUpResult: giftcardTopUpResult,
  GiftcardTransaction: giftcardTransaction,
  LoyaltyProgram: loyaltyProgram,
  PageMeta: pageMeta,
  PaginatorMeta: paginatorMeta,
  Perk: perk,
  PortalActivity: portalActivity,
  PortalCard: portalCard,
  PortalContact: portalContact,
  PortalEvent: portalEvent,
  PortalGiftcard: portalGiftcard,
  PortalReward: portalReward,
  PortalSession: portalSession,
  PortalSessionState: portalSessionState,
  PortalSubscription: portalSubscription,
  PortalVoucher: portalVoucher,
  PosTransaction: posTransaction,
  PrepaidResult: prepaidResult,
  PrepaidTransaction: prepaidTransaction,
  Product: product,
  Promotion: promotion,
  Reward: reward,
  RewardClaimResult: rewardClaimResult,
  RewardReception: rewardReception,
  RewardRedemption: rewardRedemption,
  Shop: shopWithAddress,
  SubscriptionType: subscriptionType,
  Tier: tier,
  Unit: unit,
  Visit: visit,
  Voucher: voucher,
  VoucherLock: voucherLock,
};

for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) {
  const meta = z.globalRegistry.get(schema);
  if (meta?.id === id) continue;
  z.globalRegistry.add(schema, { ...meta, id });
}
