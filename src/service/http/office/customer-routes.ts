import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO } from '../../../contract/examples';
import {
  CUSTOMER_HISTORY_LIMIT,
  CUSTOMER_SEARCH_LIMIT,
  cardBlockRequest,
  creditCorrectionRequest,
  customerCard,
  customerChange,
  customerExport,
  customerHistory,
  customerSearchRequest,
  customerSearchResult,
  officeCustomer,
  reversalRequest,
} from '../../../contract/office-customers';
import {
  correctCredits,
  officeCustomer as customerOf,
  eraseCustomer,
  exportCustomer,
  customerHistory as historyOf,
  reverseForCustomer,
  searchCustomers,
  setCardBlocked,
} from '../../domain/contacts/customer-service';
import { withIdempotency } from '../idempotency';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const uuidParams = z.object({ uuid: z.string().min(1).max(191).meta({ example: DEMO.anna }) });
// Anna's card CARD-0001 is the demo account's first card.
const cardParams = uuidParams.extend({ card: z.coerce.number().int().positive().meta({ example: 1 }) });
const noBody = z.preprocess((v) => v ?? {}, z.object({}));
const UNKNOWN = { reason: 'customer_not_found' } as const;
const WHO =
  'Owners and managers (loyalty is account-wide: a manager serves any member); a manager reads and ' +
  'changes only what their shops did.';

/**
 * Customer service in the office (docs/office.md "Customer service"): find a customer, their page
 * and history, points corrections, reversals, cards blocked, export and erasure. The rules live in
 * domain/contacts/customer-service.ts and the capabilities it calls.
 */
export default async function customerRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/customers/search',
    officeRoute({
      summary: 'Find a customer by e-mail address, card or name (changes nothing)',
      description:
        `${WHO} An e-mail address exact or its start (with an \`@\`), a card's exact value, or the start of a ` +
        `first or last name ("Anna J"). At most ${CUSTOMER_SEARCH_LIMIT}; \`more\`: type more of it. A POST so ` +
        'that the personal data searched for stays out of URLs and logs.',
      errors: [1003],
      body: customerSearchRequest,
      response: { 200: customerSearchResult },
    }),
    async (req) => searchCustomers(app.db, req.body.query),
  );

  app.get(
    '/customers/:uuid',
    officeRoute({
      summary: "A customer's balances, tier, gift cards and cards",
      description: `${WHO} Card values are shown as their last 4 characters.`,
      errors: [UNKNOWN],
      params: uuidParams,
      response: { 200: officeCustomer },
    }),
    async (req) => customerOf(app.db, req.params.uuid),
  );

  app.get(
    '/customers/:uuid/history',
    officeRoute({
      summary: "A customer's history, newest first: receptions, prepaid and gift-card transactions",
      description:
        `The newest ${CUSTOMER_HISTORY_LIMIT} lines (the activity /me/ shows, with gift-card reversals): whether ` +
        "each was reversed or is a reversal, and a correction's reason. A manager reads the lines of the " +
        'shops they run (`other_shops`: there are others).',
      errors: [UNKNOWN],
      params: uuidParams,
      response: { 200: customerHistory },
    }),
    async (req) => historyOf(app.db, req.officeActor, req.params.uuid),
  );

  const correction = officeRoute({
    summary: "Correct a customer's points with a reason (a credit reception at a shop you run)",
    description:
      'Positive credits add, negative take (never below a balance of zero: 422 credit_balance_below_zero). ' +
      'The reason is required and kept with it and in the audit log (`customer.credits_corrected`). An ' +
      '`Idempotency-Key` makes a retry safe: the same key answers the first correction again.',
    errors: [
      UNKNOWN,
      1008,
      { reason: 'credit_balance_below_zero' },
      { code: 1003, status: 422, when: 'naming reason: no reason given' },
      1015,
    ],
    params: uuidParams,
    body: creditCorrectionRequest,
    response: { 201: customerChange },
  });
  app.post(
    '/customers/:uuid/credit-corrections',
    { ...correction, config: { ...correction.config, idempotent: true } },
    async (req, reply) => {
      reply.code(201);
      return withIdempotency(app, req, reply, `office:${req.officeActor.uuid}`, (tx) =>
        correctCredits(tx, req.officeActor, req.params.uuid, req.body),
      );
    },
  );

  app.post(
    '/customers/:uuid/reversals',
    officeRoute({
      summary: "Reverse one of the customer's credit receptions, reward receptions or gift-card transactions",
      description:
        "By the API's own reversal and its rules: once only, never a reversal, a gift card's last " +
        'transaction only, a balance never below zero. A manager reverses their shops’ only. Recorded as ' +
        '`customer.reversed`.',
      errors: [
        UNKNOWN,
        { reason: 'customer_transaction_not_found' },
        { reason: 'credit_reception_already_reversed' },
        { reason: 'reward_reception_already_reversed' },
        { reason: 'reversal_not_reversible' },
        { reason: 'credit_balance_below_zero' },
        55025,
        5003,
      ],
      exampleAfter: {
        operationId: 'createOfficeApiCustomerCreditCorrection',
        parameters: { uuid: '$request.path.uuid' },
        requestBody: '$response.body#/made',
      },
      params: uuidParams,
      body: reversalRequest,
      response: { 200: customerChange },
    }),
    async (req) => app.tx((tx) => reverseForCustomer(tx, req.officeActor, req.params.uuid, req.body)),
  );

  app.put(
    '/customers/:uuid/cards/:card',
    officeRoute({
      summary: "Block or unblock one of the customer's cards (owner)",
      description:
        'A blocked card is refused by every API (the counter, the identifier lookup, receptions: 60004 ' +
        '`card_blocked`) until unblocked. Recorded as `customer.card_blocked` / `customer.card_unblocked` ' +
        'with the last 4 characters of the card.',
      errors: [UNKNOWN, { reason: 'card_not_found' }, { code: 1003, status: 409, when: 'naming blocked' }],
      params: cardParams,
      body: cardBlockRequest,
      response: { 200: customerCard },
    }),
    async (req) =>
      app.tx((tx) => setCardBlocked(tx, req.officeActor, req.params.uuid, req.params.card, req.body.blocked)),
  );

  app.post(
    '/customers/:uuid/export',
    officeRoute({
      summary: 'Everything stored about the customer, as a JSON file (owner; as /me/ exports it)',
      description:
        'An attachment (`customer-data.json`); recorded as `customer.exported` (who, when; none of its content).',
      errors: [UNKNOWN],
      params: uuidParams,
      body: noBody,
      response: { 200: customerExport },
    }),
    async (req, reply) => {
      reply.header('content-disposition', 'attachment; filename="customer-data.json"');
      return app.tx((tx) => exportCustomer(tx, req.officeActor, req.params.uuid));
    },
  );

  app.post(
    '/customers/:uuid/erase',
    officeRoute({
      summary: 'Erase the customer: the same erasure as /me/ (owner)',
      description:
        'Personal data and cards go; ledgers stay, anonymised, so balances and shop totals stay exact; the ' +
        'audit entries about them lose their values. Recorded as `customer.erased` (without values).',
      errors: [UNKNOWN],
      params: uuidParams,
      body: noBody,
      noContent: 'Erased.',
    }),
    async (req, reply) => {
      await app.tx((tx) => eraseCustomer(tx, req.officeActor, req.params.uuid));
      return reply.code(204).send();
    },
  );
}
