import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, integerField, numberField } from '../fields';

/*
 * Receipt tokens, the real platform's loyalty tokens (docs/receipt-tokens.md): a POS makes one for a
 * purchase and prints it as a QR code on the receipt; the customer claims its credits once, later.
 */

// What both calls take to name the token's shop: its numeric id (the SDK's) or its uuid.
const shopFields = {
  shop_id: integerField(z.number().min(1))
    .optional()
    .describe("The shop's numeric id, as the real platform's PHP SDK sends it."),
  shop_uuid: idField().optional().describe('Or the shop by uuid (one of the two).'),
};

// What the token gives: credits (v1) or a unit's value (v2).
const v1 = {
  version: z.literal('v1').describe('v1: the token gives credits.'),
  credits: numberField(z.number().gt(0).lte(1_000_000), { multipleOf: 0.01 }).describe(
    'The credits it gives (more than 0, at most 2 decimals).',
  ),
};
const v2 = {
  version: z.literal('v2').describe('v2: the token gives a unit value, converted by the loyalty rules.'),
  unit_name: idField().optional().describe('The unit (default: the default unit, purchase_amount).'),
  unit_value: numberField(z.number().gt(0).lte(1e9)).describe(
    'The value of that unit (for purchase_amount, the amount paid).',
  ),
};

const purchase = {
  ...shopFields,
  unique_id: idField().describe("The POS's id of the purchase: a token of it can be claimed once."),
};

// The time the token was made (Unix seconds) and its signature, as its URL carries them.
const signature = { timestamp: integerField(z.number().min(0)), hash: idField() };

/**
 * POST /api/v3/oauth/clients/loyalty-tokens (the PHP SDK's OAuth `loyaltyToken->create()`): a token
 * for one purchase, `unique_id` being the POS's own id of it (unique per shop); v1 gives credits,
 * v2 a unit value.
 */
export const createLoyaltyTokenBody = z
  .discriminatedUnion('version', [z.object({ ...purchase, ...v1 }), z.object({ ...purchase, ...v2 })])
  .meta({ example: { version: 'v1', shop_id: 1, unique_id: 'AMS-01-RECEIPT-1042', credits: 20 } });
export type CreateLoyaltyTokenBody = z.infer<typeof createLoyaltyTokenBody>;

/** A token's fields as its URL carries them (and the claim sends them back): what the hash signs. */
export const loyaltyTokenFields = z.discriminatedUnion('version', [
  z.object({ ...purchase, ...signature, ...v1 }),
  z.object({ ...purchase, ...signature, ...v2 }),
]);
export type LoyaltyTokenFields = z.infer<typeof loyaltyTokenFields>;

const claimant = { contact_uuid: idField().describe('Who gets the credits.') };

/**
 * POST /api/v3/register/loyalty-tokens and /api/v3/oauth/clients/loyalty-tokens/claim (the PHP
 * SDK's `loyaltyToken->claim()`): the token's fields, and the contact who gets its credits.
 */
export const claimLoyaltyTokenBody = z
  .discriminatedUnion('version', [
    z.object({ ...purchase, ...signature, ...v1, ...claimant }),
    z.object({ ...purchase, ...signature, ...v2, ...claimant }),
  ])
  .meta({
    example: {
      version: 'v1',
      shop_id: 1,
      unique_id: 'AMS-01-RECEIPT-1042',
      timestamp: 1795255200,
      hash: '…the hash of the token’s URL',
      credits: 20,
      contact_uuid: DEMO.anna,
    },
  });
export type ClaimLoyaltyTokenBody = z.infer<typeof claimLoyaltyTokenBody>;
