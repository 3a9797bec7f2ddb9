import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, numberField, withAlias } from '../fields';
import { shopWithAddress } from './common';
import { contactIdentifier } from './contact-identifiers';
import { unitRef } from './units';

/**
 * Spec "Credit Reception". Custom attributes of the reception appear as further top-level keys.
 * `credits` may have 2 decimals; `unit_value` is null when only credits were given.
 */
export const creditReception = z.looseObject({
  type: z.literal('credit_reception'),
  channel: z
    .string()
    .describe("Extension (the real platform's field): where it was made; always `API` here."),
  contact_identifier: contactIdentifier
    .nullable()
    .describe('The Contact Identifier it was made with (an object, as on the real platform), or null.'),
  contact: z.object({
    uuid: z.string(),
    email: z.string(),
    credit_balance: z.object({ id: z.number().int(), balance: z.number() }),
  }),
  shop: shopWithAddress,
  credits: z.number(),
  created_at: z.string(),
  uuid: z.string(),
  unit: unitRef,
  unit_value: z.number().nullable(),
});
export type CreditReception = z.infer<typeof creditReception>;

// Far above any purchase; keeps rule results and the stored decimal text within sane bounds.
const unitValue = () => numberField(z.number().gte(-1e9).lte(1e9));

const shopUuid = idField()
  .meta({ example: DEMO.shop })
  .optional()
  .describe('Extension: the shop, for an API key that is not bound to one (else error 1008).');

/** POST /credit-receptions; `pos_transaction_id` (the PHP SDK's name) is read as `pos_transaction_uuid`. */
export const createCreditReceptionBody = withAlias(
  z.object({
    contact_uuid: idField(),
    credits: numberField(z.number(), { multipleOf: 0.01 })
      .optional()
      .describe('Required when unit_value is absent; overrides the loyalty rules. At most 2 decimals.'),
    unit_value: unitValue()
      .optional()
      .describe('Required when credits is absent; for purchase_amount a decimal amount of currency.'),
    unit_name: idField().optional().describe('Default: the default unit (purchase_amount).'),
    contact_identifier_value: idField().optional(),
    pos_transaction_uuid: idField()
      .optional()
      .describe(
        'The POS transaction to link (6001 when linked already). Also read from `pos_transaction_id`.',
      ),
    shop_uuid: shopUuid,
  }),
  'pos_transaction_id',
  'pos_transaction_uuid',
).meta({ example: { contact_uuid: DEMO.anna, unit_value: 12.5, shop_uuid: DEMO.shop } });
export type CreateCreditReceptionBody = z.infer<typeof createCreditReceptionBody>;

export const calculateCreditsQuery = z.object({
  contact_uuid: idField().optional().describe("Tier-based rules use this contact's tier."),
  unit_value: unitValue().meta({ example: 12.5 }),
  unit_name: idField().optional().describe('Default: the default unit (purchase_amount).'),
  shop_uuid: shopUuid,
});

export const calculatedCredits = z.object({ credits: z.number() });

export const creditReceptionUuidParams = z.object({ credit_reception_uuid: idField() });
