import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { type RouteError, VOUCHER_REDEEM_REFUSALS } from '../../../contract/errors';
import { meLink } from '../../../contract/me';
import {
  portalCreditReception,
  portalReward,
  portalStats,
  portalVoucher,
  rewardClaimRequest,
  rewardClaimResult,
  scanRequest,
  voucherRedeemRequest,
} from '../../../contract/portal';
import {
  claimReceiptInSession,
  claimRewardInSession,
  redeemVoucherInSession,
  sessionRewards,
  sessionVouchers,
} from '../../domain/counter/customer';
import { sessionStats } from '../../domain/counter/profile';
import { meLinkInSession } from '../../domain/phone/sign-in';
import { madeBy } from '../openapi/document';
import { zodRoutes } from '../route';
import {
  allowedIn,
  IDEMPOTENCY,
  IDENTIFIED,
  noBody,
  PROOF_REFUSALS,
  REFUSED,
  sessionCalls,
  sessionRoute,
} from './session-calls';

/** The rewards list refuses before identification, besides the session's own refusals. */
const CUSTOMER_REFUSED: readonly RouteError[] = [...REFUSED, { reason: 'customer_not_identified' }];
/** Every other customer-portal call also refuses a customer known by e-mail alone (proof_required). */
const PROOF_NEEDED: readonly RouteError[] = [...REFUSED, ...PROOF_REFUSALS];

/**
 * The identified customer's own things (contract/portal.ts "the customer portal"): vouchers
 * (vouchers and identify sessions), rewards to claim, a receipt's credits, visit stats and the
 * link to /me/ (identify sessions). Cards, e-mail subscriptions, activity and the profile are on
 * the customer's own page /me/, not at the counter (docs/trust-model.md).
 */
export default async function customerPortalRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { act, read } = sessionCalls(fastify);

  app.get(
    '/sessions/:uuid/vouchers',
    sessionRoute({
      summary: `The customer's active vouchers; ${allowedIn('voucher_list')}`,
      exampleAfter: madeBy('createPortalSessionVoucher', 'uuid'),
      errors: PROOF_NEEDED,
      response: { 200: envelope(z.array(portalVoucher)) },
    }),
    (req) => read(req.params.uuid, 'voucher_list', (tx, session) => sessionVouchers(tx.db, session, tx.now)),
  );

  app.post(
    '/sessions/:uuid/vouchers/redeem',
    sessionRoute({
      summary:
        'Redeem a voucher by code for the customer (links a voucher of nobody); its status is judged before its ' +
        `owner; ${allowedIn('voucher_redeem')}`,
      exampleAfter: madeBy('createPortalSessionVoucher', 'uuid'),
      description: IDEMPOTENCY,
      errors: [
        ...PROOF_NEEDED,
        { reason: 'voucher_someone_else', status: 403 },
        ...VOUCHER_REDEEM_REFUSALS,
        { reason: 'voucher_limit_reached' },
      ],
      body: voucherRedeemRequest,
      response: { 200: envelope(z.object({ voucher: portalVoucher })) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'voucher_redeem', (tx, session) =>
        redeemVoucherInSession(tx, session, req.body.code),
      ),
  );

  app.get(
    '/sessions/:uuid/rewards',
    sessionRoute({
      summary: `The active rewards, claimable ones first, then by required credits; ${allowedIn('customer_portal')}`,
      exampleAfter: IDENTIFIED,
      errors: CUSTOMER_REFUSED,
      response: { 200: envelope(z.array(portalReward)) },
    }),
    (req) =>
      read(req.params.uuid, 'customer_portal', (tx, session) => sessionRewards(tx.db, session, tx.now)),
  );

  app.post(
    '/sessions/:uuid/rewards/claim',
    sessionRoute({
      summary: `Claim a reward with credits (a reward reception at this shop); ${allowedIn('customer_portal')}`,
      exampleAfter: IDENTIFIED,
      description: IDEMPOTENCY,
      errors: [...PROOF_NEEDED, 6003, 1052, 1018, 1019, 1017],
      body: rewardClaimRequest,
      response: { 200: envelope(rewardClaimResult) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'customer_portal', (tx, session) =>
        claimRewardInSession(tx, session, req.body.reward_uuid),
      ),
  );

  app.post(
    '/sessions/:uuid/receipt-tokens/claim',
    sessionRoute({
      summary: `Collect a scanned receipt's credits for the customer (docs/receipt-tokens.md); ${allowedIn('customer_portal')}`,
      exampleAfter: IDENTIFIED,
      description:
        `The scanned receipt code (its URL) as \`value\`; answers the credit reception. ${IDEMPOTENCY}\n\n` +
        '**Try it out**: no example, as the code is the URL of a token made by POST ' +
        '/api/v3/oauth/clients/loyalty-tokens.',
      errors: [
        ...CUSTOMER_REFUSED,
        { reason: 'loyalty_token_invalid', when: 'naming value or hash: no receipt code, or a changed one' },
        { reason: 'loyalty_token_expired' },
        { reason: 'loyalty_token_claimed' },
        1015,
      ],
      body: scanRequest,
      response: { 200: envelope(portalCreditReception) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'customer_portal', (tx, session) =>
        claimReceiptInSession(tx, session, req.body.value),
      ),
  );

  app.post(
    '/sessions/:uuid/me-link',
    sessionRoute({
      summary: `A one-time sign-in link to the customer's own page /me/, shown as a QR code; ${allowedIn('customer_portal')}`,
      exampleAfter: IDENTIFIED,
      description:
        '"Manage on your phone": `url` opens /me/ signed in as the customer (docs/me.md), once, until ' +
        '`expires_at` (5 minutes). Each call makes a new link (an `Idempotency-Key` is not replayed: the ' +
        'token is stored only hashed).',
      errors: PROOF_NEEDED,
      body: noBody,
      response: { 200: envelope(meLink) },
    }),
    // Not through `act`: its replay store would keep the token in clear.
    (req) =>
      read(req.params.uuid, 'customer_portal', (tx, session) =>
        meLinkInSession(tx, session, app.config.portalUrl),
      ),
  );

  app.get(
    '/sessions/:uuid/stats',
    sessionRoute({
      summary: `The customer's visits, last visit and credits earned; ${allowedIn('customer_portal')}`,
      exampleAfter: IDENTIFIED,
      errors: PROOF_NEEDED,
      response: { 200: envelope(portalStats) },
    }),
    (req) => read(req.params.uuid, 'customer_portal', (tx, session) => sessionStats(tx.db, session)),
  );
}
