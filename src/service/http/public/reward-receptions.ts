import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { creditReception } from '../../../contract/public/credit-receptions';
import {
  createRewardReceptionBody,
  rewardReception,
  rewardReceptionUuidParams,
} from '../../../contract/public/reward-receptions';
import { shopById } from '../../domain/account/shops';
import { createRewardReception, reverseRewardReception } from '../../domain/rewards/reward-receptions';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';

/** Spec "Reward receptions and rewards (K)": claim a reward, reverse a claim. */
export default async function rewardReceptionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/reward-receptions',
    {
      config: { auth: 'K' },
      // A shop-bound key acts for its shop when the body names none, as in every other call of such a
      // key (the PHP SDK's RegisterClient sends no shop_uuid); an unbound key must name it (spec).
      preValidation: async (req) => {
        const body = req.body as Record<string, unknown> | null | undefined;
        if (req.actor.shopId !== null && body && typeof body === 'object' && body.shop_uuid === undefined) {
          body.shop_uuid = (await shopById(app.db, req.actor.shopId)).uuid;
        }
      },
      schema: {
        tags: ['Reward receptions'],
        summary: 'A contact claims a reward',
        description:
          'The required credits leave the contact’s balance (`credits` is negative) and one unit of a ' +
          'limited stock is taken. A physical reward then waits at the shop as a collectable reward until ' +
          '`expires_at` (created_at + expiration_duration days). Reversed claims do not count against ' +
          'the claim limit.',
        errors: [
          55031,
          { code: 1008, when: 'unknown shop, or not the shop of a shop-bound key' },
          6003,
          1017,
          1018,
          1019,
          1052,
        ],
        body: createRewardReceptionBody,
        response: { 201: envelope(rewardReception) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createRewardReception(tx, req.actor, req.body)))),
  );

  app.post(
    '/reward-receptions/:reward_reception_uuid/reverse',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Reward receptions'],
        summary: 'Reverse a reward reception',
        exampleAfter: madeBy('createRewardReception', 'reward_reception_uuid'),
        description:
          'A new credit reception (default unit) gives the spent credits back at the same shop; the stock ' +
          'is restored and a physical reward of it can no longer be collected. A reception is reversed ' +
          "once. A register key reverses its own shop's receptions only: another shop's answers as an " +
          'unknown one.',
        errors: [{ reason: 'reward_reception_not_found' }, { reason: 'reward_reception_already_reversed' }],
        params: rewardReceptionUuidParams,
        response: { 201: envelope(creditReception) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          ok(await req.tx((tx) => reverseRewardReception(tx, req.actor, req.params.reward_reception_uuid))),
        ),
  );
}
