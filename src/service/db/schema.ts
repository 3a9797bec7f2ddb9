import type { Generated, Kysely, Transaction } from 'kysely';
import type { CashierTables } from './schema-cashier';
import type { CatalogTables } from './schema-catalog';
import type { CustomerServiceTables } from './schema-customers';
import type { ImportTables } from './schema-import';
import type { OfficeTables } from './schema-office';
import type { PlatformTables } from './schema-platform';

/*
 * Table types of the service's database. Conventions, so that SQLite and PostgreSQL store the same:
 * - booleans are integers 0/1; timestamps are ISO 8601 text with offset; JSON is text.
 * - credits are stored as integer hundredths of a credit (`*_centi`), never as floats; money in cents.
 * - every balance has a ledger table whose entries sum to it (opening entries from the fixture included).
 */

export interface AccountTable {
  id: number;
  name: string;
  brand: string;
  max_credits_per_reception_centi: number | null;
  settings: string;
}

export interface CredentialTable {
  token_hash: string;
  kind: 'api_key' | 'access_token' | 'personal_access_token';
  shop_id: number | null;
  /** Set on access tokens issued by POST /oauth/token; null: does not expire. */
  expires_at: string | null;
  /** The OAuth client an issued access token belongs to. */
  oauth_client_id: number | null;
  /** How the office names the key (migration 0024); null for fixture and issued tokens until named. */
  uuid: string | null;
  name: string | null;
  created_at: string | null;
  /** When a request last came with it (updated at most once a minute). */
  last_used_at: string | null;
}

/** An OAuth client of the client-credentials grant (fixture `oauth_clients`). */
export interface OAuthClientTable {
  id: number;
  secret_hash: string;
  name: string;
}

export interface ShopTable {
  id: number;
  uuid: string;
  name: string;
  reference: string | null;
  address: string | null;
  /** When the office closed the shop: its devices and keys stop working, its history stays. */
  closed_at: string | null;
}

export interface UnitTable {
  id: Generated<number>;
  name: string;
  label: string;
  prefix: string;
  is_default: number;
  format: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoyaltyRuleTable {
  id: Generated<number>;
  unit_id: number;
  credits_per_unit: string;
  rounding: 'floor' | 'round' | 'ceil';
  tier_id: number | null;
  weekdays: string | null;
  from_time: string | null;
  until_time: string | null;
}

export interface TierTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  description: string | null;
  position: number;
  media: string | null;
}

export interface SubscriptionTypeTable {
  id: number;
  uuid: string | null;
  name: string;
  description: string | null;
  active: number;
  strategy: 'OPT_OUT' | 'OPT_IN' | 'DOUBLE_OPT_IN';
}

export interface ContactTable {
  id: Generated<number>;
  uuid: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  locale: string | null;
  tier_id: number | null;
  /** Cached sum of credit_entries.credits_centi for this contact. */
  credit_balance_centi: number;
  /** Cached sum of prepaid_transactions.amount_in_cents for this contact. */
  prepaid_balance_in_cents: number;
  /** Further profile fields and custom attribute values, as a JSON object. */
  attributes: string;
  channel: string;
  referral_code: string | null;
  created_at: string;
  updated_at: string;
  // What the contact shows, kept with each ledger entry (loyalty/credit-ledger.ts, migration 0011).
  /** The number of its credit receptions (reversals included). */
  credit_receptions_count: Generated<number>;
  /** The sum of its credit receptions' positive credits. */
  received_credits_centi: Generated<number>;
  /** The credit balance before its latest credit entry (0 without any). */
  previous_credit_balance_centi: Generated<number>;
  first_credit_reception_at: string | null;
  last_credit_reception_at: string | null;
  /** Registered where the terms were not shown (migration 0021): since when they wait; null: none to accept. */
  terms_pending_since: Generated<string | null>;
}

/** The shops a contact received credits at (migration 0011). */
export interface ContactShopTable {
  contact_id: number;
  shop_id: number;
}

export interface CreditEntryTable {
  id: Generated<number>;
  contact_id: number;
  credits_centi: number;
  source: 'opening' | 'credit_reception' | 'reward_reception';
  source_id: number | null;
  created_at: string;
}

export interface ContactIdentifierTable {
  id: Generated<number>;
  value: string;
  name: string;
  active: number;
  contact_id: number | null;
  created_at: string;
  /** When the office blocked the card (migration 0029; `active` is 0 meanwhile); null: not blocked. */
  blocked_at: Generated<string | null>;
}

export interface ContactSessionTokenTable {
  token: string;
  contact_id: number;
  status: 'active' | 'used';
  created_at: string;
  used_at: string | null;
  /** When it stops working (app codes made for /me/, migration 0020); null: never. */
  expires_at: string | null;
}

export interface ContactSubscriptionTable {
  contact_id: number;
  subscription_type_id: number;
  status: 'SUBSCRIBED' | 'PENDING_CONFIRMATION' | 'UNSUBSCRIBED';
  confirmation_token: string | null;
  updated_at: string;
}

export interface CreditReceptionTable {
  id: Generated<number>;
  uuid: string;
  contact_id: number;
  shop_id: number;
  unit_id: number;
  /** Decimal text as sent (e.g. "12.50"), or null when only credits were given. */
  unit_value: string | null;
  credits_centi: number;
  contact_identifier_id: number | null;
  pos_transaction_id: number | null;
  reverses_id: number | null;
  attributes: string;
  created_at: string;
}

export interface PosTransactionTable {
  id: Generated<number>;
  uuid: string;
  shop_id: number;
  transaction_id: number | null;
  terminal_id: number | null;
  amount_in_cents: number;
  created_at: string;
}

export interface PortalSessionTable {
  id: Generated<number>;
  uuid: string;
  type:
    | 'identify'
    | 'credit_reception'
    | 'redeem_giftcards'
    | 'top_up_giftcards'
    | 'pay_prepaid'
    | 'top_up_prepaid'
    | 'vouchers'
    | 'giftcard'
    | 'prepaid'
    | 'scan_anything';
  shop_id: number;
  contact_id: number | null;
  /** The creation settings (scanner_type, facing_mode, …) as JSON. */
  settings: string;
  amount_in_cents: number | null;
  pos_transaction_id: number | null;
  credit_reception_id: number | null;
  status: 'open' | 'completed' | 'cancelled' | 'expired';
  expires_at: string;
  created_at: string;
  ended_at: string | null;
  /** How the customer became known (migration 0012); null while there is none. */
  contact_source: ContactSource | null;
  /** When the customer proved it is them (a POS, a scan, a code); null: known by e-mail alone. */
  contact_proven_at: string | null;
  /**
   * When the customer themselves proved it (a scan of their card or app code, their e-mailed code;
   * migration 0021): what opens their account. The POS's word is no such proof: null.
   */
  customer_proven_at: string | null;
  /** Verification codes tried in the session (five at most). */
  verification_attempts: Generated<number>;
}

/** How a portal session's customer became known. */
export type ContactSource = 'pos' | 'card' | 'app_token' | 'email' | 'registration';

/** A six-digit code sent to a contact's e-mail address (migration 0012), stored hashed. */
export interface ContactVerificationCodeTable {
  id: Generated<number>;
  contact_id: number;
  /** The session it was sent from; null when asked for through the public API. */
  portal_session_id: number | null;
  code_hash: string;
  created_at: string;
  expires_at: string;
  /** Tries of a public API code (a session counts its own). */
  attempts: Generated<number>;
  verified_at: string | null;
  used_at: string | null;
  /** What it proves (migration 0020): `proof` it is them (counter, public API), `deletion` of the account. */
  purpose: Generated<'proof' | 'deletion'>;
}

/** A one-time sign-in link to /me/ (migration 0020), stored hashed. */
export interface MeLinkTokenTable {
  id: Generated<number>;
  token_hash: string;
  contact_id: number;
  /** The shop it was made for (the portal session's, a shop-bound credential's); null: the account. */
  shop_id: number | null;
  source: 'auth_url' | 'counter' | 'email';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A signed-in /me/ browser (migration 0020): the secret of its httpOnly cookie, stored hashed. */
export interface MeSessionTable {
  id: Generated<number>;
  secret_hash: string;
  contact_id: number;
  shop_id: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** An acceptance of the account's terms (migration 0013), with the addresses accepted. */
export interface TermsAcceptanceTable {
  id: Generated<number>;
  contact_id: number;
  portal_session_id: number | null;
  accepted_at: string;
  terms_url: string | null;
  privacy_url: string | null;
}

export interface PortalSessionEventTable {
  id: Generated<number>;
  uuid: string;
  portal_session_id: number;
  type: string;
  data: string;
  created_at: string;
}

/** A counter tablet's standby screen, paired to a shop (fixture `devices`, or a pairing code). */
export interface DeviceTable {
  token_hash: string;
  shop_id: number;
  /** Set by migration 0024 for every row; null only in the instant of an insert by an old fixture path. */
  uuid: string | null;
  name: string | null;
  created_at: string | null;
  /** When the office revoked it: its next request and its open stream end. */
  revoked_at: string | null;
}

/**
 * A key or device a fixture has loaded (migration 0025): its token's hash and the uuid its row was
 * given, kept after the row is deleted (docs/office.md "The fixture and the office").
 */
export interface FixtureKeyTable {
  kind: 'credential' | 'device' | 'cashier_device';
  token_hash: string;
  uuid: string;
}

export interface RewardTable {
  id: Generated<number>;
  uuid: string;
  title: string;
  description: string | null;
  type: string;
  reward_type: 'PHYSICAL' | 'DIGITAL';
  required_credits_centi: number;
  stock: number | null;
  active: number;
  claim_limit_per_contact: number | null;
  pre_redeemable: number;
  expiration_duration: number | null;
  cost_price: number | null;
  media: string | null;
  attributes: string;
  /** When it can be claimed from / until (ISO timestamps; null: open). Migration 0027. */
  active_from: string | null;
  active_until: string | null;
}

export interface GiftcardProgramTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  max_amount_in_cents: number | null;
  expiration_days: number | null;
  calculator_flow: string | null;
}

export interface GiftcardTable {
  id: Generated<number>;
  uuid: string;
  giftcard_program_id: number;
  hash: string;
  type: 'DIGITAL' | 'PHYSICAL';
  /** Cached sum of giftcard_transactions.amount_in_cents for this card. */
  balance_in_cents: number;
  expiration_date: string | null;
  active: number;
  created_at: string;
}

export interface GiftcardTransactionTable {
  id: Generated<number>;
  uuid: string;
  giftcard_id: number;
  shop_id: number | null;
  amount_in_cents: number;
  type: string;
  settled: number;
  reverses_id: number | null;
  attributes: string;
  created_at: string;
}

export interface PrepaidTransactionTable {
  id: Generated<number>;
  uuid: string;
  contact_id: number;
  shop_id: number | null;
  contact_identifier_id: number | null;
  amount_in_cents: number;
  kind: 'opening' | 'transaction' | 'reversal';
  reverses_id: number | null;
  created_at: string;
}

export interface PromotionTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  description: string | null;
  voucher_limit: number | null;
  limit_per_contact: number | null;
  expiration_duration: number | null;
  attributes: string;
  /** `{type, value}` JSON of its image, or null. */
  media: string | null;
}

export interface VoucherTable {
  id: Generated<number>;
  uuid: string;
  promotion_id: number;
  code: string;
  contact_id: number | null;
  status: 'ACTIVE' | 'REDEEMED' | 'EXPIRED' | 'DEACTIVATED' | 'INACTIVE' | 'LOCKED';
  expiration_date: string | null;
  activation_date: string | null;
  redeemed_at: string | null;
  redeemed_shop_id: number | null;
  release_key_hash: string | null;
  locked_until: string | null;
  attributes: string;
  created_at: string;
}

export interface AutomatedEmailTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  category: string;
  subscription_type_id: number | null;
  subject: string;
  content: string;
}

export interface CustomAttributeTable {
  id: Generated<number>;
  entity: string;
  name: string;
  label: string;
  type: string;
  description: string | null;
  group_name: string | null;
  options: string;
  is_platform_defined: number;
  position: number;
  created_at: string;
  /** Hint text for an empty field (the real platform's attribute resources show it). */
  placeholder: string | null;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
}

/** The whole database, for Kysely. */
export interface Database
  extends CatalogTables,
    CashierTables,
    PlatformTables,
    OfficeTables,
    ImportTables,
    CustomerServiceTables {
  account: AccountTable;
  credentials: CredentialTable;
  fixture_keys: FixtureKeyTable;
  oauth_clients: OAuthClientTable;
  shops: ShopTable;
  units: UnitTable;
  loyalty_rules: LoyaltyRuleTable;
  tiers: TierTable;
  subscription_types: SubscriptionTypeTable;
  contacts: ContactTable;
  contact_shops: ContactShopTable;
  credit_entries: CreditEntryTable;
  contact_identifiers: ContactIdentifierTable;
  contact_session_tokens: ContactSessionTokenTable;
  contact_subscriptions: ContactSubscriptionTable;
  credit_receptions: CreditReceptionTable;
  pos_transactions: PosTransactionTable;
  portal_sessions: PortalSessionTable;
  portal_session_events: PortalSessionEventTable;
  contact_verification_codes: ContactVerificationCodeTable;
  terms_acceptances: TermsAcceptanceTable;
  devices: DeviceTable;
  rewards: RewardTable;
  giftcard_programs: GiftcardProgramTable;
  giftcards: GiftcardTable;
  giftcard_transactions: GiftcardTransactionTable;
  prepaid_transactions: PrepaidTransactionTable;
  promotions: PromotionTable;
  vouchers: VoucherTable;
  automated_emails: AutomatedEmailTable;
  custom_attributes: CustomAttributeTable;
  idempotency_keys: IdempotencyKeyTable;
  media_files: MediaFileTable;
  me_link_tokens: MeLinkTokenTable;
  me_sessions: MeSessionTable;
  guess_budgets: GuessBudgetTable;
}

/**
 * Wrong guesses of one subject in an hour's window (migration 0022; domain/contacts/guess-budgets.ts):
 * `subject` names the kind and who guesses (`code:contact:12`, `card:address:<sha-256>`).
 */
export interface GuessBudgetTable {
  subject: string;
  failures: number;
  window_ends_at: string;
}

/** A picture shipped with the fixture, served at GET /media/{name}. */
export interface MediaFileTable {
  name: string;
  content_type: string;
  bytes: Buffer;
}

/** A database handle: the whole database, or one open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
