import { z } from 'zod';
import { booleanField, idField, integerField } from '../fields';
import { portalEvent } from '../portal';
import { shopRef } from './common';

/*
 * Spec "Portal sessions (A)": the seven create variants with the shared creation settings, get,
 * and our extensions (events list and stream, amount and POS transaction on some variants).
 */

const positiveCents = () => integerField(z.number().int().min(1).max(100_000_000));

/** Spec "Portal session creation settings": the body fields every create variant shares. */
export const portalSessionSettingsBody = z.object({
  shop_uuid: idField()
    .optional()
    .describe('Required, except with an API key bound to a shop (a register key): then that shop.'),
  contact_uuid: idField().optional().describe('Pre-fills the contact; else it is identified in the session.'),
  scanner_type: z.enum(['camera', 'hand_scanner']).default('camera'),
  enable_email_identification: booleanField().default(false),
  enable_registration: booleanField().default(false),
  enable_on_screen_keyboard: booleanField().default(false),
  camera_service: integerField(z.literal([1, 2, 3]))
    .default(3)
    .describe(
      '1 = ZXing in JavaScript, 2 = ZXing-C++ in WebAssembly off the main thread, ' +
        "3 = the platform's BarcodeDetector where present, else the faster of 1 and 2.",
    ),
  facing_mode: z.enum(['user', 'environment']).default('user'),
  primary_identification_method: z.enum(['email', 'identifier']).default('identifier'),
});
export type PortalSessionSettingsBody = z.infer<typeof portalSessionSettingsBody>;

const extensionAmount = positiveCents()
  .optional()
  .describe('Extension: the purchase amount in cents the session acts on (credits, prepaid).');

/** Body of POST /portal-sessions/credit-reception: shared settings + our extensions. */
export const creditReceptionSessionBody = portalSessionSettingsBody.extend({
  amount_in_cents: extensionAmount,
  pos_transaction_uuid: idField()
    .optional()
    .describe(
      'Extension: a POS transaction to credit in the session (errors 1027 unknown, 6001 already linked).',
    ),
});

/** Body of POST /portal-sessions/redeem-giftcards: shared settings + amount (required) and multiple cards. */
export const redeemGiftcardsSessionBody = portalSessionSettingsBody.extend({
  amount_in_cents: positiveCents().describe('The purchase amount in cents to pay with gift cards.'),
  allow_multiple_giftcards: booleanField().default(true),
});

/** Body of POST /portal-sessions/pay-prepaid: shared settings + optional amount. */
export const prepaidSessionBody = portalSessionSettingsBody.extend({ amount_in_cents: extensionAmount });

const requirePaymentConfirmation = booleanField()
  .default(false)
  .describe(
    'Extension: each top-up waits until the POS confirms that the till received its money ' +
      '(POST /portal-sessions/{uuid}/confirm-payment); nothing moves before. Default false.',
  );

/** Body of POST /portal-sessions/top-up-prepaid: shared settings + optional amount, payment confirmation. */
export const topUpPrepaidSessionBody = prepaidSessionBody.extend({
  require_payment_confirmation: requirePaymentConfirmation,
});

/**
 * Body of POST /portal-sessions/top-up-giftcards: shared settings + our extensions: the amount of
 * each top-up, more than one card, payment confirmation.
 */
export const topUpGiftcardsSessionBody = portalSessionSettingsBody.extend({
  amount_in_cents: positiveCents()
    .optional()
    .describe('Extension: the amount each top-up adds (else chosen at the screen).'),
  allow_multiple_giftcards: booleanField()
    .default(false)
    .describe('Extension: the session may top up more than one card (default: one top-up).'),
  require_payment_confirmation: requirePaymentConfirmation,
});

/** Everything a create variant may carry, after validation. */
export type CreatePortalSessionInput = PortalSessionSettingsBody & {
  amount_in_cents?: number | undefined;
  allow_multiple_giftcards?: boolean | undefined;
  pos_transaction_uuid?: string | undefined;
  require_payment_confirmation?: boolean | undefined;
};

/** Spec "Portal Session" as the get response shows it (no `events`). */
export const portalSession = z.object({
  uuid: z.string(),
  url: z.string().describe('The session screen; carries the session uuid as query parameter `uuid`.'),
  contact: z.object({ uuid: z.string() }).nullable(),
  shop: shopRef,
  created_at: z.string(),
});
export type PortalSession = z.infer<typeof portalSession>;

/** Spec "Portal Session" as create responses show it: with `events` (empty at creation). */
export const createdPortalSession = portalSession.extend({ events: z.array(portalEvent) });
export type CreatedPortalSession = z.infer<typeof createdPortalSession>;

export const portalSessionUuidParams = z.object({ portal_session_uuid: idField() });

/** A body that may be absent (push calls send none): absent reads as `{}`. */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** Extension: body of POST /credit-receptions/{uuid}/push (the spec sends none). */
export const pushCreditReceptionBody = optionalBody(
  z.object({
    shop_uuid: idField()
      .optional()
      .describe(
        'Extension: the pushing shop, for an API key that is not bound to one; without it the ' +
          "reception's own shop's end-screen gets it.",
      ),
  }),
);

export const posTransactionUuidParams = z.object({ pos_transaction_uuid: idField() });

/** The push responses: `data` is an empty array. */
export const emptyList = z.array(z.never()).max(0);
