import { z } from 'zod';
import { DEMO } from './examples';
import { emailField, idField } from './fields';
import { brandKit } from './public/brand-kit';

/*
 * The portal API: the kiosk's own HTTP surface (docs/architecture.md "The five APIs"), under
 * /portal/api. Every call is scoped to one portal session, addressed by its unguessable uuid; no
 * API key reaches the browser. Errors use the public API's error body and codes.
 *
 *   GET  /portal/api/sessions/{uuid}                     → {data: PortalSessionState}
 *   GET  /portal/api/sessions/{uuid}/stream              → text/event-stream of PortalEvent (event: portal_event)
 *   POST /portal/api/sessions/{uuid}/identify            IdentifyRequest → {data: IdentifyResult}
 *   POST /portal/api/sessions/{uuid}/register            RegisterRequest → {data: {contact: PortalContact}}
 *   POST /portal/api/sessions/{uuid}/scan-lookup         {value} → {data: ScannedCode}
 *   POST /portal/api/sessions/{uuid}/verification/send   {} → {data: ContactProof}
 *   POST /portal/api/sessions/{uuid}/verification/verify {code} → {data: ContactProof}
 *   POST /portal/api/sessions/{uuid}/credit-reception    {} → {data: PortalCreditReception}
 *   POST /portal/api/sessions/{uuid}/complete            {} → {data: PortalSessionState}
 *   POST /portal/api/sessions/{uuid}/cancel              {} → {data: PortalSessionState}
 *   GET  /portal/api/devices/{token}                     → {data: DeviceState}
 *   GET  /portal/api/devices/{token}/stream              → text/event-stream (event: device_state, data: DeviceState)
 *
 * POSTs take an `Idempotency-Key` header: the kiosk sends one per action, so a retried action
 * never acts twice. Every route of the portal API, held to by the service and the flow tests' fake:
 * PORTAL_ROUTES in contract/routes.ts.
 */

/**
 * The portal session types (docs/design.md "Portal sessions"): the spec's seven, and ours (docs/v1-api.md):
 * `giftcard` (the customer chooses to pay with a gift card or top one up), `prepaid` (chooses to pay
 * from or top up the prepaid balance) and `scan_anything` (whatever is scanned decides: a card opens
 * the portal, a voucher its redemption, a gift card the choice of pay or top up, a receipt its credits).
 */
export const portalSessionType = z.enum([
  'identify',
  'credit_reception',
  'redeem_giftcards',
  'top_up_giftcards',
  'pay_prepaid',
  'top_up_prepaid',
  'vouchers',
  'giftcard',
  'prepaid',
  'scan_anything',
]);
export type PortalSessionType = z.infer<typeof portalSessionType>;

/** The creation settings of a session, defaults applied (spec "Portal session creation settings"). */
export const portalSettings = z.object({
  scanner_type: z.enum(['camera', 'hand_scanner']),
  enable_email_identification: z.boolean(),
  enable_registration: z.boolean(),
  enable_on_screen_keyboard: z.boolean(),
  camera_service: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  facing_mode: z.enum(['user', 'environment']),
  primary_identification_method: z.enum(['email', 'identifier']),
  allow_multiple_giftcards: z.boolean(),
  /** Extension: a top-up waits for the POS (or the cashier) to confirm the payment at the till. */
  require_payment_confirmation: z.boolean(),
});
export type PortalSettings = z.infer<typeof portalSettings>;

/**
 * The identified customer as the counter may show them (docs/trust-model.md): first name, the
 * e-mail address masked (`a***@example.com`), language, tier and balances; never a last name,
 * phone, birth date, address or the whole address. Credits are numbers; money in cents.
 */
export const portalContact = z.object({
  uuid: z.string(),
  firstname: z.string().nullable(),
  email_hint: z.string(),
  locale: z.string().nullable(),
  tier: z.object({ name: z.string() }).nullable(),
  credit_balance: z.number(),
  prepaid_balance_in_cents: z.number().int(),
  /**
   * They still have the account's terms to accept (registered where the terms were not shown to
   * them): the kiosk asks them once they proved it is them (terms/accept).
   */
  terms_pending: z.boolean(),
});
export type PortalContact = z.infer<typeof portalContact>;

/**
 * A credit reception as the kiosk shows it: credits earned and the balance after it, the purchase
 * it was for (cents: the POS transaction's amount, else the reception's value in a € unit; null when
 * unknown), the next reward the customer is saving for (the cheapest active, in-stock reward above
 * their balance, with the credits it takes and those still needed; null when there is none), and
 * the reward this reception made claimable (the dearest active, in-stock reward whose credits lie
 * above the balance before and at or below the balance after; null when none did).
 */
export const portalCreditReception = z.object({
  uuid: z.string(),
  credits: z.number(),
  created_at: z.string(),
  contact: portalContact,
  purchase_amount_in_cents: z.number().int().nullable(),
  next_reward: z
    .object({ title: z.string(), required_credits: z.number(), credits_short: z.number() })
    .nullable(),
  unlocked_reward: z.object({ title: z.string(), required_credits: z.number() }).nullable(),
});
export type PortalCreditReception = z.infer<typeof portalCreditReception>;

/** One step recorded on a session (types in docs/design.md "Portal sessions"). */
export const portalEvent = z.object({
  uuid: z.string(),
  type: z.string(),
  created_at: z.string(),
  data: z.unknown(),
});
export type PortalEvent = z.infer<typeof portalEvent>;

/**
 * The account's brand kit (contract/public/brand-kit.ts), applied to every screen; a picture shipped
 * with the account is a path on this service (`/media/…`).
 */
export const brand = brandKit;

/**
 * Whether the session's customer has proved it is them (docs/trust-model.md): how they became
 * known (`pos`: the POS set them; a scan of their `card` or `app_token`; `email` alone; a
 * `registration`), whether that is proven (the POS, a scan, or the six-digit code sent to their
 * address), whether the customer proved it themselves (`customer_proven`: a scan or the code, not
 * the POS's word; what opening their own account, "Manage on your phone", needs), the last code
 * sent in this session (to where, until when; `code_in_log`: no mail server is configured and the
 * account is a demo, so the code is in the service's log), the wrong tries left (5 per session),
 * and `locked` once the session takes no more codes (or the customer has no wrong tries left for
 * now).
 */
export const contactProof = z.object({
  identified_by: z.enum(['pos', 'card', 'app_token', 'email', 'registration']),
  proven: z.boolean(),
  customer_proven: z.boolean(),
  code: z.object({ sent_to: z.string(), expires_at: z.string(), code_in_log: z.boolean() }).nullable(),
  attempts_left: z.number().int(),
  locked: z.boolean(),
});
export type ContactProof = z.infer<typeof contactProof>;

/** A six-digit code as typed at the counter. */
export const verifyCodeRequest = z
  .object({ code: z.string().regex(/^\d{6}$/, 'The code is six digits.') })
  .meta({ example: { code: '123456' } });

/**
 * A top-up that waits for the payment at the till to be confirmed (the session's
 * `require_payment_confirmation`): nothing has moved yet.
 */
export const awaitingPayment = z.object({
  awaiting_payment: z.object({ amount_in_cents: z.number().int(), requested_at: z.string() }),
});
export type AwaitingPayment = z.infer<typeof awaitingPayment>;

/** A subscription type the registration screen offers (marketing preferences). */
export const offeredSubscriptionType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  strategy: z.enum(['OPT_OUT', 'OPT_IN', 'DOUBLE_OPT_IN']),
});

/** One card's part of a gift-card payment. */
export const giftcardPayment = z.object({
  transaction_uuid: z.string(),
  giftcard: z.object({ uuid: z.string(), hash_hint: z.string() }),
  amount_in_cents: z.number().int(),
  balance_after_in_cents: z.number().int(),
});
export type GiftcardPayment = z.infer<typeof giftcardPayment>;

/**
 * How the account's screens word things (fixture `account.settings`): `dutch_address` how Dutch
 * texts address the customer (`je`, the default, or the formal `u`); `credit_name` the account's own
 * word for its credits per language (`custom_credit_name`; null: points / punten); `credit_decimals`
 * how many decimals a number of credits is shown with (0, whole points, unless the account says
 * otherwise; a balance is rounded down, a number still needed up); `translations` the account's
 * content (reward, voucher, subscription names) in other languages, by language and source text.
 */
export const accountWording = z.object({
  dutch_address: z.enum(['je', 'u']),
  credit_name: z.object({ nl: z.string().nullable(), en: z.string().nullable() }),
  credit_decimals: z.number().int().min(0).max(2),
  translations: z.record(z.string(), z.record(z.string(), z.string())),
});
export type AccountWording = z.infer<typeof accountWording>;

/** The account as every screen shows it: its name, brand kit and wording. */
export const screenAccount = z.object({ name: z.string(), brand, wording: accountWording });

/** Everything the kiosk renders a session from. */
export const portalSessionState = z.object({
  uuid: z.string(),
  type: portalSessionType,
  status: z.enum(['open', 'completed', 'cancelled', 'expired']),
  expires_at: z.string(),
  settings: portalSettings,
  amount_in_cents: z.number().int().nullable(),
  shop: z.object({ uuid: z.string(), name: z.string() }),
  account: screenAccount,
  /** The identified customer; null while there is none, and always once the session has ended. */
  contact: portalContact.nullable(),
  /** Whether that customer has proved it is them; null without a customer (and once ended). */
  contact_proof: contactProof.nullable(),
  /** A POS transaction pushed to this session, waiting for its credit reception. */
  pos_transaction: z.object({ uuid: z.string(), amount_in_cents: z.number().int() }).nullable(),
  /** The session's credit reception, once created here or pushed to it. */
  credit_reception: portalCreditReception.nullable(),
  /** redeem_giftcards: the cards charged so far and what is left to pay; null for other types. */
  giftcard_payment: z
    .object({
      payments: z.array(giftcardPayment),
      paid_in_cents: z.number().int(),
      remaining_in_cents: z.number().int(),
    })
    .nullable(),
  /** top_up_giftcards: each card topped up so far, its balance right after; null for other types. */
  giftcard_top_ups: z.array(giftcardPayment).nullable(),
  /** A top-up waiting for the cashier to confirm the payment (the card, for gift cards); null when none. */
  payment_hold: z
    .object({
      amount_in_cents: z.number().int(),
      requested_at: z.string(),
      giftcard: z.object({ uuid: z.string(), hash_hint: z.string() }).nullable(),
    })
    .nullable(),
  subscription_types: z.array(offeredSubscriptionType),
  /**
   * The account's kiosk settings: idle reset and end-screen dismissal in seconds, the least amount
   * a customer may type (cents; 100 unless the account sets another), and where its terms and
   * privacy policy are published (shown at registration; null when the account names none).
   */
  kiosk: z.object({
    idle_seconds: z.number().int(),
    end_screen_seconds: z.number().int(),
    min_amount_in_cents: z.number().int(),
    terms_url: z.string().nullable(),
    privacy_url: z.string().nullable(),
  }),
  /** Origins of POS pages that may embed the kiosk and receive its events by postMessage. */
  allowed_origins: z.array(z.string()),
  events: z.array(portalEvent),
});
export type PortalSessionState = z.infer<typeof portalSessionState>;

/** Identify by a scanned value (card or app token) or by e-mail. */
/** What a scanner read: a card, an app code, or any other code (a receipt's URL runs to hundreds of characters). */
const scannedValue = () => z.string().trim().min(1).max(500);
export const identifyRequest = z.union([
  z.object({ value: scannedValue() }),
  z.object({ email: emailField() }),
]);
export type IdentifyRequest = z.infer<typeof identifyRequest>;

/** A voucher as the kiosk shows it. */
export const portalVoucher = z.object({
  uuid: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  expiration_date: z.string().nullable(),
  status: z.enum(['ACTIVE', 'REDEEMED', 'EXPIRED', 'DEACTIVATED', 'INACTIVE', 'LOCKED']),
  /** The promotion's picture (`{type, value}`, like a reward's `media`; value a `/media/…` path); null: none. */
  media: z.object({ type: z.string(), value: z.string() }).nullable(),
  /**
   * Why it cannot be used now, judged by the service: `expired` (date: its expiration date),
   * `redeemed` (when), `deactivated`, `not_yet_active` (from when), `locked` for a redemption
   * elsewhere (until when); null when it can be used.
   */
  unusable: z
    .object({
      reason: z.enum(['expired', 'redeemed', 'deactivated', 'not_yet_active', 'locked']),
      date: z.string().nullable(),
    })
    .nullable(),
});
export type PortalVoucher = z.infer<typeof portalVoucher>;

/**
 * What a scanned value is in this account (portal API scan-lookup; identify reads a scan the same
 * way), checked in this order: a loyalty card (contact identifier: `linked` to a customer,
 * `unlinked`, or `inactive`), an app code (contact session token: `usable`, or `used` before), a
 * gift card (its hash or QR content), a voucher code (with the voucher), a receipt token's URL
 * (`receipt_token`: its credits are collected with receipt-tokens/claim), else `unknown`. Nothing of
 * a customer is told: not whose card or voucher it is.
 */
export const scannedCode = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), state: z.enum(['linked', 'unlinked', 'inactive']) }),
  z.object({ kind: z.literal('app_token'), state: z.enum(['usable', 'used']) }),
  z.object({ kind: z.literal('giftcard') }),
  z.object({ kind: z.literal('voucher'), voucher: portalVoucher }),
  z.object({ kind: z.literal('receipt_token') }),
  z.object({ kind: z.literal('unknown') }),
]);
export type ScannedCode = z.infer<typeof scannedCode>;

/**
 * What an identification found. `unregistered_card`: a card of the account not linked to anyone;
 * with registration enabled the kiosk asks for an e-mail to link it to. `unknown_email`: no contact
 * has that e-mail; with registration enabled the kiosk offers to register. `other_code`: the scanned
 * value identifies nobody (a gift card, a voucher code, a receipt, or unknown), as scan-lookup tells it.
 * Errors: 60004 inactive card, 1003 app token already used.
 */
export const identifyResult = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('identified'),
    method: z.enum(['card', 'app_token', 'email']),
    contact: portalContact,
    proof: contactProof,
  }),
  z.object({ result: z.literal('unregistered_card'), value: z.string() }),
  z.object({ result: z.literal('unknown_email'), email: z.string() }),
  z.object({
    result: z.literal('other_code'),
    code: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('giftcard') }),
      z.object({ kind: z.literal('voucher'), voucher: portalVoucher }),
      z.object({ kind: z.literal('receipt_token') }),
      z.object({ kind: z.literal('unknown') }),
    ]),
  }),
]);
export type IdentifyResult = z.infer<typeof identifyResult>;

/**
 * Register a new contact at the kiosk (needs enable_registration; one per session): an e-mail,
 * optionally the unlinked card of the account scanned before (linked to them), the subscription
 * types ticked (none is ticked for them), and the accepted terms (kept with their addresses and
 * the time). Errors: 1003 naming card_value (not a card of the account), 60005 e-mail already
 * registered, 60014 card already linked, 60004 inactive card.
 */
export const registerRequest = z.object({
  email: emailField(),
  card_value: idField().optional(),
  subscription_type_ids: z.array(z.number().int()).default([]),
  accept_terms: z.literal(true),
  locale: z.enum(['nl', 'en']).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** A standby screen's view of its shop: the session to show, if any. */
export const deviceState = z.object({
  shop: z.object({ uuid: z.string(), name: z.string() }),
  account: screenAccount,
  /** The newest open session of the shop, which the standby screen switches to. */
  session: z.object({ uuid: z.string(), type: portalSessionType }).nullable(),
  /**
   * What the standby screen's attract loop shows: the account's active, in-stock rewards, cheapest
   * first (at most STANDBY_OFFERS), with the credits each takes and its picture (`media`, as a reward's).
   */
  offers: z.array(
    z.object({
      title: z.string(),
      required_credits: z.number(),
      media: z.object({ type: z.string(), value: z.string() }).nullable(),
    }),
  ),
});

/** How many offers a standby screen's attract loop shows at most. */
export const STANDBY_OFFERS = 6;
export type DeviceState = z.infer<typeof deviceState>;

/*
 * Money at the counter and the customer portal (added for the money flows and the customer's own
 * portal). All under /portal/api/sessions/{uuid}; POSTs take an Idempotency-Key.
 *
 *   POST /giftcards/scan                {value}                       → {data: {giftcard: PortalGiftcard}}          redeem_giftcards, top_up_giftcards
 *   POST /giftcards/redeem              {giftcard_uuid}               → {data: GiftcardRedeemResult}                redeem_giftcards
 *   POST /giftcards/top-up              {giftcard_uuid, amount_in_cents} → {data: GiftcardTopUpResult | AwaitingPayment} top_up_giftcards
 *   POST /prepaid/pay                   {amount_in_cents?}            → {data: PrepaidResult}                       pay_prepaid
 *   POST /prepaid/top-up                {amount_in_cents?}            → {data: PrepaidResult | AwaitingPayment}     top_up_prepaid
 *   GET  /vouchers                                                    → {data: PortalVoucher[]}                     vouchers, identify
 *   POST /vouchers/redeem               {code}                        → {data: {voucher: PortalVoucher}}            vouchers, identify
 *   GET  /rewards                                                     → {data: PortalReward[]}                      identify
 *   POST /rewards/claim                 {reward_uuid}                 → {data: RewardClaimResult}                   identify
 *   GET  /stats                                                       → {data: PortalStats}                         identify
 *
 * Calls that act for a customer need an identified contact (1003, HTTP 409 "Identify the customer
 * first"); a call outside its session types answers 1003, HTTP 403. Every call but the rewards
 * list, prepaid top-up and credit reception also needs the customer's proof (reason
 * proof_required, HTTP 403; docs/trust-model.md). An amount the session fixes is the only amount a
 * call may move (reason amount_set_by_session); a session tops up once unless it allows more.
 *
 * Events recorded (the created resource as data): `giftcard_transaction` (redeem, top-up),
 * `prepaid_transaction`, `voucher_redeemed`, `reward_reception`; ours: `subscription_changed`
 * `{subscription_type: {id}, status}`, `card_added` `{contact: {uuid, email}, contact_identifier}`,
 * `card_removed` `{contact: {uuid}, contact_identifier: {name, value_hint}}` (these three from the
 * v1 component's calls, docs/v1-api.md), `payment_due`
 * `{amount_in_cents, held, top_up, message}` (a top-up's money to collect at the till) and
 * `payment_received`. The kiosk reads the events as the counter may show them: e-mail addresses
 * masked, card and gift card codes as their last 4 characters, and nothing of the customer once
 * the session has ended; the POS reads them whole.
 * Completing or cancelling a redeem_giftcards session records `{status, paid_in_cents,
 * remaining_in_cents, payments}` for the POS. A prepaid session moves money once (then 1003, HTTP 409).
 */

/** A scanned gift card. Its full code is never shown back; `hash_hint` is its last 4 characters. */
export const portalGiftcard = z.object({
  uuid: z.string(),
  hash_hint: z.string(),
  type: z.enum(['DIGITAL', 'PHYSICAL']),
  balance_in_cents: z.number().int(),
  expiration_date: z.string().nullable(),
  expired: z.boolean(),
  active: z.boolean(),
  /** Whether it can be topped up now (digital cards only once), and by how much at most (program maximum). */
  can_top_up: z.boolean(),
  max_top_up_in_cents: z.number().int().nullable(),
});
export type PortalGiftcard = z.infer<typeof portalGiftcard>;

/** The state of a redeem_giftcards session's payment: each card charged min(balance, remaining). */
export const giftcardRedeemResult = z.object({
  payment: giftcardPayment,
  payments: z.array(giftcardPayment),
  paid_in_cents: z.number().int(),
  remaining_in_cents: z.number().int(),
});
export type GiftcardRedeemResult = z.infer<typeof giftcardRedeemResult>;

export const giftcardTopUpResult = z.object({
  giftcard: portalGiftcard,
  transaction_uuid: z.string(),
  amount_in_cents: z.number().int(),
});
export type GiftcardTopUpResult = z.infer<typeof giftcardTopUpResult>;

/**
 * A prepaid payment or top-up. A payment charges min(amount, balance): `charged_in_cents` may be less
 * than asked, `unpaid_in_cents` is what the customer still owes at the till.
 */
export const prepaidResult = z.object({
  transaction_uuid: z.string(),
  charged_in_cents: z.number().int(),
  unpaid_in_cents: z.number().int(),
  contact: portalContact,
});
export type PrepaidResult = z.infer<typeof prepaidResult>;

/** A reward as the customer portal lists it: claimable ones first, the rest with the credits still needed. */
export const portalReward = z.object({
  uuid: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  reward_type: z.enum(['PHYSICAL', 'DIGITAL']),
  required_credits: z.number(),
  media: z.object({ type: z.string(), value: z.string() }).nullable(),
  claimable: z.boolean(),
  credits_short: z.number(),
  out_of_stock: z.boolean(),
});
export type PortalReward = z.infer<typeof portalReward>;

export const rewardClaimResult = z.object({
  reward_reception: z.object({
    uuid: z.string(),
    title: z.string(),
    credits: z.number(),
    reward_type: z.enum(['PHYSICAL', 'DIGITAL']),
    expires_at: z.string().nullable(),
    /** Where a physical reward waits to be collected (the session's shop). */
    collect_at: z.string().nullable(),
  }),
  contact: portalContact,
});
export type RewardClaimResult = z.infer<typeof rewardClaimResult>;

/** One line of the customer's activity, newest first (/me/, and the v1 component's session calls). */
export const portalActivity = z.object({
  type: z.enum(['credit_reception', 'reward_reception', 'prepaid_transaction', 'giftcard_transaction']),
  uuid: z.string(),
  created_at: z.string(),
  title: z.string(),
  credits: z.number().nullable(),
  amount_in_cents: z.number().int().nullable(),
  shop: z.string().nullable(),
});
export type PortalActivity = z.infer<typeof portalActivity>;

export const portalSubscription = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  strategy: z.enum(['OPT_OUT', 'OPT_IN', 'DOUBLE_OPT_IN']),
  status: z.enum(['SUBSCRIBED', 'PENDING_CONFIRMATION', 'UNSUBSCRIBED']),
});
export type PortalSubscription = z.infer<typeof portalSubscription>;

/**
 * A card of the customer; its value is never shown back whole (`value_hint`: last 4 characters);
 * `id` names it to remove it.
 */
export const portalCard = z.object({
  id: z.number().int(),
  value_hint: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type PortalCard = z.infer<typeof portalCard>;

/**
 * The customer's visits: credit receptions that earned credits plus recorded visits, the last one,
 * and every credit earned.
 */
export const portalStats = z.object({
  visits: z.number().int(),
  last_visit_at: z.string().nullable(),
  total_credits_earned: z.number(),
});
export type PortalStats = z.infer<typeof portalStats>;

export const scanRequest = z.object({ value: scannedValue() });
export const giftcardRequest = z
  .object({ giftcard_uuid: z.string().min(1).max(191) })
  .meta({ example: { giftcard_uuid: DEMO.giftcard } });
export const giftcardTopUpRequest = z
  .object({
    giftcard_uuid: z.string().min(1).max(191),
    amount_in_cents: z.number().int().positive().max(10_000_000),
  })
  .meta({ example: { giftcard_uuid: DEMO.giftcard, amount_in_cents: 1000 } });
export const amountRequest = z
  .object({
    amount_in_cents: z.number().int().positive().max(10_000_000).optional(),
  })
  .meta({ example: { amount_in_cents: 500 } });
export const voucherRedeemRequest = z
  .object({ code: z.string().trim().min(1).max(191) })
  .meta({ example: { code: DEMO.voucherCode } });
export const rewardClaimRequest = z
  .object({ reward_uuid: z.string().min(1).max(191) })
  .meta({ example: { reward_uuid: DEMO.rewardCoffee } });
