import type {
  CashierContact,
  CashierSession,
  CashierSessionSummary,
  PurchaseRequest,
  StartSessionRequest,
} from '../../../contract/cashier';
import type { PortalEvent } from '../../../contract/portal';
import { SESSION_TYPE_RULES } from '../../../contract/session-types';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { contactByEmail } from '../contacts/contacts';
import { activeIdentifierByValue } from '../contacts/identifiers';
import { accountSessionDefaults, type ConsoleActor, recordCashierAction } from '../devices/consoles';
import { recordAudit } from '../office/audit';
import { deliverPosTransaction } from '../portal-sessions/end-screen';
import { sessionEvents } from '../portal-sessions/events';
import {
  assertSessionOfActor,
  type PortalSessionRow,
  portalSessionByUuid,
  sessionForAction,
  sessionRefusal,
} from '../portal-sessions/guards';
import { confirmHeldTopUp } from '../portal-sessions/money';
import { giftcardPaymentState, sessionGiftcardTransactions } from '../portal-sessions/payments';
import {
  createPortalSession,
  endSession,
  loadSession,
  type SessionOptions,
  sessionSettings,
} from '../portal-sessions/sessions';
import { paymentDueOf, pendingTopUp } from '../portal-sessions/top-ups';
import { contactSummaries, contactSummary } from '../portal-sessions/views';
import { createPosTransaction, posTransactionByUuid } from '../pos/pos-transactions';
import type { Actor } from '../shared/actor';
import { ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { consoleAuditBy, requirePersonAtTill } from './till-staff';

/*
 * What the cashier console does with the portal sessions of its device's shop
 * (docs/cashier-console.md). Each action reuses the rule of the public API or the push it stands for (session
 * create, end, POS transaction push) and is logged with the device and the person at its till as
 * its actor. Every change needs a person at the till when the shop has till staff (till-staff.ts),
 * and writes its audit entry (`portal_session.*`: status and amounts, the customer by id only).
 */

/** What the audit log keeps of a session: its status and amounts (cents), nothing personal. */
function auditedState(row: PortalSessionRow): Record<string, unknown> {
  return {
    type: row.type,
    status: row.status,
    amount_in_cents: row.amount_in_cents === null ? null : Number(row.amount_in_cents),
  };
}

/** Records a console change of session `row` in the audit log (the row as it is after). */
async function auditSession(
  tx: Tx,
  actor: ConsoleActor,
  action: 'started' | 'cancelled' | 'purchase_sent' | 'payment_received',
  row: PortalSessionRow,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, consoleAuditBy(actor), {
    action: `portal_session.${action}`,
    subjectType: 'portal_session',
    subjectUuid: row.uuid,
    shopId: actor.shopId,
    contactId: row.contact_id,
    before,
    after,
  });
}

/**
 * A session of the actor's shop, marked expired first when it is overdue. Another shop's session
 * answers as if it did not exist, so a device learns nothing about other shops.
 * @throws ServiceError 1003 (HTTP 404) unknown or of another shop.
 */
export async function shopSession(tx: Tx, actor: Actor, uuid: string): Promise<PortalSessionRow> {
  assertSessionOfActor(await portalSessionByUuid(tx.db, uuid), actor);
  return loadSession(tx, uuid);
}

/**
 * Starts a portal session of `input.type` at the actor's shop, as the public API's create does
 * (createPortalSession, by the rules of the type: the shop's standby screens switch to it).
 * Switches the cashier leaves out take the account's session defaults; without e-mail
 * identification the screen starts on the scan. Every top-up of the session waits for the
 * cashier's "Received" (holdsTopUps, creator `console`); a session that may top up gift cards takes
 * one card unless the cashier allows more (the account's default applies to gift-card payments).
 * Records `session_started` and `portal_session.started`.
 * @throws ServiceError staff_sign_in_required (403) nobody at a till that needs a person; 55031
 *   unknown contact, and createPortalSession's errors.
 */
export async function startCashierSession(
  tx: Tx,
  actor: ConsoleActor,
  input: StartSessionRequest,
  options: SessionOptions,
): Promise<PortalSessionRow> {
  await requirePersonAtTill(tx.db, actor);
  const defaults = await accountSessionDefaults(tx.db);
  const emailIdentification = input.enable_email_identification ?? defaults.enable_email_identification;
  const created = await createPortalSession(
    tx,
    actor,
    input.type,
    {
      contact_uuid: input.contact_uuid,
      scanner_type: input.scanner_type ?? defaults.scanner_type,
      enable_email_identification: emailIdentification,
      enable_registration: input.enable_registration ?? defaults.enable_registration,
      enable_on_screen_keyboard: input.enable_on_screen_keyboard ?? defaults.enable_on_screen_keyboard,
      camera_service: defaults.camera_service,
      facing_mode: defaults.facing_mode,
      primary_identification_method: emailIdentification
        ? defaults.primary_identification_method
        : 'identifier',
      amount_in_cents: input.amount_in_cents,
      allow_multiple_giftcards:
        input.allow_multiple_giftcards ??
        (SESSION_TYPE_RULES[input.type].allowMultipleGiftcards && defaults.allow_multiple_giftcards),
    },
    options,
    'console',
  );
  const row = await portalSessionByUuid(tx.db, created.uuid);
  await recordCashierAction(tx, actor, 'session_started', row.id, {
    type: input.type,
    amount_in_cents: input.amount_in_cents ?? null,
    contact_uuid: input.contact_uuid ?? null,
  });
  await auditSession(tx, actor, 'started', row, null, auditedState(row));
  return row;
}

/**
 * Cancels an open session of the actor's shop (as the screen's own cancel: endSession) and records
 * `session_cancelled` and `portal_session.cancelled`.
 * @throws ServiceError staff_sign_in_required (403); 1003 with HTTP 404 unknown or another shop's,
 *   410 expired, 409 already ended.
 */
export async function cancelCashierSession(
  tx: Tx,
  actor: ConsoleActor,
  uuid: string,
): Promise<PortalSessionRow> {
  await requirePersonAtTill(tx.db, actor);
  assertSessionOfActor(await portalSessionByUuid(tx.db, uuid), actor);
  const open = await sessionForAction(tx, uuid, 'end');
  const ended = await endSession(tx, open, 'cancelled', 'cashier');
  await recordCashierAction(tx, actor, 'session_cancelled', ended.id, {});
  await auditSession(tx, actor, 'cancelled', ended, auditedState(open), auditedState(ended));
  return ended;
}

/**
 * The cashier's "Received € 50.00": the till has the money of the session's held top-up, which
 * moves now (confirmHeldTopUp). Records `payment_received` and `portal_session.payment_received`
 * (the amount received, in cents).
 * @throws ServiceError staff_sign_in_required (403); 1003 with HTTP 404 unknown or another shop's,
 *   410 expired, 409 ended or nothing waits (no_payment_awaited), 403 not a top-up session; the
 *   top-up's own refusals.
 */
export async function receivePayment(tx: Tx, actor: ConsoleActor, uuid: string): Promise<PortalSessionRow> {
  await requirePersonAtTill(tx.db, actor);
  assertSessionOfActor(await portalSessionByUuid(tx.db, uuid), actor);
  const session = await sessionForAction(tx, uuid, 'confirm_payment');
  const pending = pendingTopUp(await sessionEvents(tx.db, session.id));
  await confirmHeldTopUp(tx, session, 'cashier');
  await recordCashierAction(tx, actor, 'payment_received', session.id, {});
  const after = await portalSessionByUuid(tx.db, uuid);
  await auditSession(
    tx,
    actor,
    'payment_received',
    after,
    { ...auditedState(session), received_in_cents: null },
    { ...auditedState(after), received_in_cents: pending?.amount_in_cents ?? null },
  );
  return after;
}

/**
 * Sends the purchase amount to a credit-reception session of the actor's shop that has none yet,
 * the way a POS does: a POS transaction of the shop (createPosTransaction) delivered to that
 * session (deliverPosTransaction, as a push). The screen then credits the customer. Records
 * `purchase_sent` and `portal_session.purchase_sent`.
 * @throws ServiceError staff_sign_in_required (403); 1003 with HTTP 404 unknown or another shop's,
 *   410 expired, 409 ended or already has a purchase or credits, 403 not a credit-reception session.
 */
export async function sendPurchase(
  tx: Tx,
  actor: ConsoleActor,
  uuid: string,
  input: PurchaseRequest,
): Promise<PortalSessionRow> {
  await requirePersonAtTill(tx.db, actor);
  assertSessionOfActor(await portalSessionByUuid(tx.db, uuid), actor);
  const session = await sessionForAction(tx, uuid, 'credit_reception');
  if (
    session.credit_reception_id !== null ||
    session.pos_transaction_id !== null ||
    session.amount_in_cents !== null
  ) {
    throw sessionRefusal(
      'purchase_already_set',
      'The session already has its purchase',
      'De sessie heeft haar aankoop al',
    );
  }
  const created = await createPosTransaction(tx, actor, { amount_in_cents: input.amount_in_cents });
  const pos = await posTransactionByUuid(tx.db, created.uuid);
  await deliverPosTransaction(tx, session, pos);
  await recordCashierAction(tx, actor, 'purchase_sent', session.id, {
    amount_in_cents: input.amount_in_cents,
    pos_transaction_uuid: pos.uuid,
  });
  const after = await portalSessionByUuid(tx.db, uuid);
  await auditSession(
    tx,
    actor,
    'purchase_sent',
    after,
    { ...auditedState(session), purchase_in_cents: null },
    { ...auditedState(after), purchase_in_cents: input.amount_in_cents },
  );
  return after;
}

/**
 * Finds a customer for a session: by e-mail address when the query has an `@`, else by an active
 * loyalty card linked to someone. Records `contact_found` (the contact's uuid only).
 * @throws ServiceError 55031 no contact with that e-mail or card not linked; 60003 unknown card;
 *   60004 inactive card.
 */
export async function findContactForCashier(tx: Tx, actor: Actor, query: string): Promise<CashierContact> {
  const byEmail = query.includes('@');
  let contactId: number;
  if (byEmail) {
    contactId = (await contactByEmail(tx.db, query)).id;
  } else {
    const card = await activeIdentifierByValue(tx.db, query);
    if (card.contact_id === null) {
      throw new ServiceError(55031, {
        detail: {
          en: 'This card is not linked to a customer',
          nl: 'Deze kaart is niet aan een klant gekoppeld',
        },
      });
    }
    contactId = card.contact_id;
  }
  const contact = await contactSummary(tx.db, contactId);
  await recordCashierAction(tx, actor, 'contact_found', null, {
    by: byEmail ? 'email' : 'card',
    contact_uuid: contact.uuid,
  });
  return contact;
}

/** The shop's sessions created at or after `since`, newest first (at most 200). */
export async function shopSessionsSince(db: Db, shopId: number, since: Date): Promise<PortalSessionRow[]> {
  // Stored timestamps compare as text only within one format; the day is checked on the parsed time.
  const rows = await db
    .selectFrom('portal_sessions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('created_at', '>=', isoTimestamp(new Date(since.getTime() - 24 * 60 * 60 * 1000)))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.filter((row) => Date.parse(row.created_at) >= since.getTime());
}

type EventData = Record<string, unknown>;
const asObject = (value: unknown): EventData =>
  typeof value === 'object' && value !== null ? (value as EventData) : {};
const asNumber = (value: unknown): number => (typeof value === 'number' ? value : 0);
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

const IDENTIFIED_BY = new Set(['card', 'app_token', 'email']);

/**
 * What a session's events say it did (the events carry the spec resource of each step): how the
 * customer was identified, credits given (a receipt's too), prepaid moved, vouchers redeemed, rewards claimed, and
 * the gift-card transactions (by uuid, for their ledger rows).
 */
export function eventOutcome(events: readonly Pick<PortalEvent, 'type' | 'data'>[]) {
  let identification: CashierSessionSummary['identification'] = null;
  let credits: number | null = null;
  let prepaidCents: number | null = null;
  const vouchers: CashierSessionSummary['vouchers'] = [];
  const rewards: CashierSessionSummary['rewards'] = [];
  const giftcardTransactions: string[] = [];
  for (const event of events) {
    const data = asObject(event.data);
    switch (event.type) {
      case 'contact_identified':
        if (IDENTIFIED_BY.has(asText(data.method))) {
          identification = asText(data.method) as 'card' | 'app_token' | 'email';
        }
        break;
      case 'contact_registered':
        identification = 'registration';
        break;
      case 'credit_reception':
      case 'credit_reception_pushed':
        credits = (credits ?? 0) + asNumber(data.credits);
        break;
      case 'receipt_token_claimed':
        credits = (credits ?? 0) + asNumber(asObject(data.credit_reception).credits);
        break;
      case 'prepaid_transaction':
        prepaidCents = (prepaidCents ?? 0) + asNumber(data.amount_in_cents);
        break;
      case 'voucher_redeemed':
        vouchers.push({ code: asText(data.code), name: asText(data.name) });
        break;
      case 'reward_reception':
        rewards.push({ title: asText(data.title), credits: asNumber(data.credits) });
        break;
      case 'giftcard_transaction':
        giftcardTransactions.push(asText(data.uuid));
        break;
    }
  }
  return { identification, credits, prepaidCents, vouchers, rewards, giftcardTransactions };
}

/**
 * The console's view of sessions (contract/cashier.ts CashierSessionSummary), in the order given.
 * Reads each part once for all sessions (events, starters, purchases, gift-card ledger rows).
 */
export async function cashierSessionSummaries(
  db: Db,
  rows: PortalSessionRow[],
  now: Date,
): Promise<CashierSessionSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const posIds = rows.flatMap((r) => (r.pos_transaction_id === null ? [] : [r.pos_transaction_id]));
  const contactIds = [...new Set(rows.flatMap((r) => (r.contact_id === null ? [] : [r.contact_id])))];
  const [events, starters, purchases, giftcardRows, contacts, payments] = await Promise.all([
    db
      .selectFrom('portal_session_events')
      .select(['portal_session_id', 'uuid', 'type', 'data', 'created_at'])
      .where('portal_session_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('cashier_actions as a')
      .innerJoin('cashier_devices as d', 'd.id', 'a.cashier_device_id')
      .leftJoin('staff as p', 'p.id', 'a.staff_id')
      .select(['a.portal_session_id', 'd.name', 'p.name as staff_name'])
      .where('a.action', '=', 'session_started')
      .where('a.portal_session_id', 'in', ids)
      .execute(),
    posIds.length === 0
      ? []
      : db
          .selectFrom('pos_transactions')
          .select(['id', 'amount_in_cents'])
          .where('id', 'in', posIds)
          .execute(),
    sessionGiftcardTransactions(db, ids),
    contactSummaries(db, contactIds),
    Promise.all(rows.map((row) => giftcardPaymentState(db, row))),
  ]);
  const eventsOf = new Map<number, Pick<PortalEvent, 'uuid' | 'type' | 'data' | 'created_at'>[]>();
  for (const e of events) {
    const list = eventsOf.get(e.portal_session_id) ?? [];
    list.push({
      uuid: e.uuid,
      type: e.type,
      data: JSON.parse(e.data),
      created_at: apiTimestamp(e.created_at),
    });
    eventsOf.set(e.portal_session_id, list);
  }
  const starterOf = new Map(starters.map((s) => [s.portal_session_id, s.name]));
  // Kept by name once the person is removed (their row stays).
  const staffOf = new Map(starters.map((s) => [s.portal_session_id, s.staff_name]));
  const purchaseOf = new Map(purchases.map((p) => [p.id, Number(p.amount_in_cents)]));
  const giftcardLine = new Map(giftcardRows.map((g) => [g.uuid, g]));
  const contactOf = contacts;
  const at = isoTimestamp(now);

  return rows.map((row, i) => {
    const rowEvents = eventsOf.get(row.id) ?? [];
    const outcome = eventOutcome(rowEvents);
    const lines = outcome.giftcardTransactions.flatMap((uuid) => giftcardLine.get(uuid) ?? []);
    const amount = row.amount_in_cents === null ? null : Number(row.amount_in_cents);
    const purchase =
      row.pos_transaction_id === null ? null : (purchaseOf.get(row.pos_transaction_id) ?? null);
    return {
      uuid: row.uuid,
      type: row.type,
      status: row.status === 'open' && row.expires_at <= at ? 'expired' : row.status,
      created_at: apiTimestamp(row.created_at),
      ended_at: apiTimestamp(row.ended_at),
      expires_at: apiTimestamp(row.expires_at),
      amount_in_cents: amount,
      purchase_in_cents: purchase,
      waiting_for_purchase:
        row.type === 'credit_reception' &&
        row.contact_id !== null &&
        row.credit_reception_id === null &&
        purchase === null &&
        amount === null,
      started_by: starterOf.has(row.id) ? { name: starterOf.get(row.id)! } : null,
      staff_name: staffOf.get(row.id) ?? null,
      contact: row.contact_id === null ? null : (contactOf.get(row.contact_id) ?? null),
      identification: outcome.identification ?? (row.contact_id === null ? null : 'cashier'),
      credits: outcome.credits,
      giftcard_payment: payments[i] ?? null,
      giftcard_top_ups: lines
        .filter((l) => l.amount_in_cents > 0)
        .map((l) => ({
          giftcard: l.giftcard,
          amount_in_cents: l.amount_in_cents,
          balance_after_in_cents: l.balance_after_in_cents,
        })),
      prepaid:
        outcome.prepaidCents === null
          ? null
          : {
              amount_in_cents: outcome.prepaidCents,
              unpaid_in_cents:
                row.type === 'pay_prepaid' && amount !== null
                  ? Math.max(0, amount + outcome.prepaidCents)
                  : null,
            },
      vouchers: outcome.vouchers,
      rewards: outcome.rewards,
      payment_due: paymentDueOf(rowEvents, row.status === 'open' && row.expires_at > at),
    };
  });
}

/** One session as the console follows it (contract/cashier.ts CashierSession): summary, settings, events. */
export async function cashierSessionView(db: Db, row: PortalSessionRow, now: Date): Promise<CashierSession> {
  const [[summary], events] = await Promise.all([
    cashierSessionSummaries(db, [row], now),
    sessionEvents(db, row.id),
  ]);
  return { ...summary!, settings: sessionSettings(row), events };
}
