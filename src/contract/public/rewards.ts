import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, numberField, textField } from '../fields';

/** `{type, value}` of a reward's image or video. */
export const rewardMedia = z.object({ type: z.string(), value: z.string() });

/**
 * Spec "Reward". `required_credits` in credits (up to 2 decimals); `stock` null = unlimited;
 * `expiration_duration` in days (null = a claimed reward does not expire). Custom reward attributes
 * appear as further top-level keys (null when not set).
 */
export const reward = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  reward_type: z.enum(['PHYSICAL', 'DIGITAL']),
  is_active: z.boolean(),
  active: z.boolean(),
  required_credits: z.number(),
  media: rewardMedia.nullable(),
  pre_redeemable: z.boolean(),
  expiration_duration: z.number().int().nullable(),
  cost_price: z.number().int().nullable(),
  stock: z.number().int().nullable(),
});
export type Reward = z.infer<typeof reward>;

/** The Reward's own fields (custom reward attributes cannot take these names). */
export const REWARD_FIELDS = Object.keys(reward.shape) as (keyof Reward & string)[];

/** GET /rewards */
export const listRewardsQuery = z.object({
  contact_uuid: idField().meta({ example: DEMO.anna }),
  shop_uuid: idField()
    .meta({ example: DEMO.shop })
    .optional()
    .describe('Extension: checked like the shop of a reward reception (1008 when unknown or not the key’s).'),
});

/**
 * GET /rewards on the real platform's surfaces: `contact_uuid` may be left out, as the PHP SDK's
 * rewards->list() does (extension); the spec's path keeps it required.
 */
export const listRewardsSurfaceQuery = listRewardsQuery.extend({ contact_uuid: idField().optional() });

export const rewardUuidParams = z.object({ reward_uuid: idField().meta({ example: DEMO.rewardCoffee }) });

/**
 * PUT /rewards/{reward_uuid}: every field optional; further keys are values of custom reward
 * attributes (by attribute name).
 */
export const updateRewardBody = z
  .looseObject({
    title: textField().trim().min(1).optional(),
    description: textField(5000).nullable().optional(),
    required_credits: numberField(z.number().min(0).max(1e9), { multipleOf: 0.01 })
      .optional()
      .describe('Credits, at most 2 decimals.'),
  })
  .meta({ example: { title: 'Free coffee', required_credits: 45 } });
export type UpdateRewardBody = z.infer<typeof updateRewardBody>;
