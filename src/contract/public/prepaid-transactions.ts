import { z } from 'zod';
import { paginatorMeta } from '../envelope';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { contactRef, shopWithAddress } from './common';
import { amountInCents } from './giftcard-transactions';
import { limitField, pageField } from './pagination';

/** The prepaid balance of a contact: `{balance_in_cents}`. */
export const prepaidBalance = z.object({ balance_in_cents: z.number().int() });

/**
 * Extension "Prepaid transactions" (extensions.md). `prepaid_balance` is the contact's balance
 * right after this transaction; `shop` is null for the opening balance of the account fixture.
 */
export const prepaidTransaction = z.object({
  uuid: z.string(),
  amount_in_cents: z.number().int(),
  prepaid_balance: prepaidBalance,
  contact: contactRef,
  contact_identifier: z.string().nullable(),
  shop: shopWithAddress.nullable(),
  created_at: z.string(),
});
export type PrepaidTransaction = z.infer<typeof prepaidTransaction>;

/** GET /prepaid-transactions meta: the real platform's paginator meta. */
export const prepaidListMeta = paginatorMeta;
export type PrepaidListMeta = z.infer<typeof prepaidListMeta>;

export const createPrepaidTransactionBody = z
  .object({
    contact_uuid: idField().optional().describe('Required when contact_identifier_value is absent.'),
    contact_identifier_value: idField().optional().describe('Required when contact_uuid is absent.'),
    amount_in_cents: amountInCents().describe('Cents, non-zero: negative pays, positive tops up.'),
    shop_uuid: idField().optional().describe('Required unless the API key is bound to a shop (else 1008).'),
  })
  .meta({ example: { contact_uuid: DEMO.anna, amount_in_cents: 500, shop_uuid: DEMO.shop } });
export type CreatePrepaidTransactionBody = z.infer<typeof createPrepaidTransactionBody>;

export const listPrepaidTransactionsQuery = z.object({
  contact_uuid: idField().meta({ example: DEMO.anna }),
  page: pageField(),
  limit: limitField(1, 30, 10),
});

export const prepaidTransactionUuidParams = z.object({ prepaid_transaction_uuid: idField() });
