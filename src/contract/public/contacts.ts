import { z } from 'zod';
import { DEMO } from '../examples';
import { emailField, idField, textField } from '../fields';
import { creditBalance } from './common';
import { limitField, pageField } from './pagination';

/** A subscription type as embedded in contact subscriptions (spec "Contact Subscription"). */
export const subscriptionType = z.object({
  id: z.number().int(),
  uuid: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  strategy: z.enum(['OPT_OUT', 'OPT_IN', 'DOUBLE_OPT_IN']),
});

/** Spec "Contact Subscription" as the contact shows it (string status). */
export const contactSubscription = z.object({
  is_subscribed: z.boolean(),
  status: z.enum(['SUBSCRIBED', 'PENDING_CONFIRMATION', 'UNSUBSCRIBED']),
  subscription_type: subscriptionType,
});

/** Spec "Contact" (GET /contacts/{uuid}, find-one-by). */
export const contact = z.object({
  id: z.number().int(),
  uuid: z.string(),
  email: z.string(),
  tier: z
    .object({
      uuid: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      position: z.number().int(),
      media: z.unknown().nullable(),
    })
    .nullable(),
  subscriptions: z.array(contactSubscription),
  credit_balance: creditBalance,
  prepaid_balance: z.object({ balance_in_cents: z.number().int() }),
  attributes: z.array(z.unknown()).describe('Deprecated; always empty. Use current_values.'),
  current_values: z.record(z.string(), z.unknown()),
  current_display_values: z.record(z.string(), z.string().nullable()),
});
export type Contact = z.infer<typeof contact>;

export const contactUuidParams = z.object({ contact_uuid: idField().meta({ example: DEMO.anna }) });
export const findContactQuery = z.object({ email: emailField().meta({ example: DEMO.annaEmail }) });
export const createContactBody = z
  .object({ email: emailField(), referral_code: textField().optional() })
  .meta({ example: { email: 'new.customer@example.com' } });

/** POST /contacts/anonymous (extension): a contact without e-mail, optionally with a card. */
export const createAnonymousContactBody = z
  .object({
    contact_identifier_value: idField()
      .optional()
      .describe('A card for the contact: an unlinked one is linked, an unknown one created and linked.'),
  })
  .nullish()
  .meta({ example: { contact_identifier_value: DEMO.freeCard } });

/**
 * PUT /contacts/{contact_uuid} (extension): `attributes` maps current_values keys to new values —
 * email, firstname, lastname, locale, the profile fields and custom contact attributes; null clears one.
 */
export const updateContactBody = z
  .object({
    attributes: z
      .record(z.string(), z.unknown())
      .describe('current_values keys to change; read-only ones (balances, tier, status, …) are refused.'),
  })
  .meta({ example: { attributes: { firstname: 'Anna', city: 'Haarlem' } } });
export type UpdateContactBody = z.infer<typeof updateContactBody>;

/** GET /contacts/{contact_uuid}/credit-balance (extension). */
export const contactCreditBalance = z.object({ balance: z.number() });

/** GET /contacts (extension; the PHP SDK's OAuth `contacts->list()`). */
export const listContactsQuery = z.object({ page: pageField(), limit: limitField(1, 100, 30) });
export type ListContactsQuery = z.infer<typeof listContactsQuery>;
