import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import {
  collectableReward,
  collectableRewardsQuery,
  collectedReward,
  collectParams,
  redemptionParams,
  reverseRedemptionBody,
  rewardRedemption,
} from '../../../contract/public/collectable-rewards';
import {
  collectReward,
  listCollectableRewards,
  reverseRedemption,
} from '../../domain/rewards/collectable-rewards';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';

/** Spec "Collectable rewards": list, collect (K) and reverse a collection (P). */
export default async function collectableRewardRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/collectable-rewards',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Collectable rewards'],
        summary: "List a contact's collectable rewards",
        description:
          'Claimed physical rewards that are not reversed: waiting ones (not expired) and collected ones ' +
          '(`has_been_collected` true), oldest first. `uuid` is the reward reception’s, the value collect ' +
          'takes.',
        errors: [55031],
        querystring: collectableRewardsQuery,
        response: { 200: envelope(z.array(collectableReward)) },
      },
    },
    async (req) => ok(await listCollectableRewards(app.db, req.query.contact_uuid, app.clock())),
  );

  app.put(
    '/collectable-rewards/collect/:loyalty_transaction_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Collectable rewards'],
        summary: 'Collect a claimed reward',
        exampleAfter: madeBy('createRewardReception', 'loyalty_transaction_uuid'),
        description:
          'The path value is the uuid of the reward reception. Answers the redemption `{uuid, status: ' +
          'COLLECTED}` (its uuid is what reverse takes) with the Collectable Reward fields ' +
          '(contact, created_at, title, reward, expires_at, has_been_collected: true), as the real ' +
          'platform does. The reward waits at the shop it was claimed at: a register key collects its ' +
          "own shop's only, another shop's answers 80300 as an unknown one.",
        errors: [
          {
            code: 80300,
            when: "unknown or another shop's, not a physical reward, reversed claim, or expired",
          },
          { code: 6003, when: 'the reward no longer exists' },
          { reason: 'reward_already_collected' },
        ],
        params: collectParams,
        response: { 200: envelope(collectedReward) },
      },
    },
    async (req) =>
      ok(await req.tx((tx) => collectReward(tx, req.actor, req.params.loyalty_transaction_uuid))),
  );

  app.post(
    '/v3/oauth/clients/collectable-rewards/:collectable_reward_redemption_uuid/reverse',
    {
      config: { auth: 'P' },
      schema: {
        tags: ['Collectable rewards'],
        summary: 'Reverse a collection',
        exampleAfter: madeBy('collectCollectableReward', 'collectable_reward_redemption_uuid'),
        description:
          'COLLECTED → REVERSED; the reward can be collected again (under a new redemption uuid). The ' +
          'input `uuid` is the redemption uuid of the path; when also sent in the body it must equal it. ' +
          "A register key reverses collections of its own shop's rewards only: another shop's answers as " +
          'an unknown one. The spec lists no error codes here.',
        errors: [{ reason: 'redemption_not_found' }, { reason: 'redemption_already_reversed' }],
        params: redemptionParams,
        body: reverseRedemptionBody,
        response: { 200: envelope(rewardRedemption) },
      },
    },
    async (req) =>
      ok(
        await req.tx((tx) =>
          reverseRedemption(tx, req.actor, req.params.collectable_reward_redemption_uuid, req.body?.uuid),
        ),
      ),
  );
}
