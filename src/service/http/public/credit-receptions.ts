import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  calculateCreditsQuery,
  calculatedCredits,
  createCreditReceptionBody,
  creditReception,
  creditReceptionUuidParams,
} from '../../../contract/public/credit-receptions';
import {
  calculateReceptionCredits,
  createCreditReception,
  reverseCreditReception,
} from '../../domain/loyalty/credit-receptions';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { SURFACE_PREFIX } from '../surfaces';

/** Spec "Credit receptions (K)": create and calculate, plus the reverse extension. Push: its own module. */
export default async function creditReceptionsRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/credit-receptions',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Credit receptions'],
        summary: 'Give a contact credits',
        description:
          'Explicit `credits` (at most 2 decimals; negative for a partial refund) override the loyalty ' +
          'rules; otherwise the rules turn `unit_value` into whole credits. The shop is the one the API ' +
          'key is bound to, or `shop_uuid` (extension) with an unbound key. A POS transaction links to ' +
          'one credit reception only. The balance never goes below zero (1003). Concurrent creations ' +
          'for one contact are serialized, not refused.',
        errors: [
          1008,
          55031,
          60003,
          60007,
          1015,
          55046,
          1027,
          6001,
          { reason: 'credit_balance_below_zero' },
          { reason: 'card_blocked' },
        ],
        body: createCreditReceptionBody,
        response: { 201: envelope(creditReception) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createCreditReception(tx, req.actor, req.body)))),
  );

  app.get(
    '/credit-receptions/calculate',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Credit receptions'],
        summary: 'Calculate the credits for a unit value',
        description:
          "The loyalty rules' result now, with the contact's tier when `contact_uuid` is given. A real " +
          'reception can differ when time-based rules apply.',
        errors: [
          { code: 1008, when: 'a named `shop_uuid` or the key’s bound shop does not exist' },
          55031,
          60007,
        ],
        querystring: calculateCreditsQuery,
        response: { 200: envelope(calculatedCredits) },
      },
    },
    async (req) => ok(await calculateReceptionCredits(app.db, req.actor, req.query, app.clock())),
  );

  const reverse = {
    tags: ['Credit receptions', EXTENSION_TAG],
    description:
      'Creates a new credit reception with the negated credits for the same contact, shop and ' +
      'unit. A reception can be reversed once.',
    errors: [
      1028,
      { code: 55024, when: 'another shop’s reception (shop-bound key)' },
      { reason: 'credit_reception_already_reversed' },
      { reason: 'reversal_not_reversible' },
      { reason: 'credit_balance_below_zero' },
    ] as const,
    params: creditReceptionUuidParams,
    exampleAfter: madeBy('createCreditReception', 'credit_reception_uuid'),
    response: { 201: envelope(creditReception) },
  };
  for (const [method, url, summary, surface] of [
    ['POST', '/credit-receptions/:credit_reception_uuid/reverse', 'Extension: reverse a credit reception'],
    [
      'GET',
      `${SURFACE_PREFIX.register}/credit-receptions/:credit_reception_uuid/reverse`,
      'Extension: reverse a credit reception by GET, as the PHP SDK’s RegisterClient sends it',
      'register',
    ],
  ] as const) {
    app.route({
      method,
      url,
      config: { auth: 'K', ...(surface ? { surface } : {}) },
      schema: { ...reverse, summary },
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(
            ok(await req.tx((tx) => reverseCreditReception(tx, req.actor, req.params.credit_reception_uuid))),
          ),
    });
  }
}
