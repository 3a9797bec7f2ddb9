import { z } from 'zod';
import { DEMO } from '../examples';
import { shopWithAddress } from './common';

/*
 * The account's shops, tiers and loyalty program, as the real platform serves them to a POS
 * (extensions: the spec names these operations without their payload).
 */

/** A shop: the receptions' shop object with its `reference`. */
export const shop = shopWithAddress.extend({ reference: z.string().nullable() });
export type Shop = z.infer<typeof shop>;

/** A tier, as the contact's `tier` shows it. */
export const tier = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  media: z.unknown().nullable(),
});
export type Tier = z.infer<typeof tier>;

/**
 * The loyalty program: `name` is the account's, `max_amount` the most credits one reception may give
 * (null: no maximum), `custom_credit_name` null (credits are called credits).
 */
export const loyaltyProgram = z.object({
  id: z.number().int(),
  name: z.string(),
  max_amount: z.number().nullable(),
  custom_credit_name: z.string().nullable(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>;

export const shopUuidParams = z.object({
  shop_uuid: z.string().trim().min(1).max(191).meta({ example: DEMO.shop }),
});
