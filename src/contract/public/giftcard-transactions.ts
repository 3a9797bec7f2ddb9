import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, integerField } from '../fields';
import { limitField, pageField } from './pagination';

/** Money amounts of one transaction: non-zero cents, at most ten million euros either way. */
export const amountInCents = () =>
  integerField(
    z
      .number()
      .min(-1_000_000_000)
      .max(1_000_000_000)
      .refine((n) => n !== 0, { message: 'must not be zero' }),
    { not: { const: 0 } },
  ).describe('Cents, non-zero: positive adds to the balance, negative takes from it.');

/**
 * Spec "Giftcard Transaction". `amount_in_cents` is negative for a decrement; `shop` is null when
 * the transaction names none (an unbound key without `shop_uuid`, the card's opening balance).
 * Custom attributes of the transaction appear as further top-level keys.
 */
export const giftcardTransaction = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  amount_in_cents: z.number().int(),
  type: z.literal('STANDARD'),
  settled: z.boolean(),
  card: z.object({ id: z.number().int(), uuid: z.string() }),
  card_id: z
    .number()
    .int()
    .describe('Extension: `card.id`, as the real platform sends it (its PHP SDK reads it).'),
  shop: z.object({ id: z.number().int(), uuid: z.string(), name: z.string() }).nullable(),
  shop_id: z
    .number()
    .int()
    .nullable()
    .describe('Extension: `shop.id` (null without a shop), as the real platform sends it.'),
  settlements: z.array(z.unknown()),
  created_at: z.string(),
});
export type GiftcardTransaction = z.infer<typeof giftcardTransaction>;

const attributeValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const createGiftcardTransactionBody = z
  .object({
    giftcard_uuid: idField(),
    amount_in_cents: amountInCents(),
    custom_attributes: z
      .record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a snake_case name'), attributeValue)
      .optional()
      .describe('Custom attribute values of the transaction (name → value); shown as top-level keys.'),
    shop_uuid: idField()
      .optional()
      .describe(
        'Extension: the shop, for an API key that is not bound to one (else the transaction has no shop).',
      ),
  })
  .meta({ example: { giftcard_uuid: DEMO.giftcard, amount_in_cents: 500, shop_uuid: DEMO.shop } });
export type CreateGiftcardTransactionBody = z.infer<typeof createGiftcardTransactionBody>;

export const giftcardTransactionUuidParams = z.object({ giftcard_transaction_uuid: idField() });

/** Extension GET /giftcard-transactions (the PHP SDK's OAuth `giftcardTransactions->list()`). */
export const listGiftcardTransactionsQuery = z.object({
  giftcard_program_uuid: idField().optional().describe('Only the cards of this program (1100 when unknown).'),
  giftcard_uuid: idField().optional().describe('Only this card (5001 when unknown).'),
  page: pageField(),
  limit: limitField(1, 100, 30),
});
export type ListGiftcardTransactionsQuery = z.infer<typeof listGiftcardTransactionsQuery>;
