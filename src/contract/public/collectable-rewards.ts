import { z } from 'zod';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { reward } from './rewards';

/**
 * Spec "Collectable Reward": a claimed physical reward waiting at the shop. `uuid` is the reward
 * reception's (the loyalty transaction uuid that collect takes).
 */
export const collectableReward = z.object({
  contact: z.object({
    uuid: z.string(),
    email: z.string(),
    credit_balance: z.object({ balance: z.number() }),
  }),
  created_at: z.string(),
  uuid: z.string(),
  title: z.string(),
  reward,
  expires_at: z.string().nullable(),
  has_been_collected: z.boolean(),
});
export type CollectableReward = z.infer<typeof collectableReward>;

/** A redemption (collection) of a collectable reward: `{uuid, status}`. */
export const rewardRedemption = z.object({ uuid: z.string(), status: z.enum(['COLLECTED', 'REVERSED']) });
export type RewardRedemption = z.infer<typeof rewardRedemption>;

/**
 * What collect answers: the redemption `{uuid, status: COLLECTED}` (its uuid is what reverse takes)
 * with the Collectable Reward's other fields, as the real platform answers and its PHP SDK maps.
 */
export const collectedReward = collectableReward.extend(rewardRedemption.shape);
export type CollectedReward = z.infer<typeof collectedReward>;

export const collectableRewardsQuery = z.object({ contact_uuid: idField().meta({ example: DEMO.anna }) });

export const collectParams = z.object({ loyalty_transaction_uuid: idField() });

export const redemptionParams = z.object({ collectable_reward_redemption_uuid: idField() });

/** The spec's input `uuid` of the reverse call: the redemption uuid, also in the path. */
export const reverseRedemptionBody = z
  .object({ uuid: idField().optional().describe('When sent, must equal the uuid in the path.') })
  .nullish();
