/*
 * The portal session's lifecycle: created open (by a POS, or by an end-screen push), its customer
 * set, ended as completed or cancelled, or expired (by a kiosk load or the background job).
 * Guards: portal-sessions/guards.ts; events: portal-sessions/events.ts; what the kiosk reads:
 * portal-sessions/views.ts.
 */
import type { PortalSessionType, PortalSettings } from '../../../contract/portal';
import type {
  CreatedPortalSession,
  CreatePortalSessionInput,
  PortalSession,
} from '../../../contract/public/portal-sessions';
import {
  holdsTopUps,
  SESSION_DEFAULTS,
  SESSION_TYPE_RULES,
  type SessionCreator,
  usesGiftcards,
} from '../../../contract/session-types';
import type { DialectName } from '../../db/database';
import type { ContactSource, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { resolveShop, shopById, shopRef } from '../account/shops';
import { contactById, contactByUuid } from '../contacts/contacts';
import { type PosTransactionRow, posTransactionByUuid } from '../pos/pos-transactions';
import type { Actor } from '../shared/actor';
import { invalidField, ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp, jsonObject, newUuid } from '../shared/values';
import { recordEvent } from './events';
import { type PortalSessionRow, portalSessionByUuid, REFUSALS } from './guards';
import { giftcardPaymentState } from './payments';

/** The topic of a shop's session changes (standby screens listen to it). */
export const shopTopic = (shopId: number) => `shop:${shopId}`;

/** Where portal session urls point and how long sessions live (from the configuration). */
export interface SessionOptions {
  portalUrl: string;
  ttlMinutes: number;
}

/**
 * Inserts an open session of `type` for a shop, expiring `ttlMinutes` from now, and tells the
 * shop's standby screens. Shared by the create calls and end-screen pushes. A contact given here
 * is the POS's: set by it, proven, and nobody at the screen can replace them.
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
      contact_source: input.contactId === null ? null : 'pos',
      contact_proven_at: input.contactId === null ? null : isoTimestamp(tx.now),
      // The POS's word proves nothing of the customer's own (docs/trust-model.md).
      customer_proven_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  tx.publish(shopTopic(row.shop_id), { session: row.uuid, status: row.status });
  return row;
}

/**
 * Creates a portal session of `type` (spec "Portal sessions (A)": the seven POST variants, and our
 * three) with the creation settings, by the rules of its type (contract/session-types.ts): an
 * amount where it takes one (required for a gift-card payment), `allow_multiple_giftcards` by its
 * default, and its top-ups held for the till's payment as `creator` decides (holdsTopUps: always
 * for the cashier console, a POS's when it asks). A key bound to a shop creates only for its shop.
 * `pos_transaction_uuid` (extension, credit_reception) puts a POS transaction in the session.
 * @returns spec "Portal Session" with `events: []`.
 * @throws ServiceError 1003 naming amount_in_cents (missing where required, given where the type
 *   takes none) or pos_transaction_uuid (given where the type takes none), 1008 unknown or foreign
 *   shop, 55031 unknown contact, 1027 unknown POS transaction, 6001 POS transaction already linked
 *   to a credit reception.
 */
export async function createPortalSession(
  tx: Tx,
  actor: Actor,
  type: PortalSessionType,
  input: CreatePortalSessionInput,
  options: SessionOptions,
  creator: SessionCreator = 'pos',
): Promise<CreatedPortalSession> {
  const rules = SESSION_TYPE_RULES[type];
  if (rules.amount === 'required' && input.amount_in_cents === undefined) {
    invalidField('amount_in_cents', `The amount in cents field is required for a ${type} session.`);
  }
  if (rules.amount === 'absent' && input.amount_in_cents !== undefined) {
    invalidField('amount_in_cents', `A ${type} session takes no amount.`);
  }
  if (!rules.posTransaction && input.pos_transaction_uuid !== undefined) {
    invalidField('pos_transaction_uuid', `A ${type} session takes no POS transaction.`);
  }
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
        // Only a type that pays or tops up gift cards takes the switch; the others keep the default.
        allow_multiple_giftcards: usesGiftcards(type)
          ? (input.allow_multiple_giftcards ?? rules.allowMultipleGiftcards)
          : rules.allowMultipleGiftcards,
        require_payment_confirmation: holdsTopUps(type, creator, input.require_payment_confirmation),
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
    created_at: apiTimestamp(row.created_at),
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
    created_at: apiTimestamp(row.created_at),
  };
}

/** The stored settings of a session, with defaults for keys it lacks. */
export function sessionSettings(row: PortalSessionRow): PortalSettings {
  return { ...SESSION_DEFAULTS, ...(jsonObject(row.settings) as Partial<PortalSettings>) };
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
 * session-expiry.ts, docs/api.md "Session expiry"); answers how many. Safe with any number of
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
    await recordEvent(tx, row, 'session_expired', { expired_at: apiTimestamp(row.expires_at) });
    tx.publish(shopTopic(row.shop_id), { session: row.uuid, status: 'expired' });
  }
  return expired;
}

/** Who ended a session: its screen, the POS (public API) or the cashier console. */
export type EndedBy = 'screen' | 'pos' | 'cashier' | 'office';

/**
 * Ends an open session as completed or cancelled (`ended_at` now), records `session_completed` /
 * `session_cancelled` (data `{status, by}`; a redeem_giftcards session adds `paid_in_cents`,
 * `remaining_in_cents` and `payments`) and tells the shop's standby screens. A top-up waiting for
 * its payment is dropped with it (nothing of it moved).
 */
export async function endSession(
  tx: Tx,
  row: PortalSessionRow,
  status: 'completed' | 'cancelled',
  by: EndedBy,
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
    by,
    ...payment,
  });
  tx.publish(shopTopic(row.shop_id), { session: row.uuid, status });
  return ended;
}

/**
 * Sets the session's identified contact, how they became known, and whether that proves it is
 * them (`proven`: a scan of their card or app code, which is the customer's own proof). The same
 * contact, proven before, stays proven (their e-mail typed after their card scan takes nothing
 * away); the POS's customer who scans their card stays the POS's (nobody else may take their
 * place) and has now proved it themselves.
 */
export async function setSessionContact(
  tx: Tx,
  row: PortalSessionRow,
  contactId: number,
  source: ContactSource,
  proven: boolean,
): Promise<PortalSessionRow> {
  const same = row.contact_id === contactId;
  const now = isoTimestamp(tx.now);
  let set: Partial<PortalSessionRow>;
  if (same && !proven && row.contact_proven_at !== null) set = { contact_id: contactId };
  else if (same && proven) {
    set = {
      contact_id: contactId,
      contact_source: row.contact_source === 'pos' ? 'pos' : source,
      contact_proven_at: row.contact_proven_at ?? now,
      customer_proven_at: now,
    };
  } else {
    set = {
      contact_id: contactId,
      contact_source: source,
      contact_proven_at: proven ? now : null,
      customer_proven_at: proven ? now : null,
    };
  }
  await tx.db.updateTable('portal_sessions').set(set).where('id', '=', row.id).execute();
  return { ...row, ...set };
}
