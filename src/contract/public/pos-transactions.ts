import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, integerField } from '../fields';

/** Spec "POS Transaction". */
export const posTransaction = z.object({
  uuid: z.string(),
  transaction_id: z.number().int().nullable(),
  terminal_id: z.number().int().nullable(),
  created_at: z.string(),
  amount_in_cents: z.number().int(),
});
export type PosTransaction = z.infer<typeof posTransaction>;

export const createPosTransactionBody = z
  .object({
    amount_in_cents: integerField(),
    transaction_id: integerField().optional().describe("The register's own transaction number."),
    terminal_id: integerField().optional().describe("The register's terminal number."),
    shop_uuid: idField()
      .optional()
      .describe('Extension: the shop, for an API key that is not bound to one (else error 1008).'),
  })
  .meta({ example: { amount_in_cents: 1250, shop_uuid: DEMO.shop } });
export type CreatePosTransactionBody = z.infer<typeof createPosTransactionBody>;
