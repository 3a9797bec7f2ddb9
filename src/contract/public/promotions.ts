import { z } from 'zod';
import { DEMO } from '../examples';
import { idField } from '../fields';

/**
 * Spec "Promotion"; `attributes` maps custom attribute names to values. `type` and
 * `redemptions_per_voucher` are the real platform's fields (its PHP SDK reads them): every voucher
 * here is redeemed once.
 */
export const promotion = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  voucher_limit: z.number().int().nullable(),
  limit_per_contact: z.number().int().nullable(),
  expiration_duration: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  type: z.literal('SINGLE_USE'),
  redemptions_per_voucher: z.literal(1),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionUuidParams = z.object({
  promotion_uuid: idField().meta({ example: DEMO.promotionMuffin }),
});
