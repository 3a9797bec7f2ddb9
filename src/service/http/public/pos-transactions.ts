import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { createPosTransactionBody, posTransaction } from '../../../contract/public/pos-transactions';
import { createPosTransaction } from '../../domain/pos/pos-transactions';
import { ok, zodRoutes } from '../route';

/** Spec "POS transactions (K)": create. Push is registered by its own route module. */
export default async function posTransactionsRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/pos-transactions',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['POS transactions'],
        summary: 'Record a POS transaction',
        description:
          'Acts for the shop the API key is bound to; an unbound key names it with `shop_uuid` ' +
          '(extension).',
        errors: [1008],
        body: createPosTransactionBody,
        response: { 201: envelope(posTransaction) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createPosTransaction(tx, req.actor, req.body)))),
  );
}
