import { z } from 'zod';
import { DEMO } from './examples';
import { emailField, idField } from './fields';
import {
  brand,
  portalActivity,
  portalCard,
  portalCreditReception,
  portalReward,
  portalSubscription,
  portalVoucher,
} from './portal';

/*
 * The customer's own page /me/ (docs/me.md "The /me/ API"): its calls under /me/api, each scoped to
 * the contact of the httpOnly cookie session, and the links that open such a session. Answers are
 * plain JSON (no envelope); errors are the service's error body. Shared by the service and the page.
 */

/** The cookie of a /me/ session: httpOnly, SameSite=Strict, Path=/me, Secure under TLS. */
export const ME_COOKIE = 'portal_me';
/** How long a /me/ cookie session lasts (days) unless signed out. */
export const ME_SESSION_DAYS = 30;
/** How long a sign-in link works (minutes), once. */
export const ME_LINK_MINUTES = 5;
/** How long an app code shown on /me/ works (minutes), once; the page fetches a new one before. */
export const APP_CODE_MINUTES = 5;

/** A sign-in link: `<origin>/me/?token=<one-time token>` and when it stops working. */
export const meLink = z.object({ url: z.string(), expires_at: z.string() });
export type MeLink = z.infer<typeof meLink>;

/** The real platform's contacts portal: `{url}` (its PHP SDK's ContactsPortalAuthUrl). */
export const contactsPortalAuthUrl = z.object({ url: z.string() });
export const contactsPortalAuthUrlQuery = z.object({ contact_uuid: idField().meta({ example: DEMO.anna }) });

export const signInRequest = z
  .object({ token: z.string().trim().min(1).max(200) })
  .meta({ example: { token: 'the token of a sign-in link' } });
export const signInResult = z.object({ firstname: z.string().nullable() });
export type SignInResult = z.infer<typeof signInResult>;

export const signInLinkRequest = z
  .object({ email: emailField() })
  .meta({ example: { email: 'anna@example.com' } });

/** The signed-in customer at a glance. `member_since`: the date the contact was made (YYYY-MM-DD). */
export const meOverview = z.object({
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string(),
  member_since: z.string(),
  credit_balance: z.number(),
  prepaid_balance_in_cents: z.number().int(),
  tier: z.object({ name: z.string() }).nullable(),
  next_reward: portalCreditReception.shape.next_reward,
  /** The account's name, brand kit and credit name (null: "points"), so /me/ looks like the shop. */
  account_name: z.string(),
  brand,
  custom_credit_name: z.string().nullable(),
  /**
   * The account's terms they have not accepted yet (registered where the terms were not shown to
   * them: POST /me/api/terms/accept), with where the terms and the privacy policy are published
   * (null when the account names none); null when there are none to accept.
   */
  terms_to_accept: z
    .object({ terms_url: z.string().nullable(), privacy_url: z.string().nullable() })
    .nullable(),
});
export type MeOverview = z.infer<typeof meOverview>;

/** An app code: a contact session token (the kiosk takes it scanned or typed, once) until `expires_at`. */
export const meAppCode = z.object({ token: z.string(), expires_at: z.string() });
export type MeAppCode = z.infer<typeof meAppCode>;

export const meRewards = z.object({ rewards: z.array(portalReward) });
export type MeRewards = z.infer<typeof meRewards>;
export const meVouchers = z.object({ vouchers: z.array(portalVoucher) });
export type MeVouchers = z.infer<typeof meVouchers>;

export const meActivityQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
/** One page of activity, newest first (ACTIVITY_PAGE_SIZE a page). */
export const meActivity = z.object({
  items: z.array(portalActivity),
  page: z.number().int(),
  last_page: z.number().int(),
});
export type MeActivity = z.infer<typeof meActivity>;
/** Lines of activity a page. */
export const ACTIVITY_PAGE_SIZE = 20;

/** A card: its last 4 characters only (`value_hint`), when it was added; `id` names it to remove it. */
export const meCard = portalCard.extend({ added_at: z.string() });
export type MeCard = z.infer<typeof meCard>;
export const meCards = z.object({ cards: z.array(meCard) });
export type MeCards = z.infer<typeof meCards>;
/** A card number to add (the demo's example: a card the shop handed out, linked to nobody). */
export const meCardRequest = z
  .object({ code: z.string().trim().min(4).max(64) })
  .meta({ example: { code: 'CARD-9003' } });
/** A card's id (the demo's example: Anna's first card). */
export const meCardParams = z.object({ id: z.coerce.number().int().positive().meta({ example: 1 }) });

export const meSubscriptions = z.object({ subscriptions: z.array(portalSubscription) });
export type MeSubscriptions = z.infer<typeof meSubscriptions>;
/** A subscription type's id (the demo's example: the newsletter). */
export const meSubscriptionParams = z.object({ id: z.coerce.number().int().positive().meta({ example: 1 }) });
export const meSubscriptionRequest = z
  .object({ subscribed: z.boolean() })
  .meta({ example: { subscribed: true } });

/** The input a profile field takes (the page picks its control by it). */
export const profileFieldType = z.enum([
  'text',
  'email',
  'select',
  'multi_select',
  'date',
  'birth_date',
  'boolean',
  'number',
]);

/**
 * A field of the profile: a contact field (`firstname`, `birthdate`, …) or a custom attribute of the
 * account, named as the contact's `current_values` name it; `options` for select and multi_select;
 * `value` null when empty (multi_select: an array of option values; dates `YYYY-MM-DD`).
 */
export const profileField = z.object({
  name: z.string(),
  label: z.string(),
  type: profileFieldType,
  custom: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  required: z.boolean(),
  max_length: z.number().int().optional(),
  integer: z.boolean().optional(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
});
export type ProfileField = z.infer<typeof profileField>;

export const meProfile = z.object({ fields: z.array(profileField), member_since: z.string() });
export type MeProfile = z.infer<typeof meProfile>;
/** Changes to the profile by field name; null (or '') clears a value. */
export const meProfileRequest = z
  .record(z.string(), z.unknown())
  .meta({ example: { firstname: 'Anna', dier: 'dog' } });

export const meDeletionConfirm = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'six digits' }),
  })
  .meta({ example: { code: '123456' } });
/** Where the deletion code went (the address masked). */
export const meDeletionRequested = z.object({ sent_to: z.string(), expires_at: z.string() });
export type MeDeletionRequested = z.infer<typeof meDeletionRequested>;

/** The export: the contact's row and every table's rows about them, secrets left out (docs/me.md). */
export const meExport = z.object({
  exported_at: z.string(),
  contact: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
