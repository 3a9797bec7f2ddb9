/*
 * The answers of the /me/ API (docs/me.md "The /me/ API"). Money in cents, credits as numbers in
 * the account's rounding, dates ISO 8601.
 */

/**
 * GET /me/api/overview. `credits_short`: the credits still needed for the next reward. The
 * account's name, brand kit and credit name when the service gives them (else the page's own).
 */
export interface MeOverview {
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  member_since: string | null;
  credit_balance: number;
  prepaid_balance_in_cents: number;
  tier: { name: string } | null;
  next_reward: { title: string; required_credits: number; credits_short: number } | null;
  account_name?: string | null;
  custom_credit_name?: string | null;
  brand?: Record<string, string | null> | null;
}

/** GET /me/api/app-code: a contact session token the kiosk accepts when scanned, until `expires_at`. */
export interface MeAppCode {
  token: string;
  expires_at: string;
}

/** A reward: claimable now, else `credits_short` credits still needed, or out of stock. */
export interface MeReward {
  uuid: string;
  title: string;
  description: string | null;
  required_credits: number;
  claimable: boolean;
  credits_short: number;
  out_of_stock: boolean;
}

/** A voucher; `unusable` says why it cannot be used now (null: it can). */
export interface MeVoucher {
  uuid: string;
  code: string;
  name: string;
  description: string | null;
  expiration_date: string | null;
  status: string;
  unusable: {
    reason: 'expired' | 'redeemed' | 'deactivated' | 'not_yet_active' | 'locked';
    date: string | null;
  } | null;
}

/** One line of activity: credits earned or spent, money paid or topped up. */
export interface MeActivityItem {
  type: string;
  uuid: string;
  created_at: string;
  title: string;
  credits: number | null;
  amount_in_cents: number | null;
  shop: string | null;
}

/** GET /me/api/activity?page=N */
export interface MeActivityPage {
  items: MeActivityItem[];
  page: number;
  last_page: number;
}

/** A card: only its last 4 characters (`value_hint`); `id` names it to remove it. */
export interface MeCard {
  id: number;
  value_hint: string;
  name: string;
  active: boolean;
  added_at: string | null;
}

/** An e-mail subscription; subscribing to a DOUBLE_OPT_IN one waits for the e-mailed confirmation. */
export interface MeSubscription {
  id: number;
  name: string;
  description: string | null;
  strategy: 'OPT_OUT' | 'OPT_IN' | 'DOUBLE_OPT_IN';
  status: 'SUBSCRIBED' | 'PENDING_CONFIRMATION' | 'UNSUBSCRIBED';
}

/** The type of a profile field: how it is edited and checked. */
export type MeFieldType =
  | 'text'
  | 'email'
  | 'select'
  | 'multi_select'
  | 'date'
  | 'birth_date'
  | 'boolean'
  | 'number';

/** A value of a profile field: text, a YYYY-MM-DD date, an option value, option values, a number, yes/no. */
export type MeFieldValue = string | number | boolean | string[] | null;

/** One editable field of the profile (an account's contact field or a custom attribute). */
export interface MeField {
  name: string;
  label: string;
  type: MeFieldType;
  custom?: boolean;
  options?: { label: string; value: string }[];
  required: boolean;
  /** number: whole numbers only. */
  integer?: boolean;
  min?: number | string | null;
  max?: number | string | null;
  max_length?: number | null;
  value: MeFieldValue;
}

/** GET /me/api/profile */
export interface MeProfile {
  fields: MeField[];
  member_since: string | null;
}
