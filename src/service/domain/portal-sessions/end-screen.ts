import type { PortalCreditReception } from '../../../contract/portal';
import { defaultSettings } from '../../../contract/session-types';
import type { Tx } from '../../db/transaction';
import { resolveShop } from '../account/shops';
import { contactById } from '../contacts/contacts';
import {
  createCreditReception,
  creditReceptionByUuid,
  creditReceptionView,
} from '../loyalty/credit-receptions';
import { type PosTransactionRow, posTransactionView } from '../pos/pos-transactions';
import type { Actor } from '../shared/actor';
import { invalidField, ServiceError } from '../shared/errors';
import { isoTimestamp } from '../shared/values';
import { recordEvent } from './events';
import { type PortalSessionRow, requireContact, sessionActor, sessionRefusal } from './guards';
import { insertSession, unlinkedPosTransaction } from './sessions';
import { portalCreditReception } from './views';

/*
 * The shop's end-screen: the counter screen of credit-reception sessions. Pushes (spec "Credit
 * receptions" rule 6, "POS transactions") deliver to it; the session then credits the customer.
 */

/**
 * The session a push goes to: the shop's newest open, unexpired credit_reception session without a
 * credit reception; else a new one (default settings), which the shop's standby screens switch to.
 */
async function endScreenSession(
  tx: Tx,
  shopId: number,
  contactId: number | null,
  ttlMinutes: number,
): Promise<PortalSessionRow> {
  const open = await tx.db
    .selectFrom('portal_sessions')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('type', '=', 'credit_reception')
    .where('status', '=', 'open')
    .where('expires_at', '>', isoTimestamp(tx.now))
    .where('credit_reception_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (open) {
    // A concurrent push may have filled it meanwhile: check again under the row's lock.
    await tx.lock('portal_sessions', open.id);
    const still = await tx.db
      .selectFrom('portal_sessions')
      .selectAll()
      .where('id', '=', open.id)
      .where('status', '=', 'open')
      .where('credit_reception_id', 'is', null)
      .executeTakeFirst();
    if (still) return still;
  }
  return insertSession(
    tx,
    {
      type: 'credit_reception',
      shopId,
      contactId,
      settings: defaultSettings('credit_reception'),
      amountInCents: null,
      posTransactionId: null,
      creditReceptionId: null,
    },
    ttlMinutes,
  );
}

/**
 * Pushes a credit reception to the end-screen of the pushing shop (spec "Credit receptions":
 * push). The pushing shop is the shop of a bound key, else the `shop_uuid` extension, else the
 * reception's own shop. The receiving session shows the reception and its contact, and records
 * `credit_reception_pushed` with the spec Credit Reception as data.
 * @throws ServiceError 1028 unknown reception, 55024 reception of another shop, 1008 unknown shop.
 */
export async function pushCreditReception(
  tx: Tx,
  actor: Actor,
  receptionUuid: string,
  shopUuid: string | undefined,
  ttlMinutes: number,
): Promise<void> {
  const reception = await creditReceptionByUuid(tx.db, receptionUuid);
  const shopId =
    shopUuid !== undefined || actor.shopId !== null
      ? (await resolveShop(tx.db, actor, shopUuid)).id
      : reception.shop_id;
  if (shopId !== reception.shop_id) throw new ServiceError(55024);
  const session = await endScreenSession(tx, shopId, reception.contact_id, ttlMinutes);
  await tx.db
    .updateTable('portal_sessions')
    .set({ credit_reception_id: reception.id, contact_id: reception.contact_id })
    .where('id', '=', session.id)
    .execute();
  await recordEvent(tx, session, 'credit_reception_pushed', await creditReceptionView(tx.db, reception.id));
}

/**
 * Pushes a POS transaction to its shop's end-screen (spec "POS transactions": push), where the
 * customer identifies and the credit reception is created. Records `pos_transaction_pushed` with
 * the spec POS Transaction as data. A key bound to another shop does not see the transaction.
 * @throws ServiceError 1027 unknown (or another shop's), 6001 already linked to a credit reception.
 */
export async function pushPosTransaction(
  tx: Tx,
  actor: Actor,
  posUuid: string,
  ttlMinutes: number,
): Promise<void> {
  const pos = await unlinkedPosTransaction(tx.db, posUuid, actor.shopId);
  await deliverPosTransaction(tx, await endScreenSession(tx, pos.shop_id, null, ttlMinutes), pos);
}

/**
 * Puts a POS transaction in an open credit-reception session (a push, or the cashier console's
 * purchase amount) and records `pos_transaction_pushed` with the spec POS Transaction as data; the
 * screen then credits the customer for it.
 */
export async function deliverPosTransaction(
  tx: Tx,
  session: PortalSessionRow,
  pos: PosTransactionRow,
): Promise<void> {
  await tx.db
    .updateTable('portal_sessions')
    .set({ pos_transaction_id: pos.id })
    .where('id', '=', session.id)
    .execute();
  await recordEvent(tx, session, 'pos_transaction_pushed', posTransactionView(pos));
}

/**
 * Credits the session's customer (portal API credit-reception, v1 credit-receptions/create;
 * credit_reception sessions): for the pushed POS transaction, else for the session's amount
 * (unit_value = cents / 100, loyalty rules decide the credits), at the session's shop. A screen
 * that names the amount (`askedInCents`) names that one: the session's purchase is the only amount
 * credited. Sets the session's credit reception and records `credit_reception` with the spec Credit
 * Reception as data. A session credits once: later calls answer its existing credit reception
 * (also one that was pushed to it).
 * @throws ServiceError 1003 (HTTP 409): no identified contact, or nothing to credit yet; 1003
 *   naming amount_in_cents (amount_set_by_session) for another amount; the credit reception's
 *   errors (1015, 6001, 60001, …).
 */
export async function creditInSession(
  tx: Tx,
  session: PortalSessionRow,
  askedInCents?: number,
): Promise<PortalCreditReception> {
  const pos =
    session.pos_transaction_id === null
      ? undefined
      : await tx.db
          .selectFrom('pos_transactions')
          .select(['uuid', 'amount_in_cents'])
          .where('id', '=', session.pos_transaction_id)
          .executeTakeFirstOrThrow();
  const cents = pos ? Number(pos.amount_in_cents) : session.amount_in_cents;
  if (askedInCents !== undefined && cents !== null && askedInCents !== Number(cents)) {
    invalidField('amount_in_cents', `The amount is set by the session: ${cents} cents.`, {
      reason: 'amount_set_by_session',
    });
  }
  if (session.credit_reception_id !== null) return portalCreditReception(tx.db, session.credit_reception_id);
  const contactId = requireContact(session);
  if (cents === null) {
    throw sessionRefusal('nothing_to_credit', 'Nothing to credit yet', 'Nog niets om punten voor te geven');
  }
  const contact = await contactById(tx.db, contactId);
  const reception = await createCreditReception(tx, sessionActor(session), {
    contact_uuid: contact.uuid,
    unit_value: Number(cents) / 100,
    pos_transaction_uuid: pos?.uuid,
  });
  const { id } = await tx.db
    .selectFrom('credit_receptions')
    .select('id')
    .where('uuid', '=', reception.uuid)
    .executeTakeFirstOrThrow();
  // Conditional, so that two concurrent calls cannot both credit the session.
  const claimed = await tx.db
    .updateTable('portal_sessions')
    .set({ credit_reception_id: id })
    .where('id', '=', session.id)
    .where('credit_reception_id', 'is', null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) {
    throw sessionRefusal(
      'session_already_credited',
      'The session has already credited',
      'De sessie heeft al punten gegeven',
    );
  }
  await recordEvent(tx, session, 'credit_reception', reception);
  return portalCreditReception(tx.db, id);
}
