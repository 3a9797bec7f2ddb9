import type { FastifyInstance } from 'fastify';
import accountRoutes from './account';
import bookingRoutes from './bookings';
import categoryRoutes from './categories';
import collectableRewardRoutes from './collectable-rewards';
import contactIdentifierRoutes from './contact-identifiers';
import contactSessionTokenRoutes from './contact-session-tokens';
import contactSubscriptionRoutes from './contact-subscriptions';
import contactVerificationRoutes from './contact-verification';
import contactRoutes from './contacts';
import contactsPortalRoutes from './contacts-portal';
import creditReceptionRoutes from './credit-receptions';
import customAttributeRoutes from './custom-attributes';
import endScreenPushRoutes from './end-screen-push';
import entityAttributeRoutes from './entity-attributes';
import giftcardTransactionRoutes from './giftcard-transactions';
import giftcardRoutes from './giftcards';
import loyaltyTokenRoutes from './loyalty-tokens';
import loyaltyTransactionRoutes from './loyalty-transactions';
import oauthTokenRoutes from './oauth-token';
import perkRoutes from './perks';
import portalSessionRoutes from './portal-sessions';
import posTransactionRoutes from './pos-transactions';
import prepaidTransactionRoutes from './prepaid-transactions';
import productRoutes from './products';
import promotionRoutes from './promotions';
import registerRoutes from './registers';
import rewardReceptionRoutes from './reward-receptions';
import rewardRoutes from './rewards';
import unitRoutes from './units';
import visitRoutes from './visits';
import voucherRoutes from './vouchers';
import webhookSubscriptionRoutes from './webhook-subscriptions';

/** Every route group of the public API (spec "Endpoints", plus the extensions of extensions.md). */
export async function registerPublicRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    oauthTokenRoutes,
    contactRoutes,
    loyaltyTransactionRoutes,
    accountRoutes,
    contactIdentifierRoutes,
    contactSessionTokenRoutes,
    contactSubscriptionRoutes,
    unitRoutes,
    creditReceptionRoutes,
    posTransactionRoutes,
    portalSessionRoutes,
    endScreenPushRoutes,
    giftcardRoutes,
    giftcardTransactionRoutes,
    prepaidTransactionRoutes,
    promotionRoutes,
    registerRoutes,
    voucherRoutes,
    rewardRoutes,
    rewardReceptionRoutes,
    collectableRewardRoutes,
    customAttributeRoutes,
    entityAttributeRoutes,
    perkRoutes,
    bookingRoutes,
    visitRoutes,
    productRoutes,
    categoryRoutes,
    contactVerificationRoutes,
    contactsPortalRoutes,
    webhookSubscriptionRoutes,
    loyaltyTokenRoutes,
  ]) {
    await app.register(routes);
  }
}
