import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { DEMO } from '../../../contract/examples';
import {
  amountRequest,
  awaitingPayment,
  giftcardRedeemResult,
  giftcardRequest,
  giftcardTopUpRequest,
  giftcardTopUpResult,
  portalGiftcard,
  prepaidResult,
  scanRequest,
} from '../../../contract/portal';
import { optionalBody } from '../../../contract/public/portal-sessions';
import {
  payPrepaidInSession,
  redeemGiftcardInSession,
  scanGiftcard,
  topUpGiftcardInSession,
  topUpPrepaidInSession,
} from '../../domain/portal-sessions/money';
import { madeBy } from '../openapi/document';
import { zodRoutes } from '../route';
import { allowedIn, IDEMPOTENCY, PROOF_REFUSALS, REFUSED, sessionCalls, sessionRoute } from './session-calls';

/** What a top-up's description says of its money (docs/trust-model.md). */
const TOP_UP =
  "The amount is the session's when it has one (another is refused), else `amount_in_cents`. " +
  'Records `payment_due` ("Collect € 50.00") before the money moves; with the session\'s ' +
  '`require_payment_confirmation` the answer is `{awaiting_payment}` and nothing moves until the POS ' +
  'confirms the payment (or the session ends, which drops it).';

/**
 * Money at the counter (contract/portal.ts "Money at the counter"): scan, redeem and top up gift
 * cards; pay from and top up the prepaid balance.
 */
export default async function portalMoneyRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { act } = sessionCalls(fastify);

  app.post(
    '/sessions/:uuid/giftcards/scan',
    sessionRoute({
      summary: `A scanned gift card (hash or QR content); ${allowedIn('giftcard_scan')}`,
      exampleAfter: madeBy('createPortalSessionRedeemGiftcard', 'uuid'),
      description: IDEMPOTENCY,
      errors: [...REFUSED, 5001],
      body: scanRequest.meta({ example: { value: DEMO.giftcardHash } }),
      response: { 200: envelope(z.object({ giftcard: portalGiftcard })) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'giftcard_scan', (tx) => scanGiftcard(tx.db, req.body.value, tx.now)),
  );

  app.post(
    '/sessions/:uuid/giftcards/redeem',
    sessionRoute({
      summary: `Pay with a gift card: min(balance, remaining) of the session's amount; ${allowedIn('redeem_giftcards')}`,
      exampleAfter: madeBy('createPortalSessionRedeemGiftcard', 'uuid'),
      description: IDEMPOTENCY,
      errors: [
        ...REFUSED,
        { reason: 'nothing_left_to_pay' },
        { reason: 'one_giftcard_only' },
        5001,
        { reason: 'giftcard_inactive' },
        5002,
        { code: 5003, when: 'an empty card' },
      ],
      body: giftcardRequest,
      response: { 200: envelope(giftcardRedeemResult) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'redeem_giftcards', (tx, session) =>
        redeemGiftcardInSession(tx, session, req.body.giftcard_uuid),
      ),
  );

  app.post(
    '/sessions/:uuid/giftcards/top-up',
    sessionRoute({
      summary: `Top up a gift card; ${allowedIn('top_up_giftcards')}`,
      exampleAfter: madeBy('createPortalSessionTopUpGiftcard', 'uuid'),
      description: `${TOP_UP} One top-up per session unless \`allow_multiple_giftcards\`. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        5001,
        { reason: 'giftcard_inactive' },
        5002,
        { code: 5006, when: 'a digital card topped up already' },
        { code: 5008, when: "above the program's maximum" },
        { reason: 'amount_set_by_session' },
        { reason: 'amount_below_minimum' },
        { reason: 'giftcard_top_up_done' },
        { reason: 'payment_awaited' },
      ],
      body: giftcardTopUpRequest,
      response: { 200: envelope(z.union([giftcardTopUpResult, awaitingPayment])) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'top_up_giftcards', (tx, session) =>
        topUpGiftcardInSession(tx, session, req.body),
      ),
  );

  app.post(
    '/sessions/:uuid/prepaid/pay',
    sessionRoute({
      summary: `Pay min(amount, balance) from the customer's prepaid balance; ${allowedIn('pay_prepaid')}`,
      exampleAfter: madeBy('createPortalSessionPayPrepaid', 'uuid'),
      description:
        "The amount is the session's when it has one (another is refused), else `amount_in_cents`; " +
        `\`unpaid_in_cents\` is what it leaves for the till. Once per session. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        ...PROOF_REFUSALS,
        { reason: 'prepaid_transaction_done' },
        { reason: 'amount_set_by_session' },
        { code: 1003, when: 'naming amount_in_cents without an amount' },
        { reason: 'amount_below_minimum' },
        { reason: 'prepaid_balance_insufficient' },
      ],
      body: optionalBody(amountRequest),
      response: { 200: envelope(prepaidResult) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'pay_prepaid', (tx, session) =>
        payPrepaidInSession(tx, session, req.body.amount_in_cents),
      ),
  );

  app.post(
    '/sessions/:uuid/prepaid/top-up',
    sessionRoute({
      summary: `Top up the customer's prepaid balance; ${allowedIn('top_up_prepaid')}`,
      exampleAfter: madeBy('createPortalSessionTopUpPrepaid', 'uuid'),
      description: `${TOP_UP} Once per session. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        { reason: 'customer_not_identified' },
        { reason: 'prepaid_transaction_done' },
        { code: 1003, when: 'naming amount_in_cents without an amount' },
        { reason: 'amount_set_by_session' },
        { reason: 'amount_below_minimum' },
        { reason: 'payment_awaited' },
      ],
      body: optionalBody(amountRequest),
      response: { 200: envelope(z.union([prepaidResult, awaitingPayment])) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'top_up_prepaid', (tx, session) =>
        topUpPrepaidInSession(tx, session, req.body.amount_in_cents),
      ),
  );
}
