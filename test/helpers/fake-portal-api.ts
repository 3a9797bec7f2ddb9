/*
 * The kiosk's and the cashier console's server, faked at the fetch boundary for their flow tests
 * (test/kiosk/*.test.tsx, test/cashier/*.test.tsx): the portal API (contract/portal.ts) and the
 * console API (contract/cashier.ts) over in-memory state, answering in the contract's types,
 * refusing with the service's error bodies (code, HTTP status and `reason` of contract/errors.ts),
 * replaying an Idempotency-Key's first answer, and pushing their live streams through a fake
 * EventSource. The test owns the network: it cuts it, loses an answer on the way back, holds a
 * request, or has the server fail. The service's own rules are proven by its tests (test/http);
 * this fake keeps the few a screen depends on (min(balance, remaining), once per session, a proof
 * before spending, a held top-up, …). The counter reads what the service lets it: a first name and
 * a masked e-mail address (docs/trust-model.md). It answers exactly the routes of
 * contract/routes.ts, which the service is held to as well: a route missing here or unknown to the
 * contract fails every flow test, and so does a page's request to a path of no route.
 */
import type {
  CashierContact,
  CashierDevice,
  CashierSession,
  CashierSessionSummary,
  StartSessionRequest,
} from '../../src/contract/cashier';
import {
  ERROR_REASONS,
  ERRORS,
  type ErrorBody,
  type ErrorCode,
  type ErrorReason,
} from '../../src/contract/errors';
import type {
  AccountWording,
  AwaitingPayment,
  ContactProof,
  DeviceState,
  GiftcardPayment,
  IdentifyRequest,
  IdentifyResult,
  PortalContact,
  PortalCreditReception,
  PortalEvent,
  PortalGiftcard,
  PortalReward,
  PortalSessionState,
  PortalSessionType,
  PortalSettings,
  PortalVoucher,
  RegisterRequest,
  ScannedCode,
} from '../../src/contract/portal';
import type { BrandKit } from '../../src/contract/public/brand-kit';
import {
  CASHIER_API_BASE,
  CASHIER_ROUTES,
  type CashierRoute,
  PORTAL_API_BASE,
  PORTAL_ROUTES,
  type PortalRoute,
} from '../../src/contract/routes';
import {
  holdsTopUps,
  type PortalAction,
  SESSION_DEFAULTS,
  sessionTypeAllows,
} from '../../src/contract/session-types';
import { matchRoute, routeTable } from './route-table';

/**
 * A customer of the fake account, as the console sees them (the counter sees less: PortalContact);
 * `creditsPerEuro` stands for the loyalty rules and tiers.
 */
export interface FakeContact extends CashierContact {
  creditsPerEuro: number;
  visits: number;
  /** Registered where the terms were not shown: the counter asks them once proven. */
  termsPending?: boolean;
}

export interface FakeCard {
  id: number;
  value: string;
  /** The holder's uuid; null: a card of the account nobody holds yet. */
  contact: string | null;
  active: boolean;
}

export interface FakeGiftcard {
  uuid: string;
  hash: string;
  type: 'DIGITAL' | 'PHYSICAL';
  balance_in_cents: number;
  expired: boolean;
  active: boolean;
  /** The program's maximum a card may hold. */
  max_in_cents: number;
  /** A digital card has had its one top-up. */
  topped_up: boolean;
}

export interface FakeVoucher extends Omit<PortalVoucher, 'unusable'> {
  /** The holder's uuid; null: a voucher of nobody, linked to whoever redeems it. */
  owner: string | null;
}

export interface FakeReward extends Omit<PortalReward, 'claimable' | 'credits_short' | 'out_of_stock'> {
  stock: number | null;
}

/** A portal session as the fake keeps it. */
export interface FakeSession {
  uuid: string;
  type: PortalSessionType;
  status: PortalSessionState['status'];
  shop: string;
  created_at: string;
  ended_at: string | null;
  expires_at: string;
  settings: PortalSettings;
  amount_in_cents: number | null;
  contact: string | null;
  /** How the customer became known, and whether that proves it is them (docs/trust-model.md). */
  identified_by: ContactProof['identified_by'];
  proven: boolean;
  /** Whether the customer proved it themselves (a scan, the code): what opens their account. */
  customer_proven: boolean;
  /** The code sent in the session (the fake's: `CODE`), and the tries of codes so far. */
  code_sent: boolean;
  code_tries: number;
  pos_transaction: PortalSessionState['pos_transaction'];
  credit_reception: string | null;
  payments: GiftcardPayment[];
  top_ups: GiftcardPayment[];
  /** A top-up asked for, waiting for the cashier's Received (the session holds its top-ups). */
  hold: { amount_in_cents: number; requested_at: string; giftcard: string | null } | null;
  events: PortalEvent[];
  started_by: string | null;
  /** The person at the till that started it (the console's `staff_name`). */
  staff_name: string | null;
}

/** The code every e-mail of the fake carries (the service's are random; test/http proves them). */
export const CODE = '246810';

/** One request the fake received: what a test asserts about tries and keys. */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string | undefined;
}

/** What a test may change of a session at its start (the rest: the defaults of a POS's create call). */
export interface SessionInit {
  settings?: Partial<PortalSettings>;
  amount_in_cents?: number | null;
  contact?: string | null;
  shop?: string;
  started_by?: string | null;
  staff_name?: string | null;
}

/** A person who may work a shop's till (the service's staff with a passcode), as the fake keeps them. */
export interface FakeTillPerson {
  uuid: string;
  name: string;
  passcode: string;
  shop: string;
  /** Wrong passcodes in a row, and the lock they set (ms; till-staff.ts: 5 lock for 15 minutes). */
  failed: number;
  lockedUntil: number;
}

type Json = unknown;
type Answer = { status: number; body: Json; retryAfterSeconds?: number };
/** A request's JSON body, read field by field. */
type Body = Record<string, unknown>;
const text = (value: unknown) => String(value ?? '');
const cents = (body: Body) => (typeof body.amount_in_cents === 'number' ? body.amount_in_cents : undefined);

/** The path parameters of a route: a session's `uuid`, a standby screen's `token` ('' when it has none). */
interface RouteParams {
  uuid: string;
  token: string;
}
/** The answer's `data` of one route, from its path parameters, its JSON body and its query. */
type Handler = (params: RouteParams, body: Body, query: URLSearchParams) => Json;
/** An event-stream route: served by the fake EventSource; a fetch of it is a stray request. */
const STREAM = 'event stream';
/** A handler for every route of an API's list in contract/routes.ts, and for no other (route-table.ts). */
type Routes<R extends string> = Record<R, Handler | typeof STREAM>;

/** A refusal as the service answers it (src/service/http/plugins/errors.ts): the error body, by code or reason. */
class Refusal {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly retryAfterSeconds?: number,
  ) {}

  /** The same refusal answered with another HTTP status (as a route may: a voucher of someone else is 403). */
  withStatus(status: number): Refusal {
    return new Refusal(status, { ...this.body, status_code: status }, this.retryAfterSeconds);
  }

  /** The same refusal with a Retry-After header of `seconds` (as a 429 of the service has). */
  withRetryAfter(seconds: number): Refusal {
    return new Refusal(this.status, this.body, seconds);
  }
}

const fieldErrors = (fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, [`The ${field} field is invalid.`]]));

/** The error body of `reason` (its code and HTTP status), naming `fields` when given. */
export function refusedFor(reason: ErrorReason, fields?: string[]): Refusal {
  const { code, status } = ERROR_REASONS[reason];
  return new Refusal(status, {
    code,
    message: `Refused: ${ERROR_REASONS[reason].when}`,
    status_code: status,
    reason,
    ...(fields ? { errors: fieldErrors(fields) } : {}),
  });
}

/** The error body of `code` with its own HTTP status (or `status`), naming `fields` when given. */
export function failedWith(
  code: ErrorCode,
  status: number = ERRORS[code].status,
  fields?: string[],
): Refusal {
  return new Refusal(status, {
    code,
    message: ERRORS[code].en,
    status_code: status,
    ...(fields ? { errors: fieldErrors(fields) } : {}),
  });
}

export const SHOPS = {
  amsterdam: { uuid: 'shop-amsterdam', name: 'Demo Coffee Amsterdam' },
  utrecht: { uuid: 'shop-utrecht', name: 'Demo Coffee Utrecht' },
} as const;

const BRAND: BrandKit = {
  small_logo_url: null,
  large_logo_url: null,
  cover_image_url: null,
  primary_color: '#6b3e26',
  secondary_color: '#f4e9dc',
  tertiary_color: '#2f6b4f',
  quaternary_color: '#d9a441',
  font_color: null,
  description: 'Fresh coffee, baked today.',
  corner_theme: 'rounded',
  font_family: null,
};

/** The settings of a session created without any: the spec's defaults, but the hand scanner (jsdom has no camera). */
export const DEFAULT_SETTINGS: PortalSettings = { ...SESSION_DEFAULTS, scanner_type: 'hand_scanner' };

/** The account's kiosk settings (the demo account's: idle 60 s, result 8 s, at least € 1). */
/** The account's wording when a test sets none: je, points, whole points, no translations. */
export const DEFAULT_WORDING: AccountWording = {
  dutch_address: 'je',
  credit_name: { nl: null, en: null },
  credit_decimals: 0,
  translations: {},
};

export const KIOSK: PortalSessionState['kiosk'] = {
  idle_seconds: 60,
  end_screen_seconds: 8,
  min_amount_in_cents: 100,
  terms_url: 'https://example.com/terms',
  privacy_url: 'https://example.com/privacy',
};

const SESSION_TTL_MS = 60 * 60_000;

/** The session's timestamps as the service writes them: whole seconds, with an offset. */
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', '+00:00');

/** Which requests a network rule applies to: a part of their path (`/giftcards/redeem`), after a method if given (`POST /identify`). */
type Match = string;

/**
 * A fake of the service for one test: build its data (`contact`, `card`, `giftcard`, `voucher`,
 * `reward`, `openSession`), install `fetch` and `EventSource` (flow-tests.tsx does),
 * act as the POS or another screen (`pushPurchase`, `call`), and steer the network.
 */
export function createFakePortalApi() {
  let nextId = 1;
  const id = (prefix: string) => `${prefix}-${String(nextId++).padStart(4, '0')}`;
  const now = () => Date.now();

  const contacts = new Map<string, FakeContact>();
  const cards: FakeCard[] = [];
  const giftcards = new Map<string, FakeGiftcard>();
  const vouchers: FakeVoucher[] = [];
  const rewards: FakeReward[] = [];
  const sessions = new Map<string, FakeSession>();
  const devices = new Map<string, string>([['device-amsterdam', SHOPS.amsterdam.uuid]]);
  const cashierDevices = new Map([
    ['cashier-amsterdam', { name: 'Till 1', shop: SHOPS.amsterdam.uuid }],
    ['cashier-utrecht', { name: 'Utrecht till', shop: SHOPS.utrecht.uuid }],
  ]);
  let paired: string | null = null;
  /** Pairing codes the office showed, as typed (capitals, no dash): what each pairs, once. */
  const pairingCodes = new Map<
    string,
    { kind: 'tablet'; shop: string } | { kind: 'console'; device: string }
  >();
  const codeOf = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');
  /** Uses a pairing code of `kind` (gone after), or refuses it as the service does. */
  const takePairingCode = (kind: 'tablet' | 'console', typed: string) => {
    const found = pairingCodes.get(codeOf(typed));
    if (found?.kind !== kind) throw refusedFor('pairing_code_invalid');
    pairingCodes.delete(codeOf(typed));
    return found;
  };
  const tillStaff: FakeTillPerson[] = [];
  /** The person signed in at the paired console's till (uuid). */
  let atTill: string | null = null;
  let wording: AccountWording = { ...DEFAULT_WORDING };
  const subscriptionTypes: PortalSessionState['subscription_types'] = [
    { id: 1, name: 'Newsletter', description: 'News once a month', strategy: 'OPT_IN' },
    { id: 2, name: 'Partner news', description: null, strategy: 'DOUBLE_OPT_IN' },
  ];
  const idempotency = new Map<string, { request: string; answer: Answer }>();
  const requests: FakeRequest[] = [];
  const streams = new Set<FakeEventSource>();

  const network = {
    offline: false,
    streamsDown: false,
    lose: [] as { match: Match; times: number }[],
    fail: [] as { match: Match; refusal: Refusal; times: number }[],
    held: [] as { match: Match; gate: Promise<void> }[],
    heldAnswers: [] as { match: Match; gate: Promise<void> }[],
  };

  const shopOf = (uuid: string) => Object.values(SHOPS).find((s) => s.uuid === uuid) ?? SHOPS.amsterdam;
  const contactOf = (uuid: string): FakeContact => {
    const contact = contacts.get(uuid);
    if (!contact) throw new Error(`no contact ${uuid}`);
    return contact;
  };
  /** The customer as the console sees them. */
  const cashierContact = (uuid: string): CashierContact => {
    const { creditsPerEuro, visits, termsPending, ...contact } = contactOf(uuid);
    return { ...contact };
  };
  /** The customer as the counter sees them: first name, masked e-mail, balances. */
  const portalContact = (uuid: string): PortalContact => {
    const { email, lastname, ...shown } = cashierContact(uuid);
    return {
      ...shown,
      email_hint: `${email[0]}***${email.slice(email.indexOf('@'))}`,
      terms_pending: contactOf(uuid).termsPending ?? false,
    };
  };

  // ---- live streams ---------------------------------------------------------------------------

  /** A stream message in a task of its own, as the network delivers it. */
  const emit = (url: string, event: string, data: Json) => {
    for (const stream of streams)
      if (stream.url === url && stream.readyState === 1)
        setTimeout(() => stream.readyState === 1 && stream.dispatch(event, JSON.stringify(data)), 0);
  };
  const deviceState = (token: string): DeviceState | null => {
    const shop = devices.get(token);
    if (!shop) return null;
    const open = [...sessions.values()].filter((s) => s.shop === shop && s.status === 'open').at(-1);
    return {
      shop: shopOf(shop),
      account: { name: 'Demo Coffee', brand: BRAND, wording },
      session: open ? { uuid: open.uuid, type: open.type } : null,
      offers: rewards
        .filter((r) => r.stock !== 0)
        .sort((a, b) => a.required_credits - b.required_credits)
        .slice(0, 6)
        .map((r) => ({ title: r.title, required_credits: r.required_credits, media: r.media })),
    };
  };
  /** A session was created or ended: its shop's standby screens and consoles hear of it. */
  const shopChanged = (session: FakeSession) => {
    for (const [token, shop] of devices)
      if (shop === session.shop)
        emit(`/portal/api/devices/${token}/stream`, 'device_state', deviceState(token));
    emit('/cashier/api/stream', 'shop_session', { session: session.uuid, status: session.status });
  };
  const record = (session: FakeSession, type: string, data: Json) => {
    const event: PortalEvent = { uuid: id('event'), type, created_at: iso(now()), data };
    session.events.push(event);
    emit(`/portal/api/sessions/${session.uuid}/stream`, 'portal_event', event);
    emit(`/cashier/api/sessions/${session.uuid}/stream`, 'portal_event', event);
  };

  /** A fake EventSource on this server: open while the network is up, its messages from `emit`. */
  class FakeEventSource {
    readyState = 0;
    private readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
    constructor(readonly url: string) {
      const found = routeOf('GET', new URL(url, 'http://kiosk.test').pathname);
      if (found?.entry.handler !== STREAM) strays.push(`EventSource ${url}`);
      streams.add(this);
      setTimeout(() => this.connect(), 0);
    }
    connect() {
      if (this.readyState === 2 || network.offline || network.streamsDown) return;
      this.readyState = 1;
      this.dispatch('open', '');
    }
    drop() {
      if (this.readyState !== 1) return;
      this.readyState = 0; // CONNECTING: the browser tries again by itself
      this.dispatch('error', '');
    }
    addEventListener(type: string, listener: (event: { data: string }) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    removeEventListener(type: string, listener: (event: { data: string }) => void) {
      this.listeners.set(
        type,
        (this.listeners.get(type) ?? []).filter((l) => l !== listener),
      );
    }
    dispatch(type: string, data: string) {
      for (const listener of this.listeners.get(type) ?? []) listener({ data });
    }
    close() {
      this.readyState = 2;
      streams.delete(this);
    }
  }

  // ---- sessions -------------------------------------------------------------------------------

  const expireIfDue = (session: FakeSession) => {
    if (session.status !== 'open' || Date.parse(session.expires_at) > now()) return;
    session.status = 'expired';
    session.ended_at = session.expires_at;
    record(session, 'session_expired', { expired_at: session.expires_at });
    shopChanged(session);
  };
  const sessionOf = (uuid: string): FakeSession => {
    const session = sessions.get(uuid);
    if (!session) throw refusedFor('portal_session_not_found');
    expireIfDue(session);
    return session;
  };
  /** The session, open and of a type that may do `action` (the session-type table, as sessionForAction). */
  const forAction = (uuid: string, action: PortalAction): FakeSession => {
    const session = sessionOf(uuid);
    if (session.status === 'expired') throw refusedFor('portal_session_expired');
    if (session.status !== 'open') throw refusedFor('portal_session_ended');
    if (!sessionTypeAllows(session.type, action)) throw refusedFor('not_allowed_in_session');
    return session;
  };
  const customerOf = (session: FakeSession): FakeContact => {
    if (!session.contact) throw refusedFor('customer_not_identified');
    return contactOf(session.contact);
  };
  /** portal-sessions/guards.ts requireProvenContact: what spends or shows more needs the proof. */
  const provenCustomerOf = (session: FakeSession): FakeContact => {
    const contact = customerOf(session);
    if (!session.proven) throw refusedFor('proof_required');
    return contact;
  };
  /** portal-sessions/guards.ts requireCustomerProof: what opens the account needs the customer's own proof. */
  const selfProvenCustomerOf = (session: FakeSession): FakeContact => {
    const contact = customerOf(session);
    if (!session.customer_proven) throw refusedFor('proof_required');
    return contact;
  };
  const proofOf = (session: FakeSession): ContactProof | null =>
    session.contact
      ? {
          identified_by: session.identified_by,
          proven: session.proven,
          customer_proven: session.customer_proven,
          code:
            session.code_sent && !session.customer_proven
              ? {
                  sent_to: portalContact(session.contact).email_hint,
                  expires_at: iso(now() + 10 * 60_000),
                  code_in_log: false,
                }
              : null,
          attempts_left: Math.max(0, 5 - session.code_tries),
          locked: !session.customer_proven && session.code_tries >= 5,
        }
      : null;
  const paymentOf = (session: FakeSession): NonNullable<PortalSessionState['giftcard_payment']> => {
    const paid = session.payments.reduce((sum, p) => sum + p.amount_in_cents, 0);
    return {
      payments: session.payments,
      paid_in_cents: paid,
      remaining_in_cents: Math.max(0, (session.amount_in_cents ?? 0) - paid),
    };
  };
  /** portal-sessions/payments.ts giftcardPaymentState: a session that pays with gift cards, and has an amount to pay. */
  const paysWithGiftcards = (session: FakeSession) =>
    session.type === 'redeem_giftcards' ||
    (sessionTypeAllows(session.type, 'redeem_giftcards') && session.amount_in_cents !== null);
  const receptions = new Map<string, PortalCreditReception>();

  const stateOf = (session: FakeSession): PortalSessionState => ({
    uuid: session.uuid,
    type: session.type,
    status: session.status,
    expires_at: session.expires_at,
    settings: session.settings,
    amount_in_cents: session.amount_in_cents,
    shop: shopOf(session.shop),
    account: { name: 'Demo Coffee', brand: BRAND, wording },
    contact: session.contact && session.status === 'open' ? portalContact(session.contact) : null,
    contact_proof: session.status === 'open' ? proofOf(session) : null,
    pos_transaction: session.pos_transaction,
    credit_reception: session.credit_reception ? (receptions.get(session.credit_reception) ?? null) : null,
    giftcard_payment: paysWithGiftcards(session) ? paymentOf(session) : null,
    giftcard_top_ups: sessionTypeAllows(session.type, 'top_up_giftcards') ? session.top_ups : null,
    payment_hold:
      session.hold && session.status === 'open'
        ? {
            amount_in_cents: session.hold.amount_in_cents,
            requested_at: session.hold.requested_at,
            giftcard: session.hold.giftcard
              ? {
                  uuid: session.hold.giftcard,
                  hash_hint: giftcardByUuid(session.hold.giftcard).hash.slice(-4),
                }
              : null,
          }
        : null,
    subscription_types: subscriptionTypes,
    kiosk: KIOSK,
    allowed_origins: [],
    events: session.events,
  });

  const openSession = (type: PortalSessionType, init: SessionInit = {}): string => {
    const uuid = id('session');
    const session: FakeSession = {
      uuid,
      type,
      status: 'open',
      shop: init.shop ?? SHOPS.amsterdam.uuid,
      created_at: iso(now()),
      ended_at: null,
      expires_at: iso(now() + SESSION_TTL_MS),
      settings: { ...DEFAULT_SETTINGS, ...init.settings },
      amount_in_cents: init.amount_in_cents ?? null,
      contact: init.contact ?? null,
      // A customer the POS set is the session's, proven.
      identified_by: 'pos',
      proven: Boolean(init.contact),
      customer_proven: false,
      code_sent: false,
      code_tries: 0,
      pos_transaction: null,
      credit_reception: null,
      payments: [],
      top_ups: [],
      hold: null,
      events: [],
      started_by: init.started_by ?? null,
      staff_name: init.staff_name ?? null,
    };
    sessions.set(uuid, session);
    shopChanged(session);
    return uuid;
  };
  const end = (session: FakeSession, status: 'completed' | 'cancelled', by: 'screen' | 'pos' | 'cashier') => {
    session.status = status;
    session.ended_at = iso(now());
    const payment = paysWithGiftcards(session) ? paymentOf(session) : {};
    record(session, status === 'completed' ? 'session_completed' : 'session_cancelled', {
      status,
      by,
      ...payment,
    });
    shopChanged(session);
    return stateOf(session);
  };

  // ---- the portal API's rules -------------------------------------------------------------------

  /** Sets the customer: a scan proves it is them, an e-mail alone does not (their own, proven, stays so). */
  const identified = (session: FakeSession, contact: string, method: ContactProof['identified_by']) => {
    if (session.identified_by === 'pos' && session.contact && session.contact !== contact)
      throw refusedFor('contact_set_by_pos');
    const proves = method === 'card' || method === 'app_token';
    if (session.contact === contact && proves) {
      // The POS's customer stays the POS's, now proven by themselves too.
      if (session.identified_by !== 'pos') session.identified_by = method;
      session.proven = true;
      session.customer_proven = true;
    } else if (!(session.contact === contact && session.proven)) {
      session.identified_by = method;
      session.proven = proves;
      session.customer_proven = proves;
    }
    session.contact = contact;
    record(session, 'contact_identified', {
      method,
      contact: { uuid: contact, email: portalContact(contact).email_hint },
    });
    return { contact: portalContact(contact), proof: proofOf(session)! };
  };
  const voucherByCode = (code: string) => vouchers.find((v) => v.code === code);
  const UNUSABLE = {
    REDEEMED: 'redeemed',
    EXPIRED: 'expired',
    DEACTIVATED: 'deactivated',
    INACTIVE: 'not_yet_active',
    LOCKED: 'locked',
  } as const;
  /** The voucher as the counter reads it, judged: why it cannot be used (the fake knows no dates but expiry). */
  const publicVoucher = ({ owner, ...voucher }: FakeVoucher): PortalVoucher => ({
    ...voucher,
    unusable:
      voucher.status === 'ACTIVE'
        ? null
        : {
            reason: UNUSABLE[voucher.status],
            date: voucher.status === 'EXPIRED' ? voucher.expiration_date : null,
          },
  });
  const scanned = (value: string): ScannedCode => {
    const card = cards.find((c) => c.value === value);
    if (card)
      return { kind: 'card', state: !card.active ? 'inactive' : card.contact ? 'linked' : 'unlinked' };
    if (appTokens.has(value))
      return { kind: 'app_token', state: appTokens.get(value)!.used ? 'used' : 'usable' };
    if ([...giftcards.values()].some((g) => g.hash === value)) return { kind: 'giftcard' };
    if (receipts.has(value)) return { kind: 'receipt_token' };
    const voucher = voucherByCode(value);
    if (voucher) return { kind: 'voucher', voucher: publicVoucher(voucher) };
    return { kind: 'unknown' };
  };
  /** Receipt codes (a receipt token's URL) by value: their credits, and whether they were collected. */
  const receipts = new Map<string, { credits: number; claimed: boolean }>();
  const appTokens = new Map<string, { contact: string; used: boolean }>();
  const assertMayChangeCustomer = (session: FakeSession) => {
    if (session.credit_reception) throw refusedFor('customer_already_credited');
  };

  const identify = (session: FakeSession, input: IdentifyRequest): IdentifyResult => {
    assertMayChangeCustomer(session);
    if ('email' in input) {
      const contact = [...contacts.values()].find((c) => c.email === input.email);
      if (!contact) return { result: 'unknown_email', email: input.email };
      return { result: 'identified', method: 'email', ...identified(session, contact.uuid, 'email') };
    }
    const code = scanned(input.value);
    if (code.kind === 'card') {
      const card = cards.find((c) => c.value === input.value)!;
      if (!card.active) throw failedWith(60004);
      if (!card.contact) return { result: 'unregistered_card', value: input.value };
      return { result: 'identified', method: 'card', ...identified(session, card.contact, 'card') };
    }
    if (code.kind === 'app_token') {
      const token = appTokens.get(input.value)!;
      if (token.used) throw refusedFor('contact_session_token_used');
      token.used = true;
      return {
        result: 'identified',
        method: 'app_token',
        ...identified(session, token.contact, 'app_token'),
      };
    }
    return { result: 'other_code', code };
  };

  const register = (session: FakeSession, input: RegisterRequest) => {
    if (!session.settings.enable_registration) throw refusedFor('registration_disabled');
    assertMayChangeCustomer(session);
    if ([...contacts.values()].some((c) => c.email === input.email)) throw failedWith(60005);
    const created = contact({ email: input.email, locale: input.locale ?? null });
    if (input.card_value !== undefined) {
      const card = cards.find((c) => c.value === input.card_value);
      if (!card) throw failedWith(1003, 422, ['card_value']);
      if (card.contact) throw failedWith(60014);
      card.contact = created.uuid;
    }
    if (input.subscription_type_ids.some((type) => !subscriptionTypes.some((t) => t.id === type)))
      throw failedWith(55030);
    record(session, 'contact_registered', { contact: { uuid: created.uuid } });
    const { contact: shown } = identified(session, created.uuid, 'registration');
    session.proven = input.card_value !== undefined;
    session.customer_proven = session.proven;
    return { contact: shown };
  };

  /** contacts/verification.ts: a code sent to the customer's address, five tries per session. */
  const sendCode = (session: FakeSession): ContactProof => {
    customerOf(session);
    if (session.code_tries >= 5) throw refusedFor('verification_locked');
    if (!session.customer_proven) session.code_sent = true;
    return proofOf(session)!;
  };
  const verifyCode = (session: FakeSession, code: string): ContactProof => {
    customerOf(session);
    if (session.customer_proven) return proofOf(session)!;
    if (session.code_tries >= 5) throw refusedFor('verification_locked');
    session.code_tries += 1;
    if (!session.code_sent) throw refusedFor('verification_code_expired', ['code']);
    if (code !== CODE) throw refusedFor('verification_code_wrong', ['code']);
    session.proven = true;
    session.customer_proven = true;
    record(session, 'contact_verified', { method: 'code' });
    return proofOf(session)!;
  };

  const nextReward = (balance: number) => {
    const next = rewards
      .filter((r) => r.required_credits > balance && r.stock !== 0)
      .sort((a, b) => a.required_credits - b.required_credits)[0];
    return next
      ? {
          title: next.title,
          required_credits: next.required_credits,
          credits_short: next.required_credits - balance,
        }
      : null;
  };

  const unlockedReward = (before: number, after: number) => {
    const unlocked = rewards
      .filter((r) => r.required_credits > before && r.required_credits <= after && r.stock !== 0)
      .sort((a, b) => b.required_credits - a.required_credits)[0];
    return unlocked ? { title: unlocked.title, required_credits: unlocked.required_credits } : null;
  };

  /** portal-sessions/end-screen.ts creditInSession: once per session, for the pushed purchase or the session's amount. */
  const creditReception = (session: FakeSession): PortalCreditReception => {
    if (session.credit_reception) return receptions.get(session.credit_reception)!;
    const contact = customerOf(session);
    const cents = session.pos_transaction?.amount_in_cents ?? session.amount_in_cents;
    if (cents === null) throw refusedFor('nothing_to_credit');
    const credits = Math.floor((cents / 100) * contact.creditsPerEuro);
    contact.credit_balance += credits;
    contact.visits += 1;
    const reception: PortalCreditReception = {
      uuid: id('reception'),
      credits,
      created_at: iso(now()),
      contact: portalContact(contact.uuid),
      purchase_amount_in_cents: cents,
      next_reward: nextReward(contact.credit_balance),
      unlocked_reward: unlockedReward(contact.credit_balance - credits, contact.credit_balance),
    };
    receptions.set(reception.uuid, reception);
    session.credit_reception = reception.uuid;
    record(session, 'credit_reception', { uuid: reception.uuid, credits });
    return reception;
  };

  const giftcardByUuid = (uuid: string) => {
    const card = giftcards.get(uuid);
    if (!card) throw failedWith(5001);
    return card;
  };
  const portalGiftcard = (card: FakeGiftcard): PortalGiftcard => {
    const room = Math.max(0, card.max_in_cents - card.balance_in_cents);
    return {
      uuid: card.uuid,
      hash_hint: card.hash.slice(-4),
      type: card.type,
      balance_in_cents: card.balance_in_cents,
      expiration_date: card.expired ? '2020-01-01' : null,
      expired: card.expired,
      active: card.active,
      can_top_up: card.active && !card.expired && !(card.type === 'DIGITAL' && card.topped_up) && room > 0,
      max_top_up_in_cents: room,
    };
  };
  /** A card's own refusals, in the service's order: inactive, expired, (empty). */
  const assertUsable = (card: FakeGiftcard) => {
    if (!card.active) throw refusedFor('giftcard_inactive');
    if (card.expired) throw failedWith(5002);
  };

  /** portal-sessions/money.ts redeemGiftcardInSession: min(balance, remaining), one card unless several are allowed. */
  const redeem = (session: FakeSession, giftcardUuid: string) => {
    const before = paymentOf(session);
    if (before.remaining_in_cents === 0) throw refusedFor('nothing_left_to_pay');
    if (!session.settings.allow_multiple_giftcards && before.payments.length > 0)
      throw refusedFor('one_giftcard_only');
    const card = giftcardByUuid(giftcardUuid);
    assertUsable(card);
    if (card.balance_in_cents <= 0) throw failedWith(5003);
    const charge = Math.min(card.balance_in_cents, before.remaining_in_cents);
    card.balance_in_cents -= charge;
    const payment: GiftcardPayment = {
      transaction_uuid: id('giftcard-transaction'),
      giftcard: { uuid: card.uuid, hash_hint: card.hash.slice(-4) },
      amount_in_cents: charge,
      balance_after_in_cents: card.balance_in_cents,
    };
    session.payments.push(payment);
    record(session, 'giftcard_transaction', { uuid: payment.transaction_uuid, amount_in_cents: -charge });
    const after = paymentOf(session);
    return { payment, ...after };
  };

  const assertTypedAmount = (cents: number | undefined) => {
    if (cents !== undefined && cents < KIOSK.min_amount_in_cents)
      throw refusedFor('amount_below_minimum', ['amount_in_cents']);
  };

  const scanGiftcard = (value: string) => {
    const card = [...giftcards.values()].find((g) => g.hash === value);
    if (!card) throw failedWith(5001);
    return { giftcard: portalGiftcard(card) };
  };

  /** portal-sessions/money.ts sessionAmount: the session's amount is the only one; else the typed one, at least the minimum. */
  const amountOf = (session: FakeSession, typed: number | undefined): number => {
    if (session.amount_in_cents !== null) {
      if (typed !== undefined && typed !== session.amount_in_cents)
        throw refusedFor('amount_set_by_session', ['amount_in_cents']);
      return session.amount_in_cents;
    }
    if (typed === undefined) throw failedWith(1003, 422, ['amount_in_cents']);
    assertTypedAmount(typed);
    return typed;
  };
  /** A top-up's money is collected at the till (`payment_due`); a session that holds it waits for Received. */
  const paymentDue = (
    session: FakeSession,
    amount: number,
    giftcard: string | null,
  ): AwaitingPayment | null => {
    if (session.hold) throw refusedFor('payment_awaited');
    const held = session.settings.require_payment_confirmation;
    record(session, 'payment_due', { amount_in_cents: amount, held });
    if (!held) return null;
    session.hold = { amount_in_cents: amount, requested_at: iso(now()), giftcard };
    return { awaiting_payment: { amount_in_cents: amount, requested_at: session.hold.requested_at } };
  };
  const moveTopUp = (session: FakeSession, card: FakeGiftcard, added: number) => {
    card.balance_in_cents += added;
    card.topped_up = true;
    const transaction = id('giftcard-transaction');
    session.top_ups.push({
      transaction_uuid: transaction,
      giftcard: { uuid: card.uuid, hash_hint: card.hash.slice(-4) },
      amount_in_cents: added,
      balance_after_in_cents: card.balance_in_cents,
    });
    record(session, 'giftcard_transaction', { uuid: transaction, amount_in_cents: added });
    return transaction;
  };
  const topUpGiftcard = (session: FakeSession, giftcardUuid: string, typed: number | undefined) => {
    const added = amountOf(session, typed);
    if (!session.settings.allow_multiple_giftcards && session.top_ups.length > 0)
      throw refusedFor('giftcard_top_up_done');
    const card = giftcardByUuid(giftcardUuid);
    assertUsable(card);
    if (card.type === 'DIGITAL' && card.topped_up) throw failedWith(5006);
    if (card.balance_in_cents + added > card.max_in_cents) throw failedWith(5008);
    const awaiting = paymentDue(session, added, card.uuid);
    if (awaiting) return awaiting;
    const transaction = moveTopUp(session, card, added);
    return { giftcard: portalGiftcard(card), transaction_uuid: transaction, amount_in_cents: added };
  };

  /**
   * portal-sessions/money.ts: a prepaid session moves money once; a payment (by a proven customer) charges
   * min(amount, balance); a top-up is collected at the till, and waits for it in a holding session.
   */
  const prepaid = (session: FakeSession, kind: 'pay' | 'top_up', typed: number | undefined) => {
    const contact = kind === 'pay' ? provenCustomerOf(session) : customerOf(session);
    if (session.hold) throw refusedFor('payment_awaited');
    if (session.events.some((e) => e.type === 'prepaid_transaction' || e.type === 'payment_due'))
      throw refusedFor('prepaid_transaction_done');
    const asked = amountOf(session, typed);
    if (kind === 'pay' && contact.prepaid_balance_in_cents <= 0)
      throw refusedFor('prepaid_balance_insufficient', ['amount_in_cents']);
    if (kind === 'top_up') {
      const awaiting = paymentDue(session, asked, null);
      if (awaiting) return awaiting;
    }
    return movePrepaid(
      session,
      contact,
      kind === 'pay' ? -Math.min(asked, contact.prepaid_balance_in_cents) : asked,
      asked,
    );
  };
  const movePrepaid = (session: FakeSession, contact: FakeContact, moved: number, asked: number) => {
    contact.prepaid_balance_in_cents += moved;
    const transaction = id('prepaid-transaction');
    record(session, 'prepaid_transaction', {
      uuid: transaction,
      amount_in_cents: moved,
      prepaid_balance: { balance_in_cents: contact.prepaid_balance_in_cents },
    });
    return {
      transaction_uuid: transaction,
      charged_in_cents: Math.abs(moved),
      unpaid_in_cents: moved < 0 ? asked + moved : 0,
      contact: portalContact(contact.uuid),
    };
  };
  /** The cashier's Received (portal-sessions/money.ts confirmHeldTopUp): the held top-up moves now. */
  const receivePayment = (session: FakeSession) => {
    const hold = session.hold;
    if (!hold) throw refusedFor('no_payment_awaited');
    session.hold = null;
    record(session, 'payment_received', { amount_in_cents: hold.amount_in_cents, by: 'cashier' });
    if (hold.giftcard) moveTopUp(session, giftcardByUuid(hold.giftcard), hold.amount_in_cents);
    else movePrepaid(session, customerOf(session), hold.amount_in_cents, hold.amount_in_cents);
  };

  const activeVouchers = (contact: string) =>
    vouchers.filter((v) => v.owner === contact && v.status === 'ACTIVE').map(publicVoucher);

  /** counter/customer.ts redeemVoucherInSession: the voucher's own refusals first, then someone else's. */
  const redeemVoucher = (session: FakeSession, code: string) => {
    const contact = provenCustomerOf(session);
    const voucher = voucherByCode(code);
    if (!voucher) throw failedWith(80004);
    const refusal = {
      REDEEMED: 80005,
      EXPIRED: 80006,
      DEACTIVATED: 80012,
      INACTIVE: 80014,
      LOCKED: 80017,
    } as const;
    if (voucher.status !== 'ACTIVE') throw failedWith(refusal[voucher.status]);
    if (voucher.owner && voucher.owner !== contact.uuid)
      throw refusedFor('voucher_someone_else').withStatus(403);
    voucher.owner = contact.uuid;
    voucher.status = 'REDEEMED';
    record(session, 'voucher_redeemed', { code: voucher.code, name: voucher.name });
    return { voucher: publicVoucher(voucher) };
  };

  const rewardView = (reward: FakeReward, balance: number): PortalReward => {
    const { stock, ...rest } = reward;
    return {
      ...rest,
      claimable: balance >= reward.required_credits && stock !== 0,
      credits_short: Math.max(0, reward.required_credits - balance),
      out_of_stock: stock === 0,
    };
  };
  const claim = (session: FakeSession, rewardUuid: string) => {
    const contact = provenCustomerOf(session);
    const reward = rewards.find((r) => r.uuid === rewardUuid);
    if (!reward) throw failedWith(6003);
    if (reward.stock === 0) throw failedWith(1018);
    if (contact.credit_balance < reward.required_credits) throw failedWith(1017);
    if (reward.stock !== null) reward.stock -= 1;
    contact.credit_balance -= reward.required_credits;
    record(session, 'reward_reception', { title: reward.title, credits: -reward.required_credits });
    return {
      reward_reception: {
        uuid: id('reward-reception'),
        title: reward.title,
        credits: -reward.required_credits,
        reward_type: reward.reward_type,
        expires_at: null,
        collect_at: reward.reward_type === 'PHYSICAL' ? shopOf(session.shop).name : null,
      },
      contact: portalContact(contact.uuid),
    };
  };

  /** counter/customer.ts claimReceiptInSession: a receipt's credits for the customer, once; no proof needed. */
  const claimReceipt = (session: FakeSession, value: string): PortalCreditReception => {
    const contact = customerOf(session);
    const receipt = receipts.get(value);
    if (!receipt) throw refusedFor('loyalty_token_invalid', ['value']);
    if (receipt.claimed) throw refusedFor('loyalty_token_claimed');
    receipt.claimed = true;
    contact.credit_balance += receipt.credits;
    const reception: PortalCreditReception = {
      uuid: id('reception'),
      credits: receipt.credits,
      created_at: iso(now()),
      contact: portalContact(contact.uuid),
      purchase_amount_in_cents: null,
      next_reward: nextReward(contact.credit_balance),
      unlocked_reward: unlockedReward(contact.credit_balance - receipt.credits, contact.credit_balance),
    };
    record(session, 'receipt_token_claimed', { credit_reception: { uuid: reception.uuid } });
    return reception;
  };
  // ---- the console API --------------------------------------------------------------------------

  const cashierDevice = (): { name: string; shop: string } => {
    const device = paired ? cashierDevices.get(paired) : undefined;
    if (!device) throw refusedFor('device_not_paired');
    return device;
  };
  const staffOfShop = (shop: string) => tillStaff.filter((p) => p.shop === shop);
  const personAtTill = () => {
    const person = tillStaff.find((p) => p.uuid === atTill);
    return person && person.shop === cashierDevice().shop ? person : null;
  };
  const deviceView = (): CashierDevice => {
    const device = cashierDevice();
    const person = personAtTill();
    return {
      name: device.name,
      shop: shopOf(device.shop),
      account: { name: 'Demo Coffee', brand: BRAND, wording },
      session_defaults: { ...DEFAULT_SETTINGS, enable_email_identification: true },
      staff: person ? { uuid: person.uuid, name: person.name } : null,
      staff_required: staffOfShop(device.shop).length > 0,
    };
  };
  /** console/till-staff.ts requirePersonAtTill: a shop with till staff needs a person at the till. */
  const requirePersonAtTill = () => {
    if (!personAtTill() && staffOfShop(cashierDevice().shop).length > 0)
      throw refusedFor('staff_sign_in_required');
  };
  /** console/till-staff.ts signInAtTill: one answer for a wrong passcode and an unknown person; 5 lock. */
  const signInAtTill = (staffUuid: string, passcode: string) => {
    const person = staffOfShop(cashierDevice().shop).find((p) => p.uuid === staffUuid);
    if (person && person.lockedUntil > now())
      throw refusedFor('passcode_locked').withRetryAfter(Math.ceil((person.lockedUntil - now()) / 1000));
    if (!person || person.passcode !== passcode) {
      if (person && ++person.failed >= 5) {
        person.failed = 0;
        person.lockedUntil = now() + 15 * 60_000;
      }
      throw refusedFor('passcode_wrong');
    }
    person.failed = 0;
    atTill = person.uuid;
    return deviceView();
  };
  const shopSession = (uuid: string) => {
    const session = sessions.get(uuid);
    if (!session || session.shop !== cashierDevice().shop) throw refusedFor('portal_session_not_found');
    expireIfDue(session);
    return session;
  };
  const summaryOf = (session: FakeSession): CashierSessionSummary => {
    const data = (type: string) => session.events.filter((e) => e.type === type).map((e) => e.data as Body);
    const identifiedBy = data('contact_identified').at(-1)?.method as CashierSessionSummary['identification'];
    const credits = session.credit_reception ? receptions.get(session.credit_reception)!.credits : null;
    const prepaidMoved = data('prepaid_transaction').reduce((sum, d) => sum + Number(d.amount_in_cents), 0);
    return {
      uuid: session.uuid,
      type: session.type,
      status: session.status,
      created_at: session.created_at,
      ended_at: session.ended_at,
      expires_at: session.expires_at,
      amount_in_cents: session.amount_in_cents,
      purchase_in_cents: session.pos_transaction?.amount_in_cents ?? null,
      waiting_for_purchase:
        session.type === 'credit_reception' &&
        session.contact !== null &&
        !session.credit_reception &&
        !session.pos_transaction &&
        session.amount_in_cents === null,
      started_by: session.started_by ? { name: session.started_by } : null,
      staff_name: session.staff_name,
      contact: session.contact ? cashierContact(session.contact) : null,
      identification: data('contact_registered').length
        ? 'registration'
        : (identifiedBy ?? (session.contact ? 'cashier' : null)),
      credits,
      giftcard_payment: paysWithGiftcards(session) ? paymentOf(session) : null,
      giftcard_top_ups: [],
      prepaid: data('prepaid_transaction').length
        ? { amount_in_cents: prepaidMoved, unpaid_in_cents: null }
        : null,
      vouchers: data('voucher_redeemed').map((d) => ({ code: text(d.code), name: text(d.name) })),
      rewards: data('reward_reception').map((d) => ({
        title: text(d.title),
        credits: Number(d.credits),
      })),
      payment_due: data('payment_due').length
        ? {
            amount_in_cents: data('payment_due').reduce((sum, d) => sum + Number(d.amount_in_cents), 0),
            held: session.hold !== null && session.status === 'open',
          }
        : null,
    };
  };
  const cashierView = (session: FakeSession): CashierSession => ({
    ...summaryOf(session),
    settings: session.settings,
    events: session.events,
  });
  const startSession = (input: StartSessionRequest) => {
    const device = cashierDevice();
    requirePersonAtTill();
    const uuid = openSession(input.type, {
      staff_name: personAtTill()?.name ?? null,
      shop: device.shop,
      amount_in_cents: input.amount_in_cents ?? null,
      contact: input.contact_uuid ?? null,
      started_by: device.name,
      settings: {
        ...(input.scanner_type ? { scanner_type: input.scanner_type } : {}),
        ...(input.enable_email_identification !== undefined
          ? { enable_email_identification: input.enable_email_identification }
          : {}),
        ...(input.allow_multiple_giftcards !== undefined
          ? { allow_multiple_giftcards: input.allow_multiple_giftcards }
          : {}),
        // The console's top-ups wait for its Received.
        // The console's top-ups wait for its Received.
        require_payment_confirmation: holdsTopUps(input.type, 'console'),
      },
    });
    return cashierView(sessions.get(uuid)!);
  };
  const findContact = (query: string): CashierContact => {
    if (query.includes('@')) {
      const contact = [...contacts.values()].find((c) => c.email === query);
      if (!contact) throw failedWith(55031);
      return cashierContact(contact.uuid);
    }
    const card = cards.find((c) => c.value === query);
    if (!card) throw failedWith(60003);
    if (!card.active) throw failedWith(60004);
    if (!card.contact) throw failedWith(55031);
    return cashierContact(card.contact);
  };
  const sendPurchase = (session: FakeSession, amountInCents: number) => {
    forAction(session.uuid, 'credit_reception');
    if (session.credit_reception || session.pos_transaction || session.amount_in_cents !== null)
      throw refusedFor('purchase_already_set');
    deliverPurchase(session, amountInCents);
    return cashierView(session);
  };
  const shopSessionsSince = (since: number) => {
    const shop = cashierDevice().shop;
    return [...sessions.values()]
      .filter((s) => s.shop === shop && Date.parse(s.created_at) >= since)
      .reverse()
      .map((s) => {
        expireIfDue(s);
        return summaryOf(s);
      });
  };

  // ---- routing ----------------------------------------------------------------------------------

  const deliverPurchase = (session: FakeSession, cents: number) => {
    session.pos_transaction = { uuid: id('pos-transaction'), amount_in_cents: cents };
    record(session, 'pos_transaction_pushed', { ...session.pos_transaction });
  };

  /** What the kiosk may call, each route of contract/routes.ts PORTAL_ROUTES answered from the state. */
  const portalRoutes: Routes<PortalRoute> = {
    'GET /sessions/{uuid}': ({ uuid }) => stateOf(sessionOf(uuid)),
    'GET /sessions/{uuid}/stream': STREAM,
    'POST /sessions/{uuid}/identify': ({ uuid }, body) =>
      identify(forAction(uuid, 'identify'), body as IdentifyRequest),
    'POST /sessions/{uuid}/scan-lookup': ({ uuid }, body) =>
      forAction(uuid, 'scan_lookup') && scanned(text(body.value)),
    'POST /sessions/{uuid}/register': ({ uuid }, body) =>
      register(forAction(uuid, 'register'), body as RegisterRequest),
    'POST /sessions/{uuid}/verification/send': ({ uuid }) => sendCode(forAction(uuid, 'verify')),
    'POST /sessions/{uuid}/verification/verify': ({ uuid }, body) =>
      verifyCode(forAction(uuid, 'verify'), text(body.code)),
    'POST /sessions/{uuid}/terms/accept': ({ uuid }) => {
      // contacts/terms.ts acceptTermsInSession: the proven customer's own acceptance, kept once.
      const session = forAction(uuid, 'register');
      const holder = provenCustomerOf(session);
      if (holder.termsPending) {
        holder.termsPending = false;
        record(session, 'terms_accepted', { contact: { uuid: holder.uuid } });
      }
      return { contact: portalContact(holder.uuid) };
    },
    'POST /sessions/{uuid}/credit-reception': ({ uuid }) =>
      creditReception(forAction(uuid, 'credit_reception')),
    'POST /sessions/{uuid}/complete': ({ uuid }) => end(forAction(uuid, 'end'), 'completed', 'screen'),
    'POST /sessions/{uuid}/cancel': ({ uuid }) => end(forAction(uuid, 'end'), 'cancelled', 'screen'),
    'POST /sessions/{uuid}/giftcards/scan': ({ uuid }, body) =>
      forAction(uuid, 'giftcard_scan') && scanGiftcard(text(body.value)),
    'POST /sessions/{uuid}/giftcards/redeem': ({ uuid }, body) =>
      redeem(forAction(uuid, 'redeem_giftcards'), text(body.giftcard_uuid)),
    'POST /sessions/{uuid}/giftcards/top-up': ({ uuid }, body) =>
      topUpGiftcard(forAction(uuid, 'top_up_giftcards'), text(body.giftcard_uuid), cents(body)),
    'POST /sessions/{uuid}/prepaid/pay': ({ uuid }, body) =>
      prepaid(forAction(uuid, 'pay_prepaid'), 'pay', cents(body)),
    'POST /sessions/{uuid}/prepaid/top-up': ({ uuid }, body) =>
      prepaid(forAction(uuid, 'top_up_prepaid'), 'top_up', cents(body)),
    'GET /sessions/{uuid}/vouchers': ({ uuid }) =>
      activeVouchers(provenCustomerOf(forAction(uuid, 'voucher_list')).uuid),
    'POST /sessions/{uuid}/vouchers/redeem': ({ uuid }, body) =>
      redeemVoucher(forAction(uuid, 'voucher_redeem'), text(body.code)),
    'GET /sessions/{uuid}/rewards': ({ uuid }) => {
      const balance = customerOf(forAction(uuid, 'customer_portal')).credit_balance;
      return rewards.map((reward) => rewardView(reward, balance));
    },
    'POST /sessions/{uuid}/rewards/claim': ({ uuid }, body) =>
      claim(forAction(uuid, 'customer_portal'), text(body.reward_uuid)),
    'POST /sessions/{uuid}/receipt-tokens/claim': ({ uuid }, body) =>
      claimReceipt(forAction(uuid, 'customer_portal'), text(body.value)),
    // A one-time link to /me/ for a customer who proved it themselves (5 minutes); nothing of them in it.
    'POST /sessions/{uuid}/me-link': ({ uuid }) =>
      selfProvenCustomerOf(forAction(uuid, 'customer_portal')) && {
        url: `http://kiosk.test/me/?token=${id('link')}`,
        expires_at: iso(now() + 300_000),
      },
    'GET /sessions/{uuid}/stats': ({ uuid }) => {
      const { visits, credit_balance } = provenCustomerOf(forAction(uuid, 'customer_portal'));
      return { visits, last_visit_at: null, total_credits_earned: credit_balance };
    },
    'POST /devices/pair': (_, body) => {
      const found = takePairingCode('tablet', text(body.code));
      const token = id('tablet-token');
      if (found.kind === 'tablet') devices.set(token, found.shop);
      return { token };
    },
    'GET /devices/{token}': ({ token }) => {
      const state = deviceState(token);
      if (!state) throw refusedFor('device_not_found');
      return state;
    },
    'GET /devices/{token}/stream': STREAM,
  };

  /** What the console may call (paired device `cashierDevice()`): contract/routes.ts CASHIER_ROUTES. */
  const cashierRoutes: Routes<CashierRoute> = {
    'POST /pair': (_, body) => {
      if (body.code !== undefined) {
        const found = takePairingCode('console', text(body.code));
        paired = found.kind === 'console' ? found.device : null;
        return deviceView();
      }
      if (!cashierDevices.has(text(body.token))) throw refusedFor('device_not_paired');
      paired = text(body.token);
      return deviceView();
    },
    'POST /unpair': () => {
      paired = null;
      atTill = null;
      return { paired: false };
    },
    'GET /device': () => deviceView(),
    'GET /staff': () => staffOfShop(cashierDevice().shop).map(({ uuid, name }) => ({ uuid, name })),
    'POST /staff/sign-in': (_, body) => signInAtTill(text(body.staff_uuid), text(body.passcode)),
    'POST /staff/sign-out': () => {
      cashierDevice();
      atTill = null;
      return deviceView();
    },
    'GET /stream': STREAM,
    'POST /contacts/find': (_, body) => cashierDevice() && findContact(text(body.query)),
    'GET /sessions': (_, __, query) =>
      shopSessionsSince(Date.parse(query.get('since') ?? '1970-01-01T00:00:00Z')),
    'POST /sessions': (_, body) => startSession(body as StartSessionRequest),
    'GET /sessions/{uuid}': ({ uuid }) => cashierView(shopSession(uuid)),
    'GET /sessions/{uuid}/stream': STREAM,
    'POST /sessions/{uuid}/cancel': ({ uuid }) => {
      requirePersonAtTill();
      const session = shopSession(uuid);
      return end(forAction(uuid, 'end'), 'cancelled', 'cashier') && cashierView(session);
    },
    'POST /sessions/{uuid}/purchase': ({ uuid }, body) => {
      requirePersonAtTill();
      return sendPurchase(shopSession(uuid), cents(body) ?? 0);
    },
    'POST /sessions/{uuid}/payment-received': ({ uuid }) => {
      requirePersonAtTill();
      const session = shopSession(uuid);
      receivePayment(forAction(uuid, 'confirm_payment'));
      return cashierView(session);
    },
  };

  const table = [
    ...routeTable(PORTAL_API_BASE, PORTAL_ROUTES, portalRoutes),
    ...routeTable(CASHIER_API_BASE, CASHIER_ROUTES, cashierRoutes),
  ];
  /** Requests to a path no route of the contract has: the flow test fails on any (flow-tests.tsx). */
  const strays: string[] = [];
  /** The route of `method` and `pathname` in the contract, with its parameters; a stray when none. */
  const routeOf = (method: string, pathname: string) => {
    const found = matchRoute(table, method, pathname);
    if (found) return { entry: found.entry, params: { uuid: '', token: '', ...found.params } };
    strays.push(`${method} ${pathname}`);
    return null;
  };

  /** One request's answer (status, body) from the state. */
  const route = (method: string, pathname: string, body: Body, query: URLSearchParams): Answer => {
    const found = routeOf(method, pathname);
    if (!found) throw failedWith(1003, 404);
    const { entry, params } = found;
    // Pages open event streams with EventSource (FakeEventSource), never with fetch.
    if (entry.handler === STREAM) {
      strays.push(`${method} ${pathname} (an event stream, fetched)`);
      throw failedWith(1003, 404);
    }
    return {
      status: entry.route === `POST ${CASHIER_API_BASE}/sessions` ? 201 : 200,
      body: { data: entry.handler(params, body, query), meta: {} },
    };
  };

  /** Runs one request against the state: its answer, with Idempotency-Key replay (http/idempotency.ts). */
  const handle = (method: string, url: string, body: Json, key: string | undefined): Answer => {
    const { pathname, searchParams } = new URL(url, 'http://kiosk.test');
    const scope = `${method} ${pathname}`;
    if (key) {
      const first = idempotency.get(`${scope} ${key}`);
      if (first) {
        if (first.request === JSON.stringify(body ?? {})) return first.answer;
        const refusal = refusedFor('idempotency_key_reused');
        return { status: refusal.status, body: refusal.body };
      }
    }
    let answer: Answer;
    try {
      answer = route(method, pathname, (body ?? {}) as Body, searchParams);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      answer = { status: error.status, body: error.body, retryAfterSeconds: error.retryAfterSeconds };
    }
    if (key) idempotency.set(`${scope} ${key}`, { request: JSON.stringify(body ?? {}), answer });
    return answer;
  };

  /** The first rule of `list` left for a request (`match`: a part of its path, after its method if given). */
  const take = <T extends { match: Match; times: number }>(list: T[], method: string, path: string) => {
    const rule = list.find(({ match, times }) => {
      const [verb, part] = match.includes(' ') ? match.split(' ') : [method, match];
      return times > 0 && verb === method && path.includes(part!);
    });
    if (rule) rule.times -= 1;
    return rule;
  };

  /** The `fetch` the pages call: through the test's network to `handle`. */
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Json) : undefined;
    const path = new URL(url, 'http://kiosk.test').pathname;
    requests.push({ method, path, body, idempotencyKey: headers.get('idempotency-key') ?? undefined });
    const noAnswer = () => new TypeError('Failed to fetch');
    if (network.offline) throw noAnswer();
    const held = network.held.find((h) => path.includes(h.match));
    if (held) {
      await gateOpens(held.gate, init.signal);
      if (network.offline) throw noAnswer();
    }
    const failure = take(network.fail, method, path);
    const answer = failure
      ? {
          status: failure.refusal.status,
          body: failure.refusal.body,
          retryAfterSeconds: failure.refusal.retryAfterSeconds,
        }
      : handle(method, url, body, headers.get('idempotency-key') ?? undefined);
    if (take(network.lose, method, path)) throw noAnswer();
    const late = network.heldAnswers.find((h) => path.includes(h.match));
    if (late) await gateOpens(late.gate, init.signal);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: {
        'content-type': 'application/json',
        ...(answer.retryAfterSeconds ? { 'retry-after': String(answer.retryAfterSeconds) } : {}),
      },
    });
  };

  // ---- the test's side --------------------------------------------------------------------------

  function contact(init: Partial<FakeContact> & { email: string }): FakeContact {
    const created: FakeContact = {
      uuid: id('contact'),
      firstname: null,
      lastname: null,
      locale: 'en',
      tier: null,
      credit_balance: 0,
      prepaid_balance_in_cents: 0,
      creditsPerEuro: 1,
      visits: 0,
      ...init,
    };
    contacts.set(created.uuid, created);
    return created;
  }
  function card(value: string, holder: string | null, { active = true } = {}): FakeCard {
    const created = { id: nextId++, value, contact: holder, active };
    cards.push(created);
    return created;
  }

  return {
    fetch,
    EventSource: FakeEventSource as unknown as typeof EventSource,
    /** Every request that reached the network, in order (answered or not). */
    requests,
    /** The routes the fake answers, `METHOD /base/path/{param}`: contract/routes.ts's, no other. */
    routes: table.map((entry) => entry.route),
    /**
     * Requests (and event streams) to a path of no route of the contract: a page calling what the
     * service does not serve. setUpFlowTests fails a test that made any.
     */
    strays,
    /** The requests to paths containing `match` (and of `method`, when given). */
    calls: (match: string, method?: string) =>
      requests.filter((r) => r.path.includes(match) && (!method || r.method === method)),

    contact,
    card,
    /**
     * A person who may work the till of `shop` (default Amsterdam) with `passcode`: that shop's
     * consoles then need someone signed in for every change.
     */
    tillPerson(name: string, passcode: string, shop: string = SHOPS.amsterdam.uuid): FakeTillPerson {
      const person = { uuid: id('staff'), name, passcode, shop, failed: 0, lockedUntil: 0 };
      tillStaff.push(person);
      return person;
    },
    /** Removes a person (the office did): their till sign-in ends at the next call. */
    removeTillPerson(uuid: string): void {
      tillStaff.splice(
        tillStaff.findIndex((p) => p.uuid === uuid),
        1,
      );
    },
    /** Sets how the account words things (je/u, its credit name and decimals, translations). */
    setWording(change: Partial<AccountWording>) {
      wording = { ...wording, ...change };
    },
    /** A customer with a loyalty card (`card`, default `CARD-<n>`): the common start of a flow. */
    customer(init: Partial<FakeContact> & { email?: string; card?: string } = {}) {
      const { card: value, ...rest } = init;
      const created = contact({ email: `customer${nextId}@example.com`, ...rest });
      return Object.assign(created, { card: card(value ?? `CARD-${nextId}`, created.uuid).value });
    },
    appToken: (value: string, holder: string) => void appTokens.set(value, { contact: holder, used: false }),
    /** A receipt worth `credits`, as its QR code reads (a receipt token's URL). */
    receipt(credits: number): string {
      const value = `http://kiosk.test/l?version=v1&shop_id=1&credits=${credits}&unique_id=${id('R')}&timestamp=1&hash=${'0'.repeat(64)}`;
      receipts.set(value, { credits, claimed: false });
      return value;
    },
    giftcard(init: Partial<FakeGiftcard> & { hash: string }): FakeGiftcard {
      const created: FakeGiftcard = {
        uuid: id('giftcard'),
        type: 'PHYSICAL',
        balance_in_cents: 0,
        expired: false,
        active: true,
        max_in_cents: 50_000,
        topped_up: false,
        ...init,
      };
      giftcards.set(created.uuid, created);
      return created;
    },
    voucher(init: Partial<FakeVoucher> & { code: string; name: string }): FakeVoucher {
      const created: FakeVoucher = {
        uuid: id('voucher'),
        description: null,
        expiration_date: null,
        status: 'ACTIVE',
        media: null,
        owner: null,
        ...init,
      };
      vouchers.push(created);
      return created;
    },
    reward(init: Partial<FakeReward> & { title: string; required_credits: number }): FakeReward {
      const created: FakeReward = {
        uuid: id('reward'),
        description: null,
        reward_type: 'PHYSICAL',
        media: null,
        stock: null,
        ...init,
      };
      rewards.push(created);
      return created;
    },
    /** A standby screen's pairing token for `shop`. */
    device: (token: string, shop: string) => void devices.set(token, shop),
    /** The office shows pairing code `code` (`ABCD-EFGH`) for a new tablet of `shop`. */
    tabletCode: (code: string, shop: string) => void pairingCodes.set(codeOf(code), { kind: 'tablet', shop }),
    /** The office shows pairing code `code` for the console `device` (a name of the fake's consoles). */
    consoleCode: (code: string, device: string) =>
      void pairingCodes.set(codeOf(code), { kind: 'console', device }),
    /** The office revokes the standby screen of `token`. */
    revokeDevice: (token: string) => void devices.delete(token),

    openSession,
    /** The session as the fake holds it now. */
    session: (uuid: string) => {
      const session = sessions.get(uuid);
      if (!session) throw new Error(`no session ${uuid}`);
      return session;
    },
    /** The types of the session's events, oldest first. */
    eventTypes: (uuid: string) => sessions.get(uuid)?.events.map((e) => e.type) ?? [],
    /** The POS pushes a purchase to the session (a POS transaction, as POST /pos-transactions/{uuid}/push). */
    pushPurchase: (uuid: string, cents: number) => deliverPurchase(sessions.get(uuid)!, cents),
    /** The POS ends the session (POST /portal-sessions/{uuid}/cancel of the public API). */
    cancelAsPos: (uuid: string) => {
      end(sessions.get(uuid)!, 'cancelled', 'pos');
    },
    /** A request of another screen or of the POS, answered as the kiosk's would be, past the test's network. */
    call: (method: 'GET' | 'POST', path: string, body?: Json, key?: string) =>
      handle(method, path, body, key),

    /** Cuts the network (true: no request gets an answer, every stream drops) or brings it back. */
    set offline(value: boolean) {
      network.offline = value;
      for (const stream of streams) value ? stream.drop() : setTimeout(() => stream.connect(), 0);
    },
    get offline() {
      return network.offline;
    },
    /** The live streams drop and stay down (requests still get their answers), or come back. */
    set streamsDown(value: boolean) {
      network.streamsDown = value;
      for (const stream of streams) value ? stream.drop() : setTimeout(() => stream.connect(), 0);
    },
    /** The next `times` requests to `match` are handled, and their answers lost on the way back. */
    loseAnswers: (match: Match, times = 1) => void network.lose.push({ match, times }),
    /**
     * The next `times` requests to `match` are answered with `refusal` instead, untouched by the
     * server; answers the function that ends this sooner.
     */
    answerNext(match: Match, refusal: Refusal, times = 1): () => void {
      const rule = { match, refusal, times };
      network.fail.push(rule);
      return () => {
        rule.times = 0;
      };
    },
    /** Holds requests to `match` until the returned release (or their caller gives up). */
    hold: (match: Match): (() => void) => holdUntilRelease(network.held, match),
    /**
     * Answers requests to `match` at once but holds their answers on the way back until the
     * returned release: an answer that arrives after later news.
     */
    holdAnswers: (match: Match): (() => void) => holdUntilRelease(network.heldAnswers, match),
  };
}

export type FakePortalApi = ReturnType<typeof createFakePortalApi>;

/** Resolves when `gate` opens; rejects as fetch does when `signal` aborts first. */
function gateOpens(gate: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    void gate.then(resolve);
  });
}

/** Adds a hold on `match` to `rules`; answers the function that lifts it and lets the held go. */
function holdUntilRelease(rules: { match: Match; gate: Promise<void> }[], match: Match): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const rule = { match, gate };
  rules.push(rule);
  return () => {
    rules.splice(rules.indexOf(rule), 1);
    release();
  };
}
