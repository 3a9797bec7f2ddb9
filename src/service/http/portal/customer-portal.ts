import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import {
  portalActivity,
  portalCard,
  portalReward,
  portalSubscription,
  portalVoucher,
  rewardClaimRequest,
  rewardClaimResult,
  scanRequest,
  subscriptionChangeRequest,
  voucherRedeemRequest,
} from '../../../contract/portal';
import {
  addCardInSession,
  changeSubscriptionInSession,
  claimRewardInSession,
  redeemVoucherInSession,
  sessionActivity,
  sessionCards,
  sessionRewards,
  sessionSubscriptions,
  sessionVouchers,
} from '../../domain/portal-customer';
import { zodRoutes } from '../route';
import { IDEMPOTENCY, params, REFUSED, sessionCalls, TAG } from './session-calls';

const NO_CUSTOMER = '1003 (HTTP 409) "Identify the customer first".';

/**
 * The identified customer's own things (contract/portal.ts "the customer portal"): vouchers
 * (vouchers and identify sessions), rewards, activity, subscriptions and cards (identify sessions).
 */
export default async function customerPortalRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { act, read } = sessionCalls(fastify);
  const explain = (errors: string, write = false) =>
    `Errors: ${NO_CUSTOMER}${errors ? ` ${errors}` : ''} ${REFUSED}${write ? ` ${IDEMPOTENCY}` : ''}`;

  app.get(
    '/sessions/:uuid/vouchers',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: "The customer's active vouchers; vouchers and identify",
        description: explain(''),
        params,
        response: { 200: envelope(z.array(portalVoucher)) },
      },
    },
    (req) => read(req.params.uuid, 'voucher_list', (tx, session) => sessionVouchers(tx.db, session, tx.now)),
  );

  app.post(
    '/sessions/:uuid/vouchers/redeem',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: 'Redeem a voucher by code for the customer (links a voucher of nobody); vouchers',
        description: explain(
          '1003 (HTTP 403) "This voucher belongs to someone else"; 80004 unknown code, 80005 already ' +
            'redeemed, 80006 expired, 80012 deactivated, 80014 inactive, 80017 locked; 1003 naming ' +
            "contact_uuid when the customer holds the promotion's limit.",
          true,
        ),
        params,
        body: voucherRedeemRequest,
        response: { 200: envelope(z.object({ voucher: portalVoucher })) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, 'voucher_redeem', (tx, session) =>
        redeemVoucherInSession(tx, session, req.body.code),
      ),
  );

  app.get(
    '/sessions/:uuid/rewards',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: 'The active rewards, claimable ones first, then by required credits; identify',
        description: explain(''),
        params,
        response: { 200: envelope(z.array(portalReward)) },
      },
    },
    (req) => read(req.params.uuid, 'customer_portal', (tx, session) => sessionRewards(tx.db, session)),
  );

  app.post(
    '/sessions/:uuid/rewards/claim',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: 'Claim a reward with credits (a reward reception at this shop); identify',
        description: explain(
          '6003 unknown reward, 1052 inactive, 1018 out of stock, 1019 claim limit reached, ' +
            '1017 insufficient credits.',
          true,
        ),
        params,
        body: rewardClaimRequest,
        response: { 200: envelope(rewardClaimResult) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, 'customer_portal', (tx, session) =>
        claimRewardInSession(tx, session, req.body.reward_uuid),
      ),
  );

  app.get(
    '/sessions/:uuid/activity',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: "The customer's recent activity, newest first (at most 50); identify",
        description: explain(''),
        params,
        response: { 200: envelope(z.array(portalActivity)) },
      },
    },
    (req) => read(req.params.uuid, 'customer_portal', (tx, session) => sessionActivity(tx.db, session)),
  );

  app.get(
    '/sessions/:uuid/subscriptions',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: "The customer's e-mail subscriptions; identify",
        description: explain(''),
        params,
        response: { 200: envelope(z.array(portalSubscription)) },
      },
    },
    (req) => read(req.params.uuid, 'customer_portal', (tx, session) => sessionSubscriptions(tx.db, session)),
  );

  app.post(
    '/sessions/:uuid/subscriptions',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: 'Subscribe or unsubscribe the customer (double opt-in: PENDING_CONFIRMATION); identify',
        description: explain('55030 unknown subscription type.', true),
        params,
        body: subscriptionChangeRequest,
        response: { 200: envelope(portalSubscription) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, 'customer_portal', (tx, session) =>
        changeSubscriptionInSession(tx, session, req.body),
      ),
  );

  app.get(
    '/sessions/:uuid/cards',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: "The customer's cards (values as their last 4 characters); identify",
        description: explain(''),
        params,
        response: { 200: envelope(z.array(portalCard)) },
      },
    },
    (req) => read(req.params.uuid, 'customer_portal', (tx, session) => sessionCards(tx.db, session)),
  );

  app.post(
    '/sessions/:uuid/cards',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: 'Add a scanned card to the customer (new, or unlinked); identify',
        description: explain('60004 inactive card, 60014 card of someone else.', true),
        params,
        body: scanRequest,
        response: { 200: envelope(portalCard) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, 'customer_portal', (tx, session) =>
        addCardInSession(tx, session, req.body.value),
      ),
  );
}
