import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import {
  listRewardsQuery,
  listRewardsSurfaceQuery,
  reward,
  rewardUuidParams,
  updateRewardBody,
} from '../../../contract/public/rewards';
import { getReward, listRewards, updateReward } from '../../domain/rewards/rewards';
import { ok, zodRoutes } from '../route';

/** Spec "Reward receptions and rewards (K)": list, get and update rewards. */
export default async function rewardRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/rewards',
    {
      config: { auth: 'K', surfaceSchema: { querystring: listRewardsSurfaceQuery } },
      schema: {
        tags: ['Rewards'],
        summary: 'List the rewards for a contact',
        description:
          'Every reward of the account, inactive and out-of-stock ones included (`is_active`, `stock`), ' +
          'in creation order. Custom reward attributes appear as further keys. ' +
          'Extension: on /api/v3/register and /api/v3/oauth/clients `contact_uuid` may be left out ' +
          '(the PHP SDK’s rewards->list()): the account’s rewards, no shop needed.',
        errors: [
          55031,
          {
            code: 1008,
            when: 'neither a shop-bound key nor `shop_uuid` (extension), an unknown shop, or another shop than the key’s',
          },
        ],
        querystring: listRewardsQuery,
        response: { 200: envelope(z.array(reward)) },
      },
    },
    async (req) => ok(await listRewards(app.db, req.actor, req.query)),
  );

  app.get(
    '/rewards/:reward_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Rewards'],
        summary: 'Get a reward',
        errors: [6003],
        params: rewardUuidParams,
        response: { 200: envelope(reward) },
      },
    },
    async (req) => ok(await getReward(app.db, req.params.reward_uuid)),
  );

  app.put(
    '/rewards/:reward_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Rewards'],
        summary: 'Update a reward',
        description:
          'title, description, required_credits (at most 2 decimals) and, as further keys, values of ' +
          'custom reward attributes (see /custom-attributes?entity=reward; null clears one); unknown keys ' +
          'and bad values are named.',
        errors: [6003],
        params: rewardUuidParams,
        body: updateRewardBody,
        response: { 200: envelope(reward) },
      },
    },
    async (req) => ok(await req.tx((tx) => updateReward(tx, req.params.reward_uuid, req.body))),
  );
}
