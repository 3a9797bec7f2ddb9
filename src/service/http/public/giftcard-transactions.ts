import type { FastifyInstance } from 'fastify';
import { envelope, pagedEnvelope, paginatorMeta } from '../../../contract/envelope';
import {
  createGiftcardTransactionBody,
  giftcardTransaction,
  giftcardTransactionUuidParams,
  listGiftcardTransactionsQuery,
} from '../../../contract/public/giftcard-transactions';
import {
  correctGiftcardTransaction,
  createGiftcardTransaction,
  giftcardTransactionByUuid,
  giftcardTransactionView,
  listGiftcardTransactions,
  reverseGiftcardTransaction,
} from '../../domain/giftcards/giftcard-transactions';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { SURFACE_PREFIX } from '../surfaces';

const RULES =
  'A card must be active (else 1003) and not expired (5002). A digital card can be incremented once ' +
  '(its first increment; then 5006), a physical card again and again. The balance stays between 0 ' +
  "(5003) and the program's max_amount_in_cents (5008).";

const OWN_SHOP =
  "A register key acts on its own shop's transactions only: another shop's answers 5010, as an unknown one.";

/** Spec "Giftcard transactions (K)": get, create, reverse. */
export default async function giftcardTransactionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/giftcard-transactions/:giftcard_transaction_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcard transactions'],
        summary: 'Get a giftcard transaction',
        exampleAfter: madeBy('createGiftcardTransaction', 'giftcard_transaction_uuid'),
        errors: [5010],
        params: giftcardTransactionUuidParams,
        response: { 200: envelope(giftcardTransaction) },
      },
    },
    async (req) =>
      ok(
        await giftcardTransactionView(
          app.db,
          await giftcardTransactionByUuid(app.db, req.params.giftcard_transaction_uuid),
        ),
      ),
  );

  app.post(
    '/giftcard-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcard transactions'],
        summary: 'Increment or decrement a giftcard',
        description:
          `A positive amount increments the card, a negative one decrements it. ${RULES} The shop is ` +
          'the one the API key is bound to, or `shop_uuid` (extension); with neither the transaction ' +
          'has no shop.',
        errors: [1008, 5001, 5002, 5003, 5006, 5008],
        body: createGiftcardTransactionBody,
        response: { 201: envelope(giftcardTransaction) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createGiftcardTransaction(tx, req.actor, req.body)))),
  );

  const reverse = {
    description:
      "Only the card's last transaction (else 55025): a new transaction of the negated amount, " +
      `checked by the same rules. ${RULES} ${OWN_SHOP}`,
    errors: [{ code: 5010, when: "unknown, or another shop's" }, 55025, 5002, 5003, 5008] as const,
    params: giftcardTransactionUuidParams,
    exampleAfter: madeBy('createGiftcardTransaction', 'giftcard_transaction_uuid'),
    response: { 201: envelope(giftcardTransaction) },
  };
  for (const [method, url, summary, surface] of [
    ['POST', '/giftcard-transactions/:giftcard_transaction_uuid/reverse', 'Reverse a giftcard transaction'],
    [
      'GET',
      `${SURFACE_PREFIX.register}/giftcard-transactions/:giftcard_transaction_uuid/reverse`,
      'Extension: reverse a giftcard transaction by GET, as the PHP SDK’s RegisterClient sends it',
      'register',
    ],
  ] as const) {
    app.route({
      method,
      url,
      config: { auth: 'K', ...(surface ? { surface } : {}) },
      schema: {
        ...reverse,
        summary,
        tags: surface ? ['Giftcard transactions', EXTENSION_TAG] : ['Giftcard transactions'],
      },
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(
            ok(
              await req.tx((tx) =>
                reverseGiftcardTransaction(tx, req.actor, req.params.giftcard_transaction_uuid),
              ),
            ),
          ),
    });
  }

  app.post(
    '/giftcard-transactions/:giftcard_transaction_uuid/correct',
    {
      config: { auth: 'K' },
      schema: {
        ...reverse,
        tags: ['Giftcard transactions', EXTENSION_TAG],
        summary: 'Extension: correct a giftcard transaction',
        description:
          'As reverse (the PHP SDK’s `giftcardTransactions->correct()`), for any transaction of the card, ' +
          'not only its last: a new transaction of the negated amount, once per transaction (corrected ' +
          `or reversed already: 55025). ${RULES} ${OWN_SHOP}`,
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await req.tx((tx) =>
              correctGiftcardTransaction(tx, req.actor, req.params.giftcard_transaction_uuid),
            ),
          ),
        ),
  );

  app.get(
    '/giftcard-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcard transactions', EXTENSION_TAG],
        summary: 'Extension: list giftcard transactions',
        description:
          'Newest first, of one program’s cards (`giftcard_program_uuid`) or one card (`giftcard_uuid`) ' +
          'or all, with the real platform’s paginator meta (the PHP SDK’s OAuth ' +
          '`giftcardTransactions->list()`).',
        errors: [1100, 5001],
        querystring: listGiftcardTransactionsQuery,
        response: { 200: pagedEnvelope(giftcardTransaction, paginatorMeta) },
      },
    },
    async (req) => {
      const { items, meta } = await listGiftcardTransactions(app.db, req.query);
      return { data: items, meta };
    },
  );
}
