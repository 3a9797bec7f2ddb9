import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, integerField, textField } from '../fields';

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

const countField = () => integerField(z.number().min(1).max(1_000_000));

/**
 * Extension POST /promotions (the PHP SDK's `promotion->create()`): a promotion whose vouchers are
 * each redeemed once. `type` and `redemptions_per_voucher` may only repeat that (SINGLE_USE, 1).
 */
export const createPromotionBody = z
  .object({
    name: textField().trim().min(1),
    description: textField(1000).nullable().optional(),
    type: z.literal('SINGLE_USE').optional().describe('Only SINGLE_USE: every voucher is redeemed once.'),
    redemptions_per_voucher: integerField(z.literal(1)).optional().describe('Only 1.'),
    voucher_limit: countField()
      .nullable()
      .optional()
      .describe('Most vouchers of the promotion (none: no limit).'),
    limit_per_contact: countField()
      .nullable()
      .optional()
      .describe('Most vouchers one contact may hold (none: no limit).'),
    expiration_duration: integerField(z.number().min(1).max(36_500))
      .nullable()
      .optional()
      .describe('Days a new voucher stays valid (none: it does not expire).'),
  })
  .meta({ example: { name: 'Free cookie', description: 'A cookie with your coffee', limit_per_contact: 1 } });
export type CreatePromotionBody = z.infer<typeof createPromotionBody>;
