import { z } from 'zod';
import { booleanField, idField, integerField } from '../fields';
import { type PortalSessionType, portalEvent } from '../portal';
import { SESSION_DEFAULTS, SESSION_TYPE_RULES, topsUp, usesGiftcards } from '../session-types';
import { shopRef } from './common';

/*
 * Spec "Portal sessions (A)": the seven create variants with the shared creation settings, get,
 * and our extensions (three more variants; events list and stream; amount, payment confirmation and
 * POS transaction where the type takes them: contract/session-types.ts).
 */

const positiveCents = () => integerField(z.number().int().min(1).max(100_000_000));

/** Spec "Portal session creation settings": the body fields every create variant shares. */
export const portalSessionSettingsBody = z.object({
  shop_uuid: idField()
    .optional()
    .describe('Required, except with an API key bound to a shop (a register key): then that shop.'),
  contact_uuid: idField().optional().describe('Pre-fills the contact; else it is identified in the session.'),
  scanner_type: z.enum(['camera', 'hand_scanner']).default(SESSION_DEFAULTS.scanner_type),
  enable_email_identification: booleanField().default(SESSION_DEFAULTS.enable_email_identification),
  enable_registration: booleanField().default(SESSION_DEFAULTS.enable_registration),
  enable_on_screen_keyboard: booleanField().default(SESSION_DEFAULTS.enable_on_screen_keyboard),
  camera_service: integerField(z.literal([1, 2, 3]))
    .default(SESSION_DEFAULTS.camera_service)
    .describe(
      '1 = ZXing in JavaScript, 2 = ZXing-C++ in WebAssembly off the main thread, ' +
        "3 = the platform's BarcodeDetector where present, else the faster of 1 and 2.",
    ),
  facing_mode: z.enum(['user', 'environment']).default(SESSION_DEFAULTS.facing_mode),
  primary_identification_method: z
    .enum(['email', 'identifier'])
    .default(SESSION_DEFAULTS.primary_identification_method),
});
export type PortalSessionSettingsBody = z.infer<typeof portalSessionSettingsBody>;

const requirePaymentConfirmation = booleanField()
  .default(SESSION_DEFAULTS.require_payment_confirmation)
  .describe(
    'Extension: each top-up waits until the POS confirms that the till received its money ' +
      '(POST /portal-sessions/{uuid}/confirm-payment); nothing moves before. Default false.',
  );

/**
 * The create call of a session type on the public API (spec "Portal sessions (A)"): `identify` is
 * plain `/portal-sessions`; the others name their type, in kebab case (`/portal-sessions/top-up-prepaid`).
 */
export function createSessionPath(type: PortalSessionType): string {
  return type === 'identify' ? '/portal-sessions' : `/portal-sessions/${type.replaceAll('_', '-')}`;
}

/**
 * The body of a create variant (`POST /portal-sessions[/<type>]`), by the rules of its type
 * (contract/session-types.ts): the shared settings; `amount_in_cents` where the type takes one
 * (required or optional; a type that takes none has no such field); `allow_multiple_giftcards`
 * (default the type's) where it pays or tops up gift cards; `require_payment_confirmation` where it
 * tops up; `pos_transaction_uuid` for a credit reception.
 */
export function createSessionBody(type: PortalSessionType): z.ZodType<CreatePortalSessionInput> {
  const rules = SESSION_TYPE_RULES[type];
  const amount = positiveCents().describe(`The amount in cents: ${rules.amountIs}.`);
  const every = portalSessionSettingsBody.extend({
    amount_in_cents: rules.amount === 'required' ? amount : amount.optional(),
    allow_multiple_giftcards: booleanField()
      .default(rules.allowMultipleGiftcards)
      .describe(
        rules.allowMultipleGiftcards
          ? 'More than one gift card may pay.'
          : 'More than one gift card may be topped up (default: one top-up).',
      ),
    require_payment_confirmation: requirePaymentConfirmation,
    pos_transaction_uuid: idField()
      .optional()
      .describe(
        'Extension: a POS transaction to credit in the session (errors 1027 unknown, 6001 already linked).',
      ),
  });
  // The fields the type does not take are not in its body.
  const without: {
    amount_in_cents?: true;
    allow_multiple_giftcards?: true;
    require_payment_confirmation?: true;
    pos_transaction_uuid?: true;
  } = {};
  if (rules.amount === 'absent') without.amount_in_cents = true;
  if (!usesGiftcards(type)) without.allow_multiple_giftcards = true;
  if (!topsUp(type)) without.require_payment_confirmation = true;
  if (!rules.posTransaction) without.pos_transaction_uuid = true;
  return every.omit(without);
}

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
