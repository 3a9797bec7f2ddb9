/*
 * The portal session types and their rules, in one table of plain data (no zod, so that the
 * console's browser code may import it). What each type lets the counter screen do, whether it
 * takes an amount, whether it tops up (and so whether a top-up waits for the till's payment), and
 * what it defaults to. Every reader takes the rules from here: the service's guards and create
 * calls, the create schemas of the public, v1 and console APIs, the console's start panel, the test
 * fake; docs/trust-model.md "Session types" is written from it (test/contract/session-types.test.ts).
 */
import type { PortalSessionType, PortalSettings } from './portal';

/**
 * What a call at the counter does (docs/design.md "Kiosk flows"); each session type allows some of them
 * (SESSION_TYPE_RULES). The money actions are named as the session types they belong to; `end`
 * (complete, cancel) every session allows.
 */
export type PortalAction =
  | 'identify'
  | 'register'
  | 'credit_reception'
  | 'giftcard_scan'
  | 'redeem_giftcards'
  | 'top_up_giftcards'
  | 'pay_prepaid'
  | 'top_up_prepaid'
  | 'voucher_list'
  | 'voucher_redeem'
  | 'customer_portal'
  | 'scan_lookup'
  | 'verify'
  | 'confirm_payment'
  | 'end';

/** An action a type allows or not (every type allows `end`). */
export type TypeAction = Exclude<PortalAction, 'end'>;

/**
 * `amount_in_cents` at creation: `required`; `optional` (without it the screen types the amount, or
 * the POS sends the purchase later); `absent` (the type moves no amount: an amount is refused, 1003
 * naming amount_in_cents).
 */
export type AmountRule = 'required' | 'optional' | 'absent';

/** One row of SESSION_TYPE_RULES. */
export interface SessionTypeRules {
  /** Its name in the real portal component and the v1 API (docs/v1-api.md). */
  readonly v1: string;
  /**
   * What the counter may do in it; any other call is refused (403 not_allowed_in_session). A type
   * that allows `top_up_prepaid` or `top_up_giftcards` tops up: money the till collects.
   */
  readonly actions: readonly TypeAction[];
  /** Whether it takes `amount_in_cents` at creation (AmountRule). */
  readonly amount: AmountRule;
  /** What that amount is, for the API docs; null when it takes none. */
  readonly amountIs: string | null;
  /**
   * `allow_multiple_giftcards` when its creator leaves it out: several cards for a gift-card
   * payment; one top-up for a type that tops up gift cards.
   */
  readonly allowMultipleGiftcards: boolean;
  /** Whether its create call takes `pos_transaction_uuid`, a POS transaction to credit. */
  readonly posTransaction: boolean;
}

// What every type that identifies a customer allows besides its own calls.
const IDENTIFYING = ['identify', 'register', 'verify', 'scan_lookup'] as const;

/**
 * The rules of each portal session type (docs/design.md "Portal sessions"): the spec's seven, then ours
 * (docs/v1-api.md): `giftcard` and `prepaid` (the customer chooses pay or top up) and `scan_anything`
 * (whatever is scanned decides). A type added to contract/portal.ts without its row here fails the
 * typecheck.
 */
export const SESSION_TYPE_RULES = {
  identify: {
    v1: 'PORTAL',
    actions: [...IDENTIFYING, 'customer_portal', 'voucher_list', 'voucher_redeem'],
    amount: 'absent',
    amountIs: null,
    allowMultipleGiftcards: true,
    posTransaction: false,
  },
  credit_reception: {
    v1: 'POINTS_TRANSACTION',
    actions: [...IDENTIFYING, 'credit_reception'],
    amount: 'optional',
    amountIs: 'the purchase to credit (unit_value = amount / 100); without it the POS sends it later',
    allowMultipleGiftcards: true,
    posTransaction: true,
  },
  redeem_giftcards: {
    v1: 'REDEEM_GIFTCARD',
    actions: ['scan_lookup', 'giftcard_scan', 'redeem_giftcards'],
    amount: 'required',
    amountIs: 'the purchase to pay with gift cards',
    allowMultipleGiftcards: true,
    posTransaction: false,
  },
  top_up_giftcards: {
    v1: 'TOP_UP_GIFTCARD',
    actions: ['scan_lookup', 'giftcard_scan', 'top_up_giftcards', 'confirm_payment'],
    amount: 'optional',
    amountIs: 'what each top-up adds; without it the customer chooses',
    allowMultipleGiftcards: false,
    posTransaction: false,
  },
  pay_prepaid: {
    v1: 'PAY_PREPAID',
    actions: [...IDENTIFYING, 'pay_prepaid'],
    amount: 'optional',
    amountIs: 'what the prepaid balance pays; without it the customer types it',
    allowMultipleGiftcards: true,
    posTransaction: false,
  },
  top_up_prepaid: {
    v1: 'TOP_UP_PREPAID',
    actions: [...IDENTIFYING, 'top_up_prepaid', 'confirm_payment'],
    amount: 'optional',
    amountIs: 'what the top-up adds; without it the customer types it',
    allowMultipleGiftcards: true,
    posTransaction: false,
  },
  vouchers: {
    v1: 'VOUCHER',
    actions: [...IDENTIFYING, 'voucher_list', 'voucher_redeem'],
    amount: 'absent',
    amountIs: null,
    allowMultipleGiftcards: true,
    posTransaction: false,
  },
  giftcard: {
    v1: 'GIFTCARD',
    actions: ['scan_lookup', 'giftcard_scan', 'redeem_giftcards', 'top_up_giftcards', 'confirm_payment'],
    amount: 'optional',
    amountIs:
      'what a gift card pays, and the only amount a top-up adds; without it gift cards are only topped up',
    allowMultipleGiftcards: false,
    posTransaction: false,
  },
  prepaid: {
    v1: 'PREPAID',
    actions: [...IDENTIFYING, 'pay_prepaid', 'top_up_prepaid', 'confirm_payment'],
    amount: 'optional',
    amountIs: 'what the prepaid balance pays or the top-up adds; without it the customer types it',
    allowMultipleGiftcards: true,
    posTransaction: false,
  },
  scan_anything: {
    v1: 'GENERIC',
    actions: [
      ...IDENTIFYING,
      'customer_portal',
      'voucher_list',
      'voucher_redeem',
      'giftcard_scan',
      'redeem_giftcards',
      'top_up_giftcards',
      'confirm_payment',
    ],
    amount: 'optional',
    amountIs:
      'what a gift card pays, and the only amount a top-up adds; without it gift cards are only topped up',
    allowMultipleGiftcards: false,
    posTransaction: false,
  },
} as const satisfies Record<PortalSessionType, SessionTypeRules>;

/** The session types, in the table's order. */
export const SESSION_TYPES = Object.keys(SESSION_TYPE_RULES) as PortalSessionType[];

/** The types whose create call takes an amount (required or optional). */
export type AmountSessionType = {
  [T in PortalSessionType]: (typeof SESSION_TYPE_RULES)[T]['amount'] extends 'absent' ? never : T;
}[PortalSessionType];

/** The types whose create call may leave the amount out. */
export type OptionalAmountSessionType = {
  [T in PortalSessionType]: (typeof SESSION_TYPE_RULES)[T]['amount'] extends 'optional' ? T : never;
}[PortalSessionType];

/** Whether a session of `type` may do `action` (every session may end). */
export function sessionTypeAllows(type: PortalSessionType, action: PortalAction): boolean {
  return action === 'end' || (SESSION_TYPE_RULES[type].actions as readonly TypeAction[]).includes(action);
}

/** The types that allow `action`, in the table's order. */
export function typesAllowing(action: PortalAction): PortalSessionType[] {
  return SESSION_TYPES.filter((type) => sessionTypeAllows(type, action));
}

/** Whether `type` takes `amount_in_cents` at creation (required or optional). */
export function takesAmount(type: PortalSessionType): type is AmountSessionType {
  return SESSION_TYPE_RULES[type].amount !== 'absent';
}

/** Whether `type` may be created without its amount (the screen types it, or the POS sends it later). */
export function amountIsOptional(type: PortalSessionType): type is OptionalAmountSessionType {
  return SESSION_TYPE_RULES[type].amount === 'optional';
}

/** Whether `type` identifies a customer (so a customer, e-mail identification and registration apply). */
export function identifiesCustomer(type: PortalSessionType): boolean {
  return sessionTypeAllows(type, 'identify');
}

/** Whether `type` tops up (the prepaid balance or a gift card): money the till collects. */
export function topsUp(type: PortalSessionType): boolean {
  return sessionTypeAllows(type, 'top_up_prepaid') || sessionTypeAllows(type, 'top_up_giftcards');
}

/** Whether `type` pays or tops up with gift cards (so `allow_multiple_giftcards` applies). */
export function usesGiftcards(type: PortalSessionType): boolean {
  return sessionTypeAllows(type, 'giftcard_scan');
}

/** Who creates a session: a POS (the public or the v1 API, with a credential) or the cashier console. */
export type SessionCreator = 'pos' | 'console';

/**
 * Whether the top-ups of a new session wait for the till's payment before their money moves
 * (`require_payment_confirmation`): every top-up of a session the cashier console starts (its
 * "Received"); a POS's when it asks (`asked`, default false). False for a type that tops nothing up.
 */
export function holdsTopUps(type: PortalSessionType, creator: SessionCreator, asked?: boolean): boolean {
  if (!topsUp(type)) return false;
  return creator === 'console' || asked === true;
}

/** The creation settings a create call leaves out (spec "Portal session creation settings"). */
export const SESSION_DEFAULTS: PortalSettings = {
  scanner_type: 'camera',
  enable_email_identification: false,
  enable_registration: false,
  enable_on_screen_keyboard: false,
  camera_service: 3,
  facing_mode: 'user',
  primary_identification_method: 'identifier',
  allow_multiple_giftcards: true,
  require_payment_confirmation: false,
};

/** The settings of a session of `type` created without any (an end-screen push's). */
export function defaultSettings(type: PortalSessionType): PortalSettings {
  return { ...SESSION_DEFAULTS, allow_multiple_giftcards: SESSION_TYPE_RULES[type].allowMultipleGiftcards };
}
