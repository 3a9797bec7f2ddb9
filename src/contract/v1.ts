import { z } from 'zod';
import { emailField, idField } from './fields';
import type { PortalSessionType } from './portal';
import { portalSessionSettingsBody } from './public/portal-sessions';
import { SESSION_TYPE_RULES, SESSION_TYPES } from './session-types';

/*
 * The real platform's portal component's API (docs/v1-api.md), served under
 * /api/v1/portal-sessions for a POS page that embeds that component with `host` set to this
 * service. Its calls are an adapter over the kiosk's session calls (contract/portal.ts): the same
 * rules, in the component's field names and shapes. Answers are `{data: …}` except `check-code` and
 * `loyalty-transactions`, which answer their object or array as the body; refusals are the error
 * body (`message`, `errors`, `code`, `reason`), which the component shows.
 *
 *   POST   /                                 CreateRequest (an API key)      → {data: V1Session}
 *   GET    /{uuid}                                                           → {data: V1Session}
 *   PUT    /{uuid}                           {contact_identifier_value} | {email} → {data: V1Session}; 55031 unknown
 *   GET    /{uuid}/brand-kit                                                 → {data: colours}
 *   GET    /{uuid}/contacts                  ?contact_uuid                   → {data: V1Contact}
 *   POST   /{uuid}/contacts                  RegisterRequest                 → {data: V1Contact}
 *   POST   /{uuid}/contacts/link-identifier  {contact_identifier_value, email} → {data: V1Contact}
 *   GET    /{uuid}/check-code                ?code                           → {identifier|voucher|giftcard|receipt_token}
 *   GET    /{uuid}/giftcards/{hash}                                          → {data: {uuid, hash (the code sent), amount_in_cents}}
 *   POST   /{uuid}/giftcards/transaction     {uuid, amount_in_cents (signed)} → {data: transaction}
 *   POST   /{uuid}/credit-receptions/create  {unit_value}                    → {data: reception}
 *   GET    /{uuid}/loyalty-transactions                                      → [{uuid, type, credits, loyalty_transaction_data}]
 *   GET    /{uuid}/subscriptions                                             → {data: [{id, name, strategy}]}
 *   GET    /{uuid}/subscriptions/contact                                     → {data: [{subscription_type, is_subscribed, status}]}
 *   PUT    /{uuid}/subscriptions             {values: {name: bool}}          → {data: …as the GET above}
 *   GET    /{uuid}/contact-attributes                                        → {data: {new_elements: []}}
 *   PUT    /{uuid}/contact-attributes                                        → refused (profile_not_at_counter)
 *   GET    /{uuid}/contact-identifiers                                       → {data: [{value}]} (last 4)
 *   DELETE /{uuid}/contact-identifiers       {value}                         → {data: {value}}
 *   GET    /{uuid}/vouchers                                                  → {data: [V1Voucher]}
 *   GET    /{uuid}/vouchers/{code}                                           → {data: V1Voucher}
 *   GET    /{uuid}/vouchers/check/{code}                                     → {data: V1Voucher}
 *   POST   /{uuid}/vouchers/redeem           {code}                          → {data: V1Voucher}
 *   GET    /{uuid}/rewards                                                   → {data: [reward]}
 *   POST   /{uuid}/rewards/claim             {uuid}                          → {data: {title, …}}
 *   GET    /{uuid}/prepaid                                                   → {data: {balance_in_cents}}
 *   POST   /{uuid}/prepaid/transaction       {amount_in_cents (signed), contact_identifier_value?} → {data: transaction}
 */

/** The component's session types and ours, one to one (each row's `v1` in contract/session-types.ts). */
export const V1_SESSION_TYPES = Object.fromEntries(
  SESSION_TYPES.map((type) => [SESSION_TYPE_RULES[type].v1, type]),
) as { [T in PortalSessionType as (typeof SESSION_TYPE_RULES)[T]['v1']]: T };
export type V1SessionType = keyof typeof V1_SESSION_TYPES;

/** The component's name of one of our session types. */
export function v1SessionType(type: PortalSessionType): V1SessionType {
  return (Object.keys(V1_SESSION_TYPES) as V1SessionType[]).find((name) => V1_SESSION_TYPES[name] === type)!;
}

const cents = z.number().int().min(1).max(100_000_000);
/** A signed amount in cents, never 0: negative pays, positive tops up. */
const signedCents = () =>
  z
    .number()
    .int()
    .min(-100_000_000)
    .max(100_000_000)
    .refine((n) => n !== 0, { message: 'The amount in cents must not be 0.' });

/**
 * POST / (the component's `PortalSession`, with an API key in the Authorization header): the
 * shared creation settings, the session `type` (default PORTAL), and what the type takes by its
 * rules (contract/session-types.ts, checked by the create call): `amount_in_cents` (required for
 * REDEEM_GIFTCARD, refused for PORTAL and VOUCHER), `allow_multiple_giftcards`,
 * `require_payment_confirmation`. `api_key` and `enable_marketing_preferences` are read and ignored.
 */
export const v1CreateRequest = portalSessionSettingsBody.extend({
  type: z.enum(Object.keys(V1_SESSION_TYPES) as [V1SessionType, ...V1SessionType[]]).default('PORTAL'),
  amount_in_cents: cents.optional(),
  allow_multiple_giftcards: z.boolean().optional(),
  require_payment_confirmation: z.boolean().optional(),
});

/** PUT /{uuid}: identify by a scanned value or by e-mail. */
export const v1IdentifyRequest = z.union([
  z.object({ contact_identifier_value: idField() }),
  z.object({ email: emailField() }),
]);

/**
 * POST /{uuid}/contacts: register, as the component does after its own "Create an account for …?"
 * (`{email}`). Its screen shows neither the account's terms nor its subscription types, so nothing
 * here accepts or subscribes: the contact is made with the terms pending and no subscription, and
 * asked where they next sign in (the kiosk, /me/). Optional: the unlinked card scanned before
 * (`contact_identifier_value`), the language.
 */
export const v1RegisterRequest = z.object({
  email: emailField(),
  contact_identifier_value: idField().optional(),
  locale: z.enum(['nl', 'en']).optional(),
});

/**
 * POST /{uuid}/contacts/link-identifier: the card scanned before, to the account of an e-mail
 * address (identify's rules for the address; the card as the counter adds one).
 */
export const v1LinkIdentifierRequest = z.object({
  contact_identifier_value: idField(),
  email: emailField(),
});

export const v1GiftcardTransactionRequest = z.object({
  uuid: idField(),
  amount_in_cents: signedCents(),
});

export const v1CreditReceptionRequest = z.object({ unit_value: z.number().positive().max(1_000_000) });

export const v1SubscriptionsRequest = z.object({ values: z.record(z.string(), z.boolean()) });

export const v1IdentifierRequest = z.object({ value: z.string().trim().min(1).max(500) });

export const v1CodeRequest = z.object({ code: z.string().trim().min(1).max(500) });

export const v1RewardClaimRequest = z.object({ uuid: idField() });

export const v1PrepaidTransactionRequest = z.object({
  amount_in_cents: signedCents(),
  contact_identifier_value: idField().optional(),
});

export const v1CheckCodeQuery = z.object({ code: z.string().trim().min(1).max(500) });
export const v1ContactQuery = z.object({ contact_uuid: idField().optional() });
