import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { creditReceptionUuidParams } from '../../../contract/public/credit-receptions';
import {
  emptyList,
  posTransactionUuidParams,
  pushCreditReceptionBody,
} from '../../../contract/public/portal-sessions';
import { pushCreditReception, pushPosTransaction } from '../../domain/portal-sessions/end-screen';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';

const DELIVERY =
  "Delivered to the shop's end-screen: its newest open credit-reception portal session that has no " +
  'credit reception yet, else a new credit-reception session, which the standby screens of the shop open.';

/** Spec "Credit receptions" push (rule 6) and "POS transactions" push: to the shop's end-screen. */
export default async function endScreenPushRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const ttl = () => app.config.sessionTtlMinutes;

  app.post(
    '/credit-receptions/:credit_reception_uuid/push',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Credit receptions'],
        summary: "Push a credit reception to the shop's end-screen",
        exampleAfter: madeBy('createCreditReception', 'credit_reception_uuid'),
        description:
          `${DELIVERY} The pushing shop is the shop of a bound API key; with an unbound key the ` +
          "**Extension** `shop_uuid`, else the reception's own shop.",
        errors: [1028, { code: 55024, when: 'the reception was not created by the pushing shop' }, 1008],
        params: creditReceptionUuidParams,
        body: pushCreditReceptionBody,
        response: { 200: envelope(emptyList) },
      },
    },
    async (req) => {
      await req.tx((tx) =>
        pushCreditReception(tx, req.actor, req.params.credit_reception_uuid, req.body.shop_uuid, ttl()),
      );
      return ok([]);
    },
  );

  app.post(
    '/pos-transactions/:pos_transaction_uuid/push',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['POS transactions'],
        summary: "Push a POS transaction to its shop's end-screen",
        exampleAfter: madeBy('createPosTransaction', 'pos_transaction_uuid'),
        description: `${DELIVERY} There the customer identifies and the credit reception is created.`,
        errors: [{ code: 1027, when: "unknown (or, for a key bound to a shop, another shop's)" }, 6001],
        params: posTransactionUuidParams,
        response: { 200: envelope(emptyList) },
      },
    },
    async (req) => {
      await req.tx((tx) => pushPosTransaction(tx, req.actor, req.params.pos_transaction_uuid, ttl()));
      return ok([]);
    },
  );
}
