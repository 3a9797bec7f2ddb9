import { z } from 'zod';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { shopWithAddress } from './common';
import { contactIdentifier } from './contact-identifiers';
import { reward } from './rewards';

/**
 * Spec "Reward Reception": a contact's claim of a reward. `credits` is negative (the credits spent);
 * `expires_at` is when a physical reward can no longer be collected (null: never).
 */
export const rewardReception = z.object({
  title: z.string(),
  type: z.literal('reward_reception'),
  uuid: z.string(),
  credits: z.number(),
  contact: z.object({
    uuid: z.string(),
    email: z.string(),
    credit_balance: z.object({ id: z.number().int(), balance: z.number() }),
  }),
  shop: shopWithAddress,
  channel: z
    .string()
    .describe("Extension (the real platform's field): where it was made; always `API` here."),
  contact_identifier: contactIdentifier
    .nullable()
    .describe('The Contact Identifier it was made with (an object, as on the real platform), or null.'),
  created_at: z.string(),
  reward,
  expires_at: z.string().nullable(),
  has_been_collected: z.boolean(),
});
export type RewardReception = z.infer<typeof rewardReception>;

/** POST /reward-receptions */
export const createRewardReceptionBody = z
  .object({
    contact_uuid: idField(),
    reward_uuid: idField(),
    shop_uuid: idField().describe(
      'A key bound to a shop may only name its own shop (else 1008), and acts for it when this is absent.',
    ),
    contact_identifier_value: idField()
      .meta({ example: DEMO.annaCard })
      .optional()
      .describe('An active identifier of this contact (else 1003); shown on the reception.'),
  })
  .meta({ example: { contact_uuid: DEMO.anna, reward_uuid: DEMO.rewardCoffee, shop_uuid: DEMO.shop } });
export type CreateRewardReceptionBody = z.infer<typeof createRewardReceptionBody>;

export const rewardReceptionUuidParams = z.object({ reward_reception_uuid: idField() });
