/**
 * Error codes of the public interface (spec "Errors"), with our extensions (extensions.md
 * "Errors", "Vouchers") and the HTTP status each one answers with.
 *
 * Shared by the service (to build error bodies) and the kiosk (to pick a friendly message).
 */
export const ERRORS = {
  1000: { status: 500, en: 'Internal error', nl: 'Interne fout' },
  1003: { status: 422, en: 'Invalid input', nl: 'Ongeldige invoer' },
  1008: { status: 404, en: 'Shop not found', nl: 'Winkel niet gevonden' },
  1015: { status: 422, en: 'Maximum amount of credits reached', nl: 'Maximaal aantal punten bereikt' },
  1017: { status: 422, en: 'Insufficient credits', nl: 'Onvoldoende punten' },
  1018: { status: 422, en: 'The stock on this reward is empty', nl: 'De voorraad van deze beloning is op' },
  1019: {
    status: 422,
    en: 'Claim limit on this reward reached',
    nl: 'Claimlimiet van deze beloning bereikt',
  },
  1027: { status: 404, en: 'POS Transaction not found', nl: 'Kassatransactie niet gevonden' },
  1028: { status: 404, en: 'Credit reception not found', nl: 'Puntenontvangst niet gevonden' },
  1052: { status: 422, en: 'Reward is inactive', nl: 'Beloning is niet actief' },
  1100: { status: 404, en: 'Giftcard Program not found', nl: 'Cadeaukaartprogramma niet gevonden' },
  5001: { status: 404, en: 'Giftcard not found', nl: 'Cadeaukaart niet gevonden' },
  5002: { status: 422, en: 'Giftcard has expired', nl: 'Cadeaukaart is verlopen' },
  5003: { status: 422, en: 'Insufficient amount on giftcard', nl: 'Onvoldoende saldo op cadeaukaart' },
  5006: {
    status: 422,
    en: 'Giftcard cannot be incremented',
    nl: 'Cadeaukaart kan niet worden opgewaardeerd',
  },
  5008: { status: 422, en: 'Max amount will be exceeded', nl: 'Maximaal bedrag wordt overschreden' },
  5010: { status: 404, en: 'Giftcard transaction not found', nl: 'Cadeaukaarttransactie niet gevonden' },
  6001: {
    status: 409,
    en: 'POS transaction already linked to a credit reception',
    nl: 'Kassatransactie is al gekoppeld aan een puntenontvangst',
  },
  6003: { status: 404, en: 'Reward not found', nl: 'Beloning niet gevonden' },
  55021: {
    status: 422,
    en: 'Only digital giftcards can be created through the public interface',
    nl: 'Via de publieke interface kunnen alleen digitale cadeaukaarten worden aangemaakt',
  },
  55024: {
    status: 422,
    en: 'Credit reception not created by this shop',
    nl: 'Puntenontvangst is niet door deze winkel aangemaakt',
  },
  55025: {
    status: 422,
    en: "Not the giftcard's last transaction",
    nl: 'Niet de laatste transactie van de cadeaukaart',
  },
  55030: { status: 404, en: 'Subscription type not found', nl: 'Inschrijvingstype niet gevonden' },
  55031: { status: 404, en: 'Contact not found', nl: 'Contact niet gevonden' },
  55045: { status: 409, en: 'Unit already exists', nl: 'Eenheid bestaat al' },
  55046: { status: 422, en: 'No default unit found', nl: 'Geen standaardeenheid gevonden' },
  60001: {
    status: 409,
    en: 'Credit reception creation in progress',
    nl: 'Puntenontvangst wordt al aangemaakt',
  },
  60003: { status: 404, en: 'Contact identifier not found', nl: 'Contactidentificatie niet gevonden' },
  60004: { status: 422, en: 'Contact identifier inactive', nl: 'Contactidentificatie is niet actief' },
  60005: { status: 409, en: 'Contact already exists', nl: 'Contact bestaat al' },
  60006: { status: 409, en: 'Contact identifier already exists', nl: 'Contactidentificatie bestaat al' },
  60007: { status: 404, en: 'Unit not found', nl: 'Eenheid niet gevonden' },
  60014: {
    status: 409,
    en: 'Contact identifier is already linked',
    nl: 'Contactidentificatie is al gekoppeld',
  },
  80002: { status: 404, en: 'Promotion not found', nl: 'Promotie niet gevonden' },
  80004: { status: 404, en: 'Voucher not found', nl: 'Voucher niet gevonden' },
  80005: { status: 422, en: 'Voucher already redeemed', nl: 'Voucher is al ingewisseld' },
  80006: { status: 422, en: 'Voucher has expired', nl: 'Voucher is verlopen' },
  80012: { status: 422, en: 'Voucher is deactivated', nl: 'Voucher is gedeactiveerd' },
  80014: { status: 422, en: 'Voucher is inactive', nl: 'Voucher is niet actief' },
  80017: { status: 409, en: 'Voucher already locked', nl: 'Voucher is al vergrendeld' },
  80300: {
    status: 404,
    en: 'Reward not found or expired',
    nl: 'Beloning niet gevonden of verlopen',
  },
  110000: { status: 404, en: 'Perk not found', nl: 'Voordeel niet gevonden' },
} as const satisfies Record<number, { status: number; en: string; nl: string }>;

/** A numeric error code of the spec's error table or of our extensions. */
export type ErrorCode = keyof typeof ERRORS;

/**
 * The machine-readable reasons of refusals (extensions.md "Errors"), the one list the service,
 * the OpenAPI document and the docs read: the error body's `reason`, an extension beside the
 * spec's fields, telling apart the cases one code (mostly the general 1003) covers. Each with its
 * code, the HTTP status it answers with, and when it happens. A reason once published keeps its name.
 */
export const ERROR_REASONS = {
  // The kiosk's portal session and its calls.
  portal_session_not_found: { code: 1003, status: 404, when: 'the portal session does not exist' },
  portal_session_expired: { code: 1003, status: 410, when: 'the portal session has expired' },
  portal_session_ended: { code: 1003, status: 409, when: 'the portal session has ended' },
  not_allowed_in_session: { code: 1003, status: 403, when: "the call is not one of the session type's" },
  customer_not_identified: { code: 1003, status: 409, when: 'no customer is identified in the session yet' },
  customer_already_credited: {
    code: 1003,
    status: 409,
    when: 'the session has credited its customer, who can no longer change',
  },
  registration_disabled: { code: 1003, status: 403, when: 'registration is not enabled in the session' },
  nothing_to_credit: { code: 1003, status: 409, when: 'the session has no purchase to credit yet' },
  session_already_credited: { code: 1003, status: 409, when: 'the session has made its credit reception' },
  purchase_already_set: { code: 1003, status: 409, when: 'the session has its purchase already' },
  device_not_found: { code: 1003, status: 404, when: 'the standby device does not exist' },
  nothing_left_to_pay: { code: 1003, status: 409, when: 'the gift card payment is paid in full' },
  one_giftcard_only: { code: 1003, status: 409, when: 'the session takes one gift card only' },
  prepaid_transaction_done: {
    code: 1003,
    status: 409,
    when: 'the session has made its prepaid transaction',
  },
  // Money.
  giftcard_inactive: { code: 1003, status: 422, when: 'the gift card is inactive' },
  amount_below_minimum: {
    code: 1003,
    status: 422,
    when: "a typed amount is below the account's minimum (naming amount_in_cents)",
  },
  prepaid_balance_insufficient: {
    code: 1003,
    status: 422,
    when: 'the prepaid balance cannot pay the amount (naming amount_in_cents)',
  },
  credit_balance_below_zero: {
    code: 1003,
    status: 422,
    when: "the contact's credit balance would go below zero (naming credits)",
  },
  // Vouchers.
  voucher_someone_else: {
    code: 1003,
    status: 422,
    when: 'the voucher belongs to another contact (the portal API answers HTTP 403)',
  },
  voucher_limit_reached: {
    code: 1003,
    status: 422,
    when: "the contact holds the promotion's limit per contact (naming contact_uuid)",
  },
  voucher_not_locked: { code: 1003, status: 422, when: 'the voucher is not locked' },
  voucher_release_key_wrong: {
    code: 1003,
    status: 422,
    when: 'the release key is not the lock of the voucher (naming release_key)',
  },
  voucher_not_redeemed: { code: 1003, status: 422, when: 'only a redeemed voucher can be reversed' },
  // Contact session tokens (the customer's app code).
  contact_session_token_not_found: {
    code: 1003,
    status: 404,
    when: 'the contact session token does not exist',
  },
  contact_session_token_used: { code: 1003, status: 422, when: 'the contact session token was used before' },
  // Things the spec has no code for.
  booking_not_found: { code: 1003, status: 404, when: 'the booking does not exist' },
  visit_not_found: { code: 1003, status: 404, when: 'the visit does not exist' },
  product_not_found: { code: 1003, status: 404, when: 'the product does not exist' },
  category_not_found: { code: 1003, status: 404, when: 'the category does not exist' },
  picture_not_found: { code: 1003, status: 404, when: 'the picture does not exist' },
  custom_attribute_not_found: { code: 1003, status: 404, when: 'the custom attribute does not exist' },
  prepaid_transaction_not_found: { code: 1003, status: 404, when: 'the prepaid transaction does not exist' },
  reward_reception_not_found: { code: 1003, status: 404, when: 'the reward reception does not exist' },
  redemption_not_found: {
    code: 1003,
    status: 404,
    when: 'the collectable reward redemption does not exist',
  },
  confirmation_link_unknown: {
    code: 1003,
    status: 404,
    when: 'the double opt-in link is unknown or was used',
  },
  // Reversals.
  credit_reception_already_reversed: {
    code: 1003,
    status: 422,
    when: 'the credit reception is reversed already',
  },
  reward_reception_already_reversed: {
    code: 1003,
    status: 409,
    when: 'the reward reception is reversed already',
  },
  prepaid_transaction_already_reversed: {
    code: 1003,
    status: 422,
    when: 'the prepaid transaction is reversed already',
  },
  redemption_already_reversed: { code: 1003, status: 409, when: 'the redemption is reversed already' },
  reversal_not_reversible: { code: 1003, status: 422, when: 'a reversal cannot be reversed' },
  opening_balance_not_reversible: { code: 1003, status: 422, when: 'an opening balance cannot be reversed' },
  reward_already_collected: { code: 1003, status: 409, when: 'the collectable reward is collected already' },
  // The rest.
  system_attribute_read_only: {
    code: 1003,
    status: 403,
    when: 'a system-defined attribute cannot be updated',
  },
  no_automated_email: { code: 1003, status: 422, when: 'no automated e-mail fits the gift card' },
  email_not_sent: { code: 1000, status: 502, when: 'the mail server refuses the message' },
  client_authentication_failed: {
    code: 1003,
    status: 401,
    when: 'an unknown OAuth client or a wrong secret',
  },
  unsupported_grant_type: {
    code: 1003,
    status: 401,
    when: 'a grant type other than client_credentials (naming grant_type)',
  },
  idempotency_key_reused: {
    code: 1003,
    status: 409,
    when: 'the Idempotency-Key was used for another request',
  },
  device_not_paired: {
    code: 1003,
    status: 401,
    when: 'the cashier device is not paired, or no longer allowed',
  },
  cross_site_call: { code: 1003, status: 403, when: 'a cashier console call from another site' },
  not_json: { code: 1003, status: 415, when: 'a cashier console call whose body is not JSON' },
  // The session is the contract (docs/trust-model.md).
  email_identification_disabled: {
    code: 1003,
    status: 403,
    when: 'e-mail identification is not enabled in the portal session',
  },
  contact_set_by_pos: {
    code: 1003,
    status: 409,
    when: "the POS set the portal session's customer, whom nobody else can replace",
  },
  amount_set_by_session: {
    code: 1003,
    status: 422,
    when: 'the portal session fixes the amount, and another was sent (naming amount_in_cents)',
  },
  giftcard_top_up_done: {
    code: 1003,
    status: 409,
    when: 'the portal session has topped up its gift card (one unless allow_multiple_giftcards)',
  },
  registration_done: { code: 1003, status: 409, when: 'the portal session has registered its contact' },
  proof_required: {
    code: 1003,
    status: 403,
    when: 'the customer, known by e-mail alone, has not proved it is them (a scan of their card or app code, or the code sent to their e-mail)',
  },
  verification_code_wrong: {
    code: 1003,
    status: 403,
    when: 'the verification code is not the one sent: no proof (naming code)',
  },
  verification_code_expired: {
    code: 1003,
    status: 422,
    when: 'the verification code is older than 10 minutes, or none was sent (naming code)',
  },
  verification_locked: {
    code: 1003,
    status: 409,
    when: 'the portal session takes no more codes: five wrong tries, or three codes sent',
  },
  too_many_wrong_codes: {
    code: 1003,
    status: 429,
    when: 'too many wrong codes (or card numbers on /me/, or device pairing codes) for the contact, or from the client address, this hour (see Retry-After)',
  },
  contact_not_verified: {
    code: 1003,
    status: 403,
    when: 'the contact has no verified code to give an auth token for',
  },
  // The customer's own page /me/ (docs/me.md).
  link_invalid: {
    code: 1003,
    status: 401,
    when: 'the sign-in link is unknown, used already or expired',
  },
  signed_out: { code: 1003, status: 401, when: 'no /me/ cookie session, or a signed-out or expired one' },
  card_not_addable: {
    code: 1003,
    status: 422,
    when: 'a card number typed on /me/ is no known, unlinked, active loyalty card of the account (one answer for each such case; naming code)',
  },
  invalid_attribute: {
    code: 1003,
    status: 422,
    when: 'a profile value of /me/ is refused by its field or attribute definition (naming each); nothing changed',
  },
  payment_awaited: {
    code: 1003,
    status: 409,
    when: 'a top-up waits for its payment to be confirmed; no other can start',
  },
  no_payment_awaited: { code: 1003, status: 409, when: 'no top-up waits for its payment to be confirmed' },
  // The office (docs/office.md).
  office_signed_out: {
    code: 1003,
    status: 401,
    when: 'no office cookie session, or a signed-out, expired or removed one',
  },
  office_not_allowed: {
    code: 1003,
    status: 403,
    when: "the signed-in staff member's role may not do this (a cashier in the office; a manager beyond their shops)",
  },
  sign_in_failed: {
    code: 1003,
    status: 401,
    when: 'the e-mail address and password do not match a staff member who may sign in (one answer for an unknown address and a wrong password)',
  },
  sign_in_locked: {
    code: 1003,
    status: 429,
    when: 'five wrong passwords in a row for the e-mail address: it is locked for 15 minutes (see Retry-After)',
  },
  reset_link_invalid: {
    code: 1003,
    status: 401,
    when: 'the password reset (or invitation) link is unknown, used already or expired',
  },
  staff_not_found: {
    code: 1003,
    status: 404,
    when: "no staff member with this uuid, or one the caller does not manage (a manager: another shop's)",
  },
  staff_email_taken: {
    code: 1003,
    status: 409,
    when: 'another staff member has this e-mail address (naming email)',
  },
  staff_self: {
    code: 1003,
    status: 409,
    when: 'a staff member may not remove themselves or change their own role',
  },
  last_owner: {
    code: 1003,
    status: 409,
    when: "the account's last owner may not be removed or given another role",
  },
  device_not_in_office: {
    code: 1003,
    status: 404,
    when: 'the device does not exist, or belongs to a shop the manager does not run',
  },
  pairing_code_invalid: {
    code: 1003,
    status: 401,
    when: 'the device pairing code is unknown, used already or expired, or its device was revoked (one answer)',
  },
  shop_closed: {
    code: 1003,
    status: 409,
    when: 'the shop is closed: it takes no changes, devices or register keys',
  },
  register_key_not_found: {
    code: 1003,
    status: 404,
    when: 'the register key does not exist (revoked, or of a shop the manager does not run)',
  },
  // Staff at the till (docs/cashier-console.md "Who is at the till").
  staff_sign_in_required: {
    code: 1003,
    status: 403,
    when: "the console's shop has till staff and nobody is signed in at its till (start, cancel, purchase, payment received)",
  },
  passcode_wrong: {
    code: 1003,
    status: 403,
    when: 'the passcode is wrong, or the person is unknown, removed or not of the console’s shop (one answer for each)',
  },
  passcode_locked: {
    code: 1003,
    status: 429,
    when: 'too many wrong passcodes in a row for the person: locked at every till for a while (see Retry-After)',
  },
  // The real platform's wider surface (registers, webhooks, receipt tokens).
  register_key_required: {
    code: 1003,
    status: 403,
    when: "the API key is bound to no shop, so it is no register's",
  },
  webhook_subscription_not_found: {
    code: 1003,
    status: 404,
    when: 'the webhook subscription does not exist',
  },
  webhook_delivery_not_found: {
    code: 1003,
    status: 404,
    when: 'the subscription has no delivery of that event',
  },
  webhook_delivery_pending: {
    code: 1003,
    status: 409,
    when: 'the webhook delivery is waiting for a try already',
  },
  webhook_url_not_allowed: {
    code: 1003,
    status: 422,
    when: 'the webhook URL names a link-local, unspecified, multicast, broadcast, loopback or private address, or the service itself (naming url)',
  },
  webhook_subscription_limit_reached: {
    code: 1003,
    status: 422,
    when: 'the account has 50 webhook subscriptions, the most it may have',
  },
  account_key_required: {
    code: 1003,
    status: 403,
    when: "an API key bound to a shop (a register key) asked for the account's own resources (webhook subscriptions)",
  },
  loyalty_token_invalid: {
    code: 1003,
    status: 403,
    when: 'the receipt token is not one the service made, or was changed (naming hash)',
  },
  loyalty_token_expired: {
    code: 1003,
    status: 422,
    when: 'the receipt token is older than 30 days (naming timestamp)',
  },
  loyalty_token_claimed: {
    code: 1003,
    status: 409,
    when: 'the purchase of the receipt token has been claimed already',
  },
  giftcard_choice_made: {
    code: 1003,
    status: 409,
    when: 'the session paid with a gift card and so tops up none, or the other way round',
  },
  code_not_recognised: {
    code: 1003,
    status: 404,
    when: 'a scanned code is no card, app code, gift card, voucher or receipt of this account',
  },
  profile_not_at_counter: {
    code: 1003,
    status: 403,
    when: "the counter does not show or change a customer's profile",
  },
  too_many_streams: {
    code: 1003,
    status: 429,
    when: 'too many event streams open for the session, from the client address, or in all',
  },
  too_many_failed_attempts: {
    code: 1003,
    status: 429,
    when: 'too many failed authentications from the client address this minute (see Retry-After)',
  },
  picture_type: {
    code: 1003,
    status: 415,
    when: 'an uploaded picture is not a PNG, JPEG or WebP file by its bytes (naming the field)',
  },
  picture_too_large: {
    code: 1003,
    status: 413,
    when: 'an uploaded picture is larger than 2 MB (naming the field)',
  },
  brand_contrast_too_low: {
    code: 1003,
    status: 422,
    when: 'a brand colour would be text below 4.5:1 (WCAG AA) against its background on the counter screen (naming the field)',
  },
  // The office's programme rules (docs/office.md "Earning and promotions").
  tier_not_found: {
    code: 1003,
    status: 404,
    when: 'the tier does not exist (naming tier_uuid where a body names it)',
  },
  tier_in_use: {
    code: 1003,
    status: 409,
    when: 'the tier is held by contacts, or earning rules or perks name it: it cannot be removed',
  },
  earning_rule_not_found: {
    code: 1003,
    status: 404,
    when: 'the earning rule (loyalty rule) does not exist',
  },
  unit_not_found: {
    code: 1003,
    status: 404,
    when: 'the unit does not exist (naming unit_name where a body names it)',
  },
  subscription_type_not_found: {
    code: 1003,
    status: 404,
    when: 'the subscription type does not exist',
  },
  // Importing members in the office (docs/office.md "Importing members").
  member_import_not_found: {
    code: 1003,
    status: 404,
    when: 'the member import does not exist',
  },
  member_import_busy: {
    code: 1003,
    status: 409,
    when: 'another member import (or dry run) is running: one at a time',
  },
  member_import_changed: {
    code: 1003,
    status: 409,
    when: 'members or cards changed between the check of the file and its import: nothing was imported',
  },
  // Customer service in the office (docs/office.md "Customer service").
  card_blocked: {
    code: 60004,
    status: 422,
    when: 'the card (contact identifier) is blocked: the office blocked it until it is unblocked',
  },
  customer_not_found: { code: 1003, status: 404, when: 'no customer has this uuid (or they were erased)' },
  card_not_found: { code: 1003, status: 404, when: 'the card is not one of this customer’s' },
  customer_transaction_not_found: {
    code: 1003,
    status: 404,
    when: "the reception or transaction to reverse is not one of this customer's that the caller may see",
  },
} as const satisfies Record<string, { code: ErrorCode; status: number; when: string }>;

/** A machine-readable refusal reason (the error body's `reason`; see ERROR_REASONS). */
export type ErrorReason = keyof typeof ERROR_REASONS;

/**
 * Error body of every failed call (extensions.md "Errors"); not wrapped in the envelope.
 * `errors` maps a field name to its messages, present for input errors only; `reason` (our
 * extension) names the case where one code covers several (ERROR_REASONS).
 */
export interface ErrorBody {
  code: number;
  message: string;
  status_code: number;
  errors?: Record<string, string[]>;
  reason?: ErrorReason;
}

/**
 * One refusal a route documents (its OpenAPI error responses and description): an error code, or
 * the code with the HTTP status it answers there when not the code's own (1003 for an unknown
 * booking answers 404) and `when` it happens, where the code's text alone is vague; or a `reason`
 * of ERROR_REASONS, which brings its code, status and when (a `status` given here wins).
 */
export type RouteError =
  | ErrorCode
  | { code: ErrorCode; status?: number; when?: string }
  | { reason: ErrorReason; status?: number };

/**
 * The voucher refusals of a redeem (domain/vouchers/vouchers.ts: not found, already redeemed, expired,
 * deactivated, inactive, locked), documented alike by the public and the portal redeem routes.
 */
export const VOUCHER_REDEEM_REFUSALS: readonly RouteError[] = [80004, 80005, 80006, 80012, 80014, 80017];

/**
 * The refusals of confirming that the till received a held top-up's money (domain/portal-sessions/money.ts
 * confirmHeldTopUp), documented alike by the public API and the cashier console: not a top-up
 * session, nothing waiting, and the gift card's own (inactive, expired, topped up, full).
 */
export const HELD_TOP_UP_REFUSALS: readonly RouteError[] = [
  { reason: 'not_allowed_in_session' },
  { reason: 'no_payment_awaited' },
  { reason: 'giftcard_inactive' },
  5002,
  5006,
  5008,
];
