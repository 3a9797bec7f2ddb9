import { z } from 'zod';
import { idField } from '../fields';

/** Spec "Promotion"; `attributes` maps custom attribute names to values. */
export const promotion = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  voucher_limit: z.number().int().nullable(),
  limit_per_contact: z.number().int().nullable(),
  expiration_duration: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionUuidParams = z.object({ promotion_uuid: idField() });
