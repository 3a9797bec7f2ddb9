import { type Selectable, sql } from 'kysely';
import type {
  CreatePrepaidTransactionBody,
  PrepaidListMeta,
  PrepaidTransaction,
} from '../../../contract/public/prepaid-transactions';
import type { Db, PrepaidTransactionTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { resolveShop, shopById, shopWithAddress } from '../account/shops';
import { type ContactRow, contactById, contactByUuid } from '../contacts/contacts';
import { activeIdentifierByValue } from '../contacts/identifiers';
import { type Actor, actsForShop } from '../shared/actor';
import { refusal, ServiceError } from '../shared/errors';
import { pageWindow, paginatorMeta } from '../shared/pagination';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';

/** A prepaid transaction row as stored (`kind` opening: the fixture's opening balance). */
export type PrepaidTransactionRow = Selectable<PrepaidTransactionTable>;

/** A prepaid transaction by uuid. @throws ServiceError 1003 (HTTP 404) when there is none. */
export async function prepaidTransactionByUuid(db: Db, uuid: string): Promise<PrepaidTransactionRow> {
  const row = await db
    .selectFrom('prepaid_transactions')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw refusal('prepaid_transaction_not_found', 'Prepaid transaction not found');
  return row;
}

// The contact's balance right after the transaction `id`: the sum of its ledger up to it.
async function balanceAfter(db: Db, contactId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('prepaid_transactions')
    .select(sql<number>`coalesce(sum(amount_in_cents), 0)`.as('balance'))
    .where('contact_id', '=', contactId)
    .where('id', '<=', id)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

async function views(
  db: Db,
  contact: { uuid: string; email: string },
  rows: PrepaidTransactionRow[],
  newestBalance: number,
): Promise<PrepaidTransaction[]> {
  const identifierIds = [...new Set(rows.map((r) => r.contact_identifier_id).filter((id) => id !== null))];
  const identifiers =
    identifierIds.length === 0
      ? []
      : await db
          .selectFrom('contact_identifiers')
          .select(['id', 'value'])
          .where('id', 'in', identifierIds)
          .execute();
  const values = new Map(identifiers.map((i) => [i.id, i.value]));
  const shopIds = [...new Set(rows.map((r) => r.shop_id).filter((id) => id !== null))];
  const shops = new Map(
    await Promise.all(shopIds.map(async (id) => [id, shopWithAddress(await shopById(db, id))] as const)),
  );
  // Rows come newest first: each older balance is the newer one minus the newer amount.
  let balance = newestBalance;
  return rows.map((row) => {
    const view: PrepaidTransaction = {
      uuid: row.uuid,
      amount_in_cents: Number(row.amount_in_cents),
      prepaid_balance: { balance_in_cents: balance },
      contact: { uuid: contact.uuid, email: contact.email },
      contact_identifier:
        row.contact_identifier_id === null ? null : (values.get(row.contact_identifier_id) ?? null),
      shop: row.shop_id === null ? null : (shops.get(row.shop_id) ?? null),
      created_at: apiTimestamp(row.created_at),
    };
    balance -= Number(row.amount_in_cents);
    return view;
  });
}

/**
 * Writes one prepaid transaction and moves the contact's cached balance by the same amount, in
 * `tx`, after locking the contact; the balance moves conditionally, so it never goes below zero.
 * @returns the transaction as the API shows it, with the balance right after it.
 * @throws ServiceError 1003 (naming amount_in_cents) "Insufficient prepaid balance"; 1003 when the
 * transaction is already reversed.
 */
async function record(
  tx: Tx,
  values: {
    contactId: number;
    shopId: number | null;
    identifierId: number | null;
    amount: number;
    reversesId: number | null;
  },
): Promise<PrepaidTransaction> {
  await tx.lock('contacts', values.contactId);
  const next = sql<number>`prepaid_balance_in_cents + ${values.amount}`;
  const moved = await tx.db
    .updateTable('contacts')
    .set({ prepaid_balance_in_cents: next })
    .where('id', '=', values.contactId)
    .where(next, '>=', 0)
    .returning(['uuid', 'email', 'prepaid_balance_in_cents'])
    .executeTakeFirst();
  if (!moved) {
    throw refusal('prepaid_balance_insufficient', 'Insufficient prepaid balance', {
      fields: { amount_in_cents: ['The amount in cents field is more than the prepaid balance.'] },
    });
  }
  const row = await insertPrepaidTransaction(tx.db, {
    contactId: values.contactId,
    shopId: values.shopId,
    identifierId: values.identifierId,
    amountInCents: values.amount,
    kind: values.reversesId === null ? 'transaction' : 'reversal',
    reversesId: values.reversesId,
    createdAt: isoTimestamp(tx.now),
  });
  if (!row) throw refusal('prepaid_transaction_already_reversed', 'Prepaid transaction already reversed');
  const [view] = await views(tx.db, moved, [row], Number(moved.prepaid_balance_in_cents));
  await recordWebhookEvent(tx, 'prepaid_transaction_created', view!);
  return view!;
}

/**
 * Stores one ledger row of a contact's prepaid balance, without touching the balance (the caller
 * moves it, or sets it as the contact's opening balance). Shared by every prepaid transaction and
 * the fixture loader's opening rows. reverses_id is UNIQUE: a transaction is reversed once, even by
 * concurrent requests.
 * @returns the row; undefined when `reversesId` names a transaction reversed already.
 */
export async function insertPrepaidTransaction(
  db: Db,
  values: {
    contactId: number;
    shopId: number | null;
    identifierId: number | null;
    amountInCents: number;
    kind: PrepaidTransactionTable['kind'];
    reversesId: number | null;
    createdAt: string;
  },
): Promise<PrepaidTransactionRow | undefined> {
  return db
    .insertInto('prepaid_transactions')
    .values({
      uuid: newUuid(),
      contact_id: values.contactId,
      shop_id: values.shopId,
      contact_identifier_id: values.identifierId,
      amount_in_cents: values.amountInCents,
      kind: values.kind,
      reverses_id: values.reversesId,
      created_at: values.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Creates a prepaid transaction (extensions.md "Prepaid transactions"): a negative amount pays from
 * the contact's prepaid balance, a positive one tops it up. The contact is `contact_uuid` or the
 * holder of the card `contact_identifier_value` (both: they must agree); the shop is `shop_uuid` or
 * the key's bound shop.
 * @throws ServiceError 1003 (neither contact field; a payment above the balance), 1008, 55031
 * (unknown contact, or a card linked to nobody), 60003 (unknown card, or another contact's),
 * 60004 (inactive card).
 */
export async function createPrepaidTransaction(
  tx: Tx,
  actor: Actor,
  input: CreatePrepaidTransactionBody,
): Promise<PrepaidTransaction> {
  if (input.contact_uuid === undefined && input.contact_identifier_value === undefined) {
    throw new ServiceError(1003, {
      fields: {
        contact_uuid: ['The contact uuid field is required when contact identifier value is not present.'],
        contact_identifier_value: [
          'The contact identifier value field is required when contact uuid is not present.',
        ],
      },
    });
  }
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  const identifier =
    input.contact_identifier_value === undefined
      ? undefined
      : await activeIdentifierByValue(tx.db, input.contact_identifier_value);
  let contact: ContactRow;
  if (input.contact_uuid !== undefined) {
    contact = await contactByUuid(tx.db, input.contact_uuid);
    if (identifier && identifier.contact_id !== contact.id) throw new ServiceError(60003);
  } else {
    if (identifier?.contact_id == null) {
      throw new ServiceError(55031, { detail: 'The contact identifier is not linked to a contact' });
    }
    contact = await contactById(tx.db, identifier.contact_id);
  }
  return record(tx, {
    contactId: contact.id,
    shopId: shop.id,
    identifierId: identifier?.id ?? null,
    amount: input.amount_in_cents,
    reversesId: null,
  });
}

/**
 * Reverses a prepaid transaction (extensions.md): a new transaction of the negated amount for the
 * same contact, shop and card. A transaction is reversed once; reversals and opening balances
 * cannot be reversed; the balance never goes below zero. A shop-bound key reverses only its shop's
 * transactions (actsForShop).
 * @throws ServiceError 1003 (HTTP 404 unknown, or another shop's; already reversed; a reversal or
 * opening balance; insufficient balance).
 */
export async function reversePrepaidTransaction(
  tx: Tx,
  actor: Actor,
  uuid: string,
): Promise<PrepaidTransaction> {
  const original = await prepaidTransactionByUuid(tx.db, uuid);
  // Another shop's transaction answers as an unknown one (docs/trust-model.md).
  if (!actsForShop(actor, original.shop_id)) {
    throw refusal('prepaid_transaction_not_found', 'Prepaid transaction not found');
  }
  if (original.kind !== 'transaction') {
    throw original.kind === 'opening'
      ? refusal('opening_balance_not_reversible', 'An opening balance cannot be reversed')
      : refusal('reversal_not_reversible', 'A reversal cannot be reversed');
  }
  return record(tx, {
    contactId: original.contact_id,
    shopId: original.shop_id,
    identifierId: original.contact_identifier_id,
    amount: 0 - Number(original.amount_in_cents),
    reversesId: original.id,
  });
}

/**
 * One page of a contact's prepaid transactions, newest first, with the real platform's meta
 * `{current_page, per_page, from, to, last_page, total}`.
 * @throws ServiceError 55031 unknown contact.
 */
export async function listPrepaidTransactions(
  db: Db,
  query: { contact_uuid: string; page: number; limit: number },
): Promise<{ items: PrepaidTransaction[]; meta: PrepaidListMeta }> {
  const contact = await contactByUuid(db, query.contact_uuid);
  const { total } = await db
    .selectFrom('prepaid_transactions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('contact_id', '=', contact.id)
    .executeTakeFirstOrThrow();
  const { offset } = pageWindow(query.page, query.limit, Number(total));
  const rows = await db
    .selectFrom('prepaid_transactions')
    .selectAll()
    .where('contact_id', '=', contact.id)
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(offset)
    .execute();
  const items =
    rows.length === 0 ? [] : await views(db, contact, rows, await balanceAfter(db, contact.id, rows[0]!.id));
  return { items, meta: paginatorMeta(query.page, query.limit, Number(total), items.length) };
}

/** A contact's prepaid balance in cents (extensions.md). @throws ServiceError 55031. */
export async function prepaidBalance(db: Db, contactUuid: string): Promise<{ balance_in_cents: number }> {
  const contact = await contactByUuid(db, contactUuid);
  return { balance_in_cents: Number(contact.prepaid_balance_in_cents) };
}
