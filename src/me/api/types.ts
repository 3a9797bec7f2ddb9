/*
 * The answers of the /me/ API (docs/me.md "The /me/ API"). Money in cents, credits as numbers in
 * the account's rounding, dates ISO 8601.
 */

/** GET /me/api/overview. `brand` and `account_name` are optional (the account's brand kit). */
export interface MeOverview {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  member_since: string | null;
  credits: number;
  credit_name: string | null;
  prepaid_balance_in_cents: number;
  tier: { name: string } | null;
  next_reward: { name: string; required_credits: number; missing_credits: number } | null;
  account_name?: string | null;
  brand?: Record<string, string | null> | null;
}

/** GET /me/api/app-code: a contact session token the kiosk accepts when scanned, until `expires_at`. */
export interface MeAppCode {
  token: string;
  expires_at: string;
}

export interface MeReward {
  uuid: string;
  name: string;
  required_credits: number;
  claimable: boolean;
}

export interface MeVoucher {
  uuid: string;
  name: string;
  code: string;
  status: 'valid' | 'redeemed' | 'expired';
  expires_at: string | null;
}

export interface MeActivityItem {
  created_at: string;
  kind: string;
  description: string;
  credits: number | null;
  amount_in_cents: number | null;
}

/** GET /me/api/activity?page=N */
export interface MeActivityPage {
  items: MeActivityItem[];
  page: number;
  last_page: number;
}

export interface MeCard {
  uuid: string;
  last4: string;
  added_at: string | null;
}

export interface MeSubscription {
  uuid: string;
  name: string;
  subscribed: boolean;
  pending_confirmation: boolean;
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
  options?: { label: string; value: string }[];
  required: boolean;
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
