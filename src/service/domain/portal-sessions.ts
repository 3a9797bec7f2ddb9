import type { Selectable } from 'kysely';
import type { ErrorReason } from '../../contract/errors';
import type {
  KioskEditableField,
  PortalContact,
  PortalCreditReception,
  PortalEvent,
  PortalSessionState,
  PortalSessionType,
  PortalSettings,
} from '../../contract/portal';
import type {
  CreatedPortalSession,
  CreatePortalSessionInput,
  PortalSession,
} from '../../contract/public/portal-sessions';
import type { DialectName } from '../db/database';
import type { Db, PortalSessionTable } from '../db/schema';
import type { Tx } from '../db/transaction';
import type { Actor } from './actor';
import { brandKitFrom } from './brand-kit';
import { contactById, contactByUuid } from './contacts';
import { refusal, ServiceError } from './errors';
import { giftcardPaymentState } from './portal-payments';
import { type PosTransactionRow, posTransactionByUuid } from './pos-transactions';
import { lockByUuid } from './row-lock';
import { resolveShop, shopById, shopRef } from './shops';
import { fromCenti, isoTimestamp, jsonObject, newUuid } from './values';

/** A portal session row as stored (`settings` JSON text, money in cents). */
export type PortalSessionRow = Selectable<PortalSessionTable>;

/**
 * A call refused by the state of a portal session: error 1003 with the reason's HTTP status —
 * 404 not found, 410 expired, 409 ended or out of order, 403 not allowed in the session's type.
 */
export function sessionRefusal(reason: ErrorReason, en: string, nl: string): ServiceError {
  return refusal(reason, { en, nl });
}

/** Refusals with fixed wording. */
export const REFUSALS = {
  notFound: () =>
    sessionRefusal('portal_session_not_found', 'Portal session not found', 'Portaalsessie niet gevonden'),
  expired: () =>
    sessionRefusal('portal_session_expired', 'Portal session has expired', 'Portaalsessie is verlopen'),
  ended: () =>
    sessionRefusal('portal_session_ended', 'Portal session has ended', 'Portaalsessie is beëindigd'),
  notAllowed: () =>
    sessionRefusal('not_allowed_in_session', 'Not allowed in this session', 'Niet toegestaan in deze sessie'),
} as const;

/**
 * What a portal call does; each session type allows some of them (DESIGN.md "Kiosk flows"). The
 * money actions are named as the session types they belong to.
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
  | 'end';

const IDENTIFYING_TYPES: PortalSessionType[] = [
  'identify',
  'credit_reception',
  'pay_prepaid',
  'top_up_prepaid',
  'vouchers',
];

const ALLOWED: Record<Exclude<PortalAction, 'end'>, PortalSessionType[]> = {
  identify: IDENTIFYING_TYPES,
  register: IDENTIFYING_TYPES,
  credit_reception: ['credit_reception'],
  giftcard_scan: ['redeem_giftcards', 'top_up_giftcards'],
  redeem_giftcards: ['redeem_giftcards'],
  top_up_giftcards: ['top_up_giftcards'],
  pay_prepaid: ['pay_prepaid'],
  top_up_prepaid: ['top_up_prepaid'],
  voucher_list: ['vouchers', 'identify'],
  voucher_redeem: ['vouchers', 'identify'],
  customer_portal: ['identify'],
  scan_lookup: [...IDENTIFYING_TYPES, 'redeem_giftcards', 'top_up_giftcards'],
};

function allows(type: PortalSessionType, action: PortalAction): boolean {
  return action === 'end' || ALLOWED[action].includes(type);
}

/** Settings of sessions created without any (end-screen sessions opened by a push). */
export const DEFAULT_SETTINGS: PortalSettings = {
  scanner_type: 'camera',
  enable_email_identification: false,
  enable_registration: false,
  enable_on_screen_keyboard: false,
  camera_service: 3,
  facing_mode: 'user',
  primary_identification_method: 'identifier',
  allow_multiple_giftcards: true,
};

/** The topic of a shop's session changes (standby screens listen to it). */
export const shopTopic = (shopId: number) => `shop:${shopId}`;
/** The topic of one session's events. */
export const sessionTopic = (uuid: string) => `portal-session:${uuid}`;

/** Where portal session urls point and how long sessions live (from the configuration). */
export interface SessionOptions {
  portalUrl: string;
  ttlMinutes: number;
}

/**
 * Inserts an open session of `type` for a shop, expiring `ttlMinutes` from now, and tells the
 * shop's standby screens. Shared by the create calls and end-screen pushes.
 */
export async function insertSession(
  tx: Tx,
  input: {
    type: PortalSessionType;
    shopId: number;
    contactId: number | null;
    settings: PortalSettings;
    amountInCents: number | null;
    posTransactionId: number | null;
    creditReceptionId: number | null;
  },
  ttlMinutes: number,
): Promise<PortalSessionRow> {
  const row = await tx.db
    .insertInto('portal_sessions')
    .values({
      uuid: newUuid(),
      type: input.type,
      shop_id: input.shopId,
      contact_id: input.contactId,
      settings: JSON.stringify(input.settings),
      amount_in_cents: input.amountInCents,
      pos_transaction_id: input.posTransactionId,
      credit_reception_id: input.creditReceptionId,
      status: 'open',
      expires_at: isoTimestamp(new Date(tx.now.getTime() + ttlMinutes * 60_000)),
      created_at: isoTimestamp(tx.now),
      ended_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  tx.publish(shopTopic(row.shop_id), { session: row.uuid, status: row.status });
  return row;
}

/**
 * Creates a portal session of `type` (spec "Portal sessions (A)": the seven POST variants) with
 * the creation settings, defaults applied. A key bound to a shop creates only for its shop.
 * `pos_transaction_uuid` (extension, credit_reception) puts a POS transaction in the session.
 * @returns spec "Portal Session" with `events: []`.
 * @throws ServiceError 1008 unknown or foreign shop, 55031 unknown contact, 1027 unknown POS
 *   transaction, 6001 POS transaction already linked to a credit reception.
 */
export async function createPortalSession(
  tx: Tx,
  actor: Actor,
  type: PortalSessionType,
  input: CreatePortalSessionInput,
  options: SessionOptions,
): Promise<CreatedPortalSession> {
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  const contact = input.contact_uuid ? await contactByUuid(tx.db, input.contact_uuid) : undefined;
  const pos = input.pos_transaction_uuid
    ? await unlinkedPosTransaction(tx.db, input.pos_transaction_uuid, shop.id)
    : undefined;
  const row = await insertSession(
    tx,
    {
      type,
      shopId: shop.id,
      contactId: contact?.id ?? null,
      settings: {
        scanner_type: input.scanner_type,
        enable_email_identification: input.enable_email_identification,
        enable_registration: input.enable_registration,
        enable_on_screen_keyboard: input.enable_on_screen_keyboard,
        camera_service: input.camera_service,
        facing_mode: input.facing_mode,
        primary_identification_method: input.primary_identification_method,
        allow_multiple_giftcards: input.allow_multiple_giftcards ?? true,
      },
      amountInCents: input.amount_in_cents ?? null,
      posTransactionId: pos?.id ?? null,
      creditReceptionId: null,
    },
    options.ttlMinutes,
  );
  return {
    uuid: row.uuid,
    url: sessionUrl(options.portalUrl, row.uuid),
    contact: contact ? { uuid: contact.uuid } : null,
    shop: shopRef(shop),
    events: [],
    created_at: row.created_at,
  };
}

/**
 * A POS transaction that no credit reception uses yet, of shop `shopId` when given (another
 * shop's transaction counts as unknown).
 * @throws ServiceError 1027 unknown, 6001 already linked to a credit reception.
 */
export async function unlinkedPosTransaction(
  db: Db,
  uuid: string,
  shopId: number | null,
): Promise<PosTransactionRow> {
  const pos = await posTransactionByUuid(db, uuid);
  if (shopId !== null && pos.shop_id !== shopId) throw new ServiceError(1027);
  const linked = await db
    .selectFrom('credit_receptions')
    .select('id')
    .where('pos_transaction_id', '=', pos.id)
    .executeTakeFirst();
  if (linked) throw new ServiceError(6001);
  return pos;
}

/** `{portalUrl}?uuid={uuid}`: the address that opens the kiosk on a session. */
export function sessionUrl(portalUrl: string, uuid: string): string {
  const url = new URL(portalUrl);
  url.searchParams.set('uuid', uuid);
  return url.toString();
}

/** A session by uuid. @throws ServiceError 1003 (HTTP 404) when there is none. */
export async function portalSessionByUuid(db: Db, uuid: string): Promise<PortalSessionRow> {
  const row = await db.selectFrom('portal_sessions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw REFUSALS.notFound();
  return row;
}

/** Spec "Portal Session" as the get call shows it (no `events`). */
export async function portalSessionView(
  db: Db,
  row: PortalSessionRow,
  portalUrl: string,
): Promise<PortalSession> {
  const [shop, contact] = await Promise.all([
    shopById(db, row.shop_id),
    row.contact_id === null ? undefined : contactById(db, row.contact_id),
  ]);
  return {
    uuid: row.uuid,
    url: sessionUrl(portalUrl, row.uuid),
    contact: contact ? { uuid: contact.uuid } : null,
    shop: shopRef(shop),
    created_at: row.created_at,
  };
}

/** The stored settings of a session, with defaults for keys it lacks. */
export function sessionSettings(row: PortalSessionRow): PortalSettings {
  return { ...DEFAULT_SETTINGS, ...(jsonObject(row.settings) as Partial<PortalSettings>) };
}

/**
 * Appends an event `{uuid, type, created_at, data}` to a session and publishes it on the
 * session's topic (delivered to streams after commit).
 */
export async function recordEvent(
  tx: Tx,
  session: PortalSessionRow,
  type: string,
  data: unknown,
): Promise<PortalEvent> {
  const event: PortalEvent = { uuid: newUuid(), type, created_at: isoTimestamp(tx.now), data };
  // Under the session's row lock, a session's event ids follow commit order: a stream that has
  // read up to an id never misses a smaller one committed later.
  await tx.lock('portal_sessions', session.id);
  await tx.db
    .insertInto('portal_session_events')
    .values({
      uuid: event.uuid,
      portal_session_id: session.id,
      type,
      data: JSON.stringify(data ?? null),
      created_at: event.created_at,
    })
    .execute();
  // Only a wake-up: streams read the event from the table (sessionEventsAfter).
  tx.publish(sessionTopic(session.uuid), { event: event.uuid });
  return event;
}

/** The events of a session, oldest first. */
export async function sessionEvents(db: Db, sessionId: number): Promise<PortalEvent[]> {
  return (await sessionEventsAfter(db, sessionId, 0)).map((r) => r.event);
}

/**
 * The events of a session stored after the one with row id `afterId` (0: all), oldest first, each
 * with its row id (the position an event stream has delivered up to).
 */
export async function sessionEventsAfter(
  db: Db,
  sessionId: number,
  afterId: number,
): Promise<{ id: number; event: PortalEvent }[]> {
  const rows = await db
    .selectFrom('portal_session_events')
    .select(['id', 'uuid', 'type', 'created_at', 'data'])
    .where('portal_session_id', '=', sessionId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    event: { uuid: r.uuid, type: r.type, created_at: r.created_at, data: JSON.parse(r.data) },
  }));
}

/**
 * The row id of a session's event by its uuid (a stream's `Last-Event-ID`), 0 when the session has
 * no such event (the stream then starts from the first).
 */
export async function sessionEventPosition(db: Db, sessionId: number, uuid: string): Promise<number> {
  const row = await db
    .selectFrom('portal_session_events')
    .select('id')
    .where('portal_session_id', '=', sessionId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/**
 * Loads a session and, when it is open past its expiry, marks it expired (recording
 * `session_expired` once and telling the shop's standby screens). Run in its own transaction
 * before an action, so the mark stays even when the action is then refused.
 * @throws ServiceError 1003 (HTTP 404) when there is none.
 */
export async function loadSession(tx: Tx, uuid: string): Promise<PortalSessionRow> {
  const row = await portalSessionByUuid(tx.db, uuid);
  if (row.status !== 'open' || row.expires_at > isoTimestamp(tx.now)) return row;
  const [expired] = await markExpired(tx, [row.id]);
  return expired ?? portalSessionByUuid(tx.db, uuid);
}

/**
 * Expires up to `limit` open sessions past their expiry (the background job of
 * session-expiry.ts, README "Session expiry"); answers how many. Safe with any number of
 * processes: on PostgreSQL each takes the due rows no other holds (`SKIP LOCKED`), and the
 * conditional update expires a session once whoever else (a kiosk load) gets there too.
 */
export async function expireDueSessions(tx: Tx, dialect: DialectName, limit: number): Promise<number> {
  let due = tx.db
    .selectFrom('portal_sessions')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', isoTimestamp(tx.now))
    .orderBy('expires_at')
    .limit(limit);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const ids = (await due.execute()).map((r) => r.id);
  return ids.length === 0 ? 0 : (await markExpired(tx, ids)).length;
}

// Open → expired (ended at its expiry), with `session_expired` recorded and the shop's standby
// screens told, for those of `ids` still open; the status condition makes it happen once.
async function markExpired(tx: Tx, ids: number[]): Promise<PortalSessionRow[]> {
  const expired = await tx.db
    .updateTable('portal_sessions')
    .set((eb) => ({ status: 'expired', ended_at: eb.ref('expires_at') }))
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .returningAll()
    .execute();
  for (const row of expired) {
    await recordEvent(tx, row, 'session_expired', { expired_at: row.expires_at });
    tx.publish(shopTopic(row.shop_id), { session: row.uuid, status: 'expired' });
  }
  return expired;
}

/**
 * A session that may do `action` now: open, not expired, and of a type that allows it.
 * @throws ServiceError 1003 with HTTP 404 not found, 410 expired, 409 ended, 403 not allowed.
 */
export async function sessionForAction(
  tx: Tx,
  uuid: string,
  action: PortalAction,
): Promise<PortalSessionRow> {
  // One action of a session at a time, across processes: the second sees what the first did.
  const row = await lockByUuid(tx, 'portal_sessions', uuid, portalSessionByUuid);
  if (row.status === 'expired' || (row.status === 'open' && row.expires_at <= isoTimestamp(tx.now))) {
    throw REFUSALS.expired();
  }
  if (row.status !== 'open') throw REFUSALS.ended();
  if (!allows(row.type, action)) throw REFUSALS.notAllowed();
  return row;
}

/**
 * Ends an open session as completed or cancelled (`ended_at` now), records `session_completed` /
 * `session_cancelled` (data `{status}`; a redeem_giftcards session adds `paid_in_cents`,
 * `remaining_in_cents` and `payments`) and tells the shop's standby screens.
 */
export async function endSession(
  tx: Tx,
  row: PortalSessionRow,
  status: 'completed' | 'cancelled',
): Promise<PortalSessionRow> {
  const ended = await tx.db
    .updateTable('portal_sessions')
    .set({ status, ended_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (!ended) throw REFUSALS.ended();
  // A gift-card payment session tells the POS what was paid, and what is left to pay at the till.
  const payment = await giftcardPaymentState(tx.db, ended);
  await recordEvent(tx, ended, status === 'completed' ? 'session_completed' : 'session_cancelled', {
    status,
    ...payment,
  });
  tx.publish(shopTopic(row.shop_id), { session: row.uuid, status });
  return ended;
}

/**
 * The id of the session's identified customer, for calls that act for them.
 * @throws ServiceError 1003 (HTTP 409) "Identify the customer first" when there is none.
 */
export function requireContact(session: PortalSessionRow): number {
  if (session.contact_id === null) {
    throw sessionRefusal(
      'customer_not_identified',
      'Identify the customer first',
      'Identificeer eerst de klant',
    );
  }
  return session.contact_id;
}

/** Who acts for a session in the domain's write calls: the shop's register, as a key bound to it. */
export function sessionActor(session: PortalSessionRow): Actor {
  return { kind: 'api_key', shopId: session.shop_id };
}

/** Sets the session's identified contact. */
export async function setSessionContact(
  tx: Tx,
  row: PortalSessionRow,
  contactId: number,
): Promise<PortalSessionRow> {
  await tx.db
    .updateTable('portal_sessions')
    .set({ contact_id: contactId })
    .where('id', '=', row.id)
    .execute();
  return { ...row, contact_id: contactId };
}

/**
 * The identified customer as the kiosk shows them: names, locale, tier name, credit balance
 * (credits, a number) and prepaid balance (cents).
 */
export async function portalContact(db: Db, contactId: number): Promise<PortalContact> {
  const row = await db
    .selectFrom('contacts')
    .leftJoin('tiers', 'tiers.id', 'contacts.tier_id')
    .select([
      'contacts.uuid',
      'contacts.email',
      'contacts.firstname',
      'contacts.lastname',
      'contacts.locale',
      'contacts.credit_balance_centi',
      'contacts.prepaid_balance_in_cents',
      'tiers.name as tier_name',
    ])
    .where('contacts.id', '=', contactId)
    .executeTakeFirstOrThrow();
  return {
    uuid: row.uuid,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    locale: row.locale,
    tier: row.tier_name ? { name: row.tier_name } : null,
    credit_balance: fromCenti(Number(row.credit_balance_centi)),
    prepaid_balance_in_cents: Number(row.prepaid_balance_in_cents),
  };
}

/** The account's name and brand kit and its kiosk settings (contract/portal.ts `kiosk`). */
export async function accountLook(db: Db) {
  const account = await db.selectFrom('account').select(['name', 'brand', 'settings']).executeTakeFirst();
  const settings = jsonObject(account?.settings ?? null);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  // A positive whole number (seconds, cents), else the default.
  const positive = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
  return {
    account: {
      name: account?.name ?? '',
      brand: brandKitFrom(account?.brand ?? null),
    },
    kiosk: {
      idle_seconds: positive(settings.idle_seconds, 60),
      end_screen_seconds: positive(settings.end_screen_seconds, 8),
      min_amount_in_cents: positive(settings.min_amount_in_cents, 100),
      terms_url: text(settings.terms_url),
      privacy_url: text(settings.privacy_url),
      // Validated when the fixture loads.
      editable_contact_fields: (settings.editable_contact_fields ?? []) as KioskEditableField[],
    },
  };
}

/**
 * The kiosk's view of a session (contract/portal.ts PortalSessionState): settings, shop, account
 * brand, contact, pushed POS transaction, credit reception, gift-card payment (redeem_giftcards),
 * subscription types offered at
 * registration, kiosk timings, allowed embedding origins and the events. Works for ended sessions.
 */
export async function portalSessionState(
  db: Db,
  row: PortalSessionRow,
  allowedOrigins: string[],
): Promise<PortalSessionState> {
  const [shop, look, contact, pos, reception, types, events, payment] = await Promise.all([
    shopById(db, row.shop_id),
    accountLook(db),
    row.contact_id === null ? null : portalContact(db, row.contact_id),
    row.pos_transaction_id === null
      ? undefined
      : db
          .selectFrom('pos_transactions')
          .select(['uuid', 'amount_in_cents'])
          .where('id', '=', row.pos_transaction_id)
          .executeTakeFirst(),
    row.credit_reception_id === null ? null : portalCreditReception(db, row.credit_reception_id),
    db
      .selectFrom('subscription_types')
      .select(['id', 'name', 'description', 'strategy'])
      .where('active', '=', 1)
      .orderBy('id')
      .execute(),
    sessionEvents(db, row.id),
    giftcardPaymentState(db, row),
  ]);
  return {
    uuid: row.uuid,
    type: row.type,
    status: row.status,
    expires_at: row.expires_at,
    settings: sessionSettings(row),
    amount_in_cents: row.amount_in_cents === null ? null : Number(row.amount_in_cents),
    shop: { uuid: shop.uuid, name: shop.name },
    account: look.account,
    contact,
    pos_transaction: pos ? { uuid: pos.uuid, amount_in_cents: Number(pos.amount_in_cents) } : null,
    credit_reception: reception,
    giftcard_payment: payment,
    subscription_types: types,
    kiosk: look.kiosk,
    allowed_origins: allowedOrigins,
    events,
  };
}

/**
 * A credit reception as the kiosk shows it (contract/portal.ts PortalCreditReception): credits
 * earned, the contact with their balance now, the purchase amount and the next reward.
 */
export async function portalCreditReception(db: Db, receptionId: number): Promise<PortalCreditReception> {
  const row = await db
    .selectFrom('credit_receptions')
    .innerJoin('units', 'units.id', 'credit_receptions.unit_id')
    .leftJoin('pos_transactions', 'pos_transactions.id', 'credit_receptions.pos_transaction_id')
    .select([
      'credit_receptions.uuid',
      'credit_receptions.credits_centi',
      'credit_receptions.created_at',
      'credit_receptions.contact_id',
      'credit_receptions.unit_value',
      'units.prefix',
      'pos_transactions.amount_in_cents as pos_amount_in_cents',
    ])
    .where('credit_receptions.id', '=', receptionId)
    .executeTakeFirstOrThrow();
  const contact = await portalContact(db, row.contact_id);
  return {
    uuid: row.uuid,
    credits: fromCenti(Number(row.credits_centi)),
    created_at: row.created_at,
    contact,
    purchase_amount_in_cents: purchaseAmount(row),
    next_reward: await nextReward(db, contact.credit_balance),
  };
}

function purchaseAmount(row: {
  pos_amount_in_cents: number | null;
  unit_value: string | null;
  prefix: string;
}): number | null {
  if (row.pos_amount_in_cents !== null) return Number(row.pos_amount_in_cents);
  if (row.unit_value === null || row.prefix.trim() !== '€') return null;
  return Math.round(Number(row.unit_value) * 100);
}

/** The cheapest active, in-stock reward above `balance` credits, with the credits still needed. */
async function nextReward(db: Db, balance: number): Promise<PortalCreditReception['next_reward']> {
  const balanceCenti = Math.round(balance * 100);
  const reward = await db
    .selectFrom('rewards')
    .select(['title', 'required_credits_centi'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .where('required_credits_centi', '>', balanceCenti)
    .orderBy('required_credits_centi')
    .orderBy('id')
    .executeTakeFirst();
  if (!reward) return null;
  return {
    title: reward.title,
    credits_short: fromCenti(Number(reward.required_credits_centi) - balanceCenti),
  };
}
