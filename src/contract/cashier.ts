import { z } from 'zod';
import { DEMO } from './examples';
import { idField } from './fields';
import { passcodeField } from './office';
import { giftcardPayment, portalEvent, portalSessionType, portalSettings, screenAccount } from './portal';
import { SESSION_TYPE_RULES } from './session-types';

/*
 * The cashier console's API (docs/cashier-console.md), under /cashier/api: a phone or small tablet
 * behind the counter, paired to one shop by a cashier device token from the account fixture. The
 * token is exchanged once for an httpOnly, SameSite=Strict session cookie; every other call is
 * authorised by that cookie alone, checked against the device on every request, and scoped to the
 * device's shop. POSTs take JSON only (and an optional Idempotency-Key).
 *
 *   POST /cashier/api/pair                     PairRequest → {data: CashierDevice}, Set-Cookie
 *   POST /cashier/api/unpair                   {} → {data: {paired: false}}, cookie cleared
 *   GET  /cashier/api/device                   → {data: CashierDevice}
 *   GET  /cashier/api/staff                    → {data: TillStaffMember[]} (who may work this till)
 *   POST /cashier/api/staff/sign-in            StaffSignInRequest → {data: CashierDevice}
 *   POST /cashier/api/staff/sign-out           {} → {data: CashierDevice}
 *   GET  /cashier/api/stream                   → text/event-stream (event: shop_session, data: ShopSessionChange)
 *   POST /cashier/api/contacts/find            FindContactRequest → {data: CashierContact}
 *   GET  /cashier/api/sessions?since=…         → {data: CashierSessionSummary[]} (newest first)
 *   POST /cashier/api/sessions                 StartSessionRequest → 201 {data: CashierSession}
 *   GET  /cashier/api/sessions/{uuid}          → {data: CashierSession}
 *   GET  /cashier/api/sessions/{uuid}/stream   → text/event-stream of PortalEvent (event: portal_event)
 *   POST /cashier/api/sessions/{uuid}/cancel   {} → {data: CashierSession}
 *   POST /cashier/api/sessions/{uuid}/purchase PurchaseRequest → {data: CashierSession}
 *   POST /cashier/api/sessions/{uuid}/payment-received {} → {data: CashierSession}
 *
 * Errors use the public API's error body: 401 (code 1003) no, unknown or revoked device; 404 a
 * session of another shop (as if unknown); the portal session refusals (409 ended, 410 expired).
 * The list of routes the service and the flow tests' fake are held to: contract/routes.ts.
 */

/**
 * `account.settings.session_defaults` in the fixture: the creation settings the console starts
 * sessions with unless the cashier switches them (spec "Portal session creation settings").
 */
export const sessionDefaults = z
  .object({
    scanner_type: z.enum(['camera', 'hand_scanner']).optional(),
    enable_email_identification: z.boolean().optional(),
    enable_registration: z.boolean().optional(),
    enable_on_screen_keyboard: z.boolean().optional(),
    primary_identification_method: z.enum(['email', 'identifier']).optional(),
    camera_service: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    facing_mode: z.enum(['user', 'environment']).optional(),
    allow_multiple_giftcards: z.boolean().optional(),
  })
  .strict();
export type SessionDefaults = z.infer<typeof sessionDefaults>;

/**
 * How a console pairs: `code`, the pairing code the office shows (`K7QM-3XRP`, valid once for a
 * while), or `token`, a fixture's device token (`cashier_devices[].token`); a code wins.
 */
export const pairRequest = z
  .union([z.object({ code: z.string().trim().min(1).max(20) }), z.object({ token: idField() })])
  .meta({ example: { token: DEMO.cashierDevice } });
export type PairRequest = z.infer<typeof pairRequest>;

/** A person who may work the till of the device's shop: what the "Who is at the till?" screen shows. */
export const tillStaffMember = z.object({ uuid: z.string(), name: z.string() });
export type TillStaffMember = z.infer<typeof tillStaffMember>;

/**
 * The paired device: its name, shop, the account's look and the settings new sessions start with;
 * `staff`: the person signed in at its till (null: nobody); `staff_required`: the shop has till
 * staff, so starting, cancelling and confirming need a person signed in.
 */
export const cashierDevice = z.object({
  name: z.string(),
  shop: z.object({ uuid: z.string(), name: z.string() }),
  account: screenAccount,
  session_defaults: portalSettings,
  staff: tillStaffMember.nullable(),
  staff_required: z.boolean(),
});
export type CashierDevice = z.infer<typeof cashierDevice>;

/** A person signs in at the till: their uuid (from GET /staff) and their 4-digit passcode. */
export const staffSignInRequest = z
  .object({ staff_uuid: idField(), passcode: passcodeField() })
  .meta({ example: { staff_uuid: 'the uuid of a person from GET /cashier/api/staff', passcode: '1234' } });
export type StaffSignInRequest = z.infer<typeof staffSignInRequest>;

/**
 * A customer as the console behind the counter shows them (the counter's screen shows less:
 * contract/portal.ts PortalContact): names, e-mail, locale, tier, balances (credits; cents).
 */
export const cashierContact = z.object({
  uuid: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  locale: z.string().nullable(),
  tier: z.object({ name: z.string() }).nullable(),
  credit_balance: z.number(),
  prepaid_balance_in_cents: z.number().int(),
});
export type CashierContact = z.infer<typeof cashierContact>;

/** A customer by e-mail address (has an `@`) or by loyalty card value. */
export const findContactRequest = z
  .object({ query: z.string().trim().min(1).max(191) })
  .meta({ example: { query: DEMO.annaEmail } });
export type FindContactRequest = z.infer<typeof findContactRequest>;

const cents = z.number().int();
const positiveCents = () => cents.min(1).max(100_000_000);

/**
 * Start a portal session at the device's shop, by the rules of its type (contract/session-types.ts):
 * `amount_in_cents` where the type takes one — required to pay with gift cards; optional for a
 * credit reception (else sent later) and the prepaid and gift-card amounts (else chosen at the
 * screen) — and refused where it takes none. The switches default to the account's session
 * defaults. Every top-up waits for the cashier's "Received" before its money moves.
 */
export const startSessionRequest = z
  .object({
    type: portalSessionType,
    amount_in_cents: positiveCents().optional(),
    contact_uuid: idField().optional(),
    scanner_type: z.enum(['camera', 'hand_scanner']).optional(),
    enable_email_identification: z.boolean().optional(),
    enable_registration: z.boolean().optional(),
    enable_on_screen_keyboard: z.boolean().optional(),
    allow_multiple_giftcards: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const amount = SESSION_TYPE_RULES[value.type].amount;
    if (amount === 'required' && value.amount_in_cents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount_in_cents'], message: 'required' });
    }
    if (amount === 'absent' && value.amount_in_cents !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount_in_cents'], message: 'not allowed for this type' });
    }
  })
  .meta({ example: { type: 'credit_reception', contact_uuid: DEMO.anna } });
export type StartSessionRequest = z.infer<typeof startSessionRequest>;

/** The purchase amount sent to a credit-reception session that waits for it (as a POS push). */
export const purchaseRequest = z
  .object({ amount_in_cents: positiveCents() })
  .meta({ example: { amount_in_cents: 1250 } });
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

/** How the session's customer became known: at the screen, or given by the cashier at the start. */
export const identification = z.enum(['card', 'app_token', 'email', 'registration', 'cashier']);

/** One gift card charged or topped up in a session: its last 4 characters, the amount, its balance after. */
export const giftcardLine = z.object({
  giftcard: z.object({ uuid: z.string(), hash_hint: z.string() }),
  amount_in_cents: cents,
  balance_after_in_cents: cents,
});

/**
 * What a session did, for the console's list: status (an open session past its expiry reads
 * `expired`), who started it (a cashier device, or null: the POS), the customer and the outcome.
 * Money in cents; credits are numbers.
 */
export const cashierSessionSummary = z.object({
  uuid: z.string(),
  type: portalSessionType,
  status: z.enum(['open', 'completed', 'cancelled', 'expired']),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  expires_at: z.string(),
  /** The amount the session was started with (purchase, amount to pay, prepaid amount). */
  amount_in_cents: cents.nullable(),
  /** The purchase amount sent later (a pushed POS transaction), for credit reception. */
  purchase_in_cents: cents.nullable(),
  /** A credit-reception session with a customer and nothing to credit yet: send the purchase amount. */
  waiting_for_purchase: z.boolean(),
  started_by: z.object({ name: z.string() }).nullable(),
  /** The person signed in at the till that started it; null: nobody (or the POS). */
  staff_name: z.string().nullable(),
  contact: cashierContact.nullable(),
  identification: identification.nullable(),
  /** Credits given in the session (credit reception), null when none. */
  credits: z.number().nullable(),
  /** redeem_giftcards: each card's payment and what is left to pay at the till; null for other types. */
  giftcard_payment: z
    .object({ payments: z.array(giftcardPayment), paid_in_cents: cents, remaining_in_cents: cents })
    .nullable(),
  giftcard_top_ups: z.array(giftcardLine),
  /** Prepaid paid (negative) or topped up (positive); `unpaid_in_cents`: left to pay at the till. */
  prepaid: z.object({ amount_in_cents: cents, unpaid_in_cents: cents.nullable() }).nullable(),
  vouchers: z.array(z.object({ code: z.string(), name: z.string() })),
  rewards: z.array(z.object({ title: z.string(), credits: z.number() })),
  /**
   * Money of the session's top-ups that the till collects ("Collect € 50.00"); `held`: a top-up
   * waits for the cashier's "Received" (payment-received); null when the session has none.
   */
  payment_due: z.object({ amount_in_cents: cents, held: z.boolean() }).nullable(),
});
export type CashierSessionSummary = z.infer<typeof cashierSessionSummary>;

/** One session as the console follows it: the summary, its settings and its events (oldest first). */
export const cashierSession = cashierSessionSummary.extend({
  settings: portalSettings,
  events: z.array(portalEvent),
});
export type CashierSession = z.infer<typeof cashierSession>;

/** `GET /cashier/api/sessions`: sessions created at or after `since` (default: today, server time). */
export const sessionsQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
});

/** A session of the shop was created or ended (`event: shop_session` on the console's stream). */
export const shopSessionChange = z.object({ session: z.string(), status: z.string() });
export type ShopSessionChange = z.infer<typeof shopSessionChange>;
