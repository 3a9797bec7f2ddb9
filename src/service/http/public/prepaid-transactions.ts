import type { FastifyInstance } from 'fastify';
import { envelope, pagedEnvelope } from '../../../contract/envelope';
import { contactUuidParams } from '../../../contract/public/contacts';
import {
  createPrepaidTransactionBody,
  listPrepaidTransactionsQuery,
  prepaidBalance as prepaidBalanceSchema,
  prepaidListMeta,
  prepaidTransaction,
  prepaidTransactionUuidParams,
} from '../../../contract/public/prepaid-transactions';
import {
  createPrepaidTransaction,
  listPrepaidTransactions,
  prepaidBalance,
  reversePrepaidTransaction,
} from '../../domain/prepaid/prepaid';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Prepaid transactions', EXTENSION_TAG];

/** Extension "Prepaid transactions" (extensions.md): create, list, reverse, and a contact's balance. */
export default async function prepaidTransactionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/prepaid-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: pay with or top up a prepaid balance',
        description:
          'The contact by `contact_uuid` or by card (`contact_identifier_value`); a negative amount ' +
          'pays, a positive one tops up. The balance never goes below zero: a payment above it answers ' +
          '1003 "Insufficient prepaid balance". `prepaid_balance` is the balance right after the ' +
          'transaction.',
        errors: [1008, 55031, 60003, 60004, { reason: 'prepaid_balance_insufficient' }],
        body: createPrepaidTransactionBody,
        response: { 201: envelope(prepaidTransaction) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createPrepaidTransaction(tx, req.actor, req.body)))),
  );

  app.get(
    '/prepaid-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: list a contact's prepaid transactions",
        description:
          'Newest first (the opening balance included), with meta {current_page, from, last_page, ' +
          'per_page, total}.',
        errors: [55031],
        querystring: listPrepaidTransactionsQuery,
        response: { 200: pagedEnvelope(prepaidTransaction, prepaidListMeta) },
      },
    },
    async (req) => {
      const { items, meta } = await listPrepaidTransactions(app.db, req.query);
      return { data: items, meta };
    },
  );

  app.get(
    '/contacts/:contact_uuid/prepaid-balance',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: a contact's prepaid balance",
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(prepaidBalanceSchema) },
      },
    },
    async (req) => ok(await prepaidBalance(app.db, req.params.contact_uuid)),
  );

  app.post(
    '/prepaid-transactions/:prepaid_transaction_uuid/reverse',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: reverse a prepaid transaction',
        exampleAfter: madeBy('createPrepaidTransaction', 'prepaid_transaction_uuid'),
        description:
          'A new transaction of the negated amount for the same contact and shop; once per transaction. ' +
          "A register key reverses its own shop's transactions only: another shop's answers as an unknown one.",
        errors: [
          { reason: 'prepaid_transaction_not_found' },
          { reason: 'prepaid_transaction_already_reversed' },
          { reason: 'reversal_not_reversible' },
          { reason: 'opening_balance_not_reversible' },
          { reason: 'prepaid_balance_insufficient' },
        ],
        params: prepaidTransactionUuidParams,
        response: { 201: envelope(prepaidTransaction) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await req.tx((tx) =>
              reversePrepaidTransaction(tx, req.actor, req.params.prepaid_transaction_uuid),
            ),
          ),
        ),
  );
}
