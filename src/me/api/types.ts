import type { z } from 'zod';
import type {
  meActivity,
  meAppCode,
  meCard,
  meOverview,
  meProfile,
  profileField,
  profileFieldType,
} from '../../contract/me';
import type { portalReward, portalSubscription, portalVoucher } from '../../contract/portal';

/*
 * The answers of the /me/ API (docs/me.md "The /me/ API"), as the contract (src/contract/me.ts)
 * types them: money in cents, credits as numbers in the account's rounding, dates ISO 8601.
 * Types only: the page ships without zod.
 */

/**
 * GET /me/api/overview. `next_reward.credits_short`: the credits still needed. The account's name,
 * brand kit and credit name when the service gives them (else the page's own).
 */
export type MeOverview = z.infer<typeof meOverview> & {
  account_name?: string | null;
  custom_credit_name?: string | null;
  brand?: Record<string, string | null> | null;
};

/** GET /me/api/app-code: a contact session token the kiosk accepts when scanned, until `expires_at`. */
export type MeAppCode = z.infer<typeof meAppCode>;

/** A reward: claimable now, else `credits_short` credits still needed, or out of stock. */
export type MeReward = z.infer<typeof portalReward>;

/** A voucher; `unusable` says why it cannot be used now (null: it can). */
export type MeVoucher = z.infer<typeof portalVoucher>;

/** GET /me/api/activity?page=N: one page, newest first. */
export type MeActivityPage = z.infer<typeof meActivity>;

/** One line of activity: credits earned or spent, money paid or topped up. */
export type MeActivityItem = MeActivityPage['items'][number];

/** A card: only its last 4 characters (`value_hint`); `id` names it to remove it. */
export type MeCard = z.infer<typeof meCard>;

/** An e-mail subscription; subscribing to a DOUBLE_OPT_IN one waits for the e-mailed confirmation. */
export type MeSubscription = z.infer<typeof portalSubscription>;

/** The type of a profile field: how it is edited and checked. */
export type MeFieldType = z.infer<typeof profileFieldType>;

/** A value of a profile field: text, a YYYY-MM-DD date, an option value, option values, a number, yes/no. */
export type MeFieldValue = string | number | boolean | string[] | null;

/**
 * One editable field of the profile (a contact field or a custom attribute); `min`/`max` bound a
 * number or a date when the service gives them.
 */
export type MeField = z.infer<typeof profileField> & {
  min?: number | string | null;
  max?: number | string | null;
};

/** GET /me/api/profile */
export type MeProfile = z.infer<typeof meProfile>;
