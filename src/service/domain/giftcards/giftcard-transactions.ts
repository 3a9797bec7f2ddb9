import { type Selectable, sql } from 'kysely';
import type { PaginatorMeta } from '../../../contract/envelope';
import type {
  CreateGiftcardTransactionBody,
  GiftcardTransaction,
  ListGiftcardTransactionsQuery,
} from '../../../contract/public/giftcard-transactions';
import type { Db, GiftcardTransactionTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { resolveShop } from '../account/shops';
import { type Actor, actsForShop } from '../shared/actor';
import { refusal, ServiceError } from '../shared/errors';
import { paginatorMeta } from '../shared/pagination';
import { apiTimestamp, bool, isoTimestamp, jsonObject, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import {
  type GiftcardRow,
  giftcardByUuid,
  giftcardProgramByUuid,
  hasBeenIncremented,
  isExpired,
} from './giftcards';

/** A giftcard transaction row as stored. */
export type GiftcardTransactionRow = Selectable<GiftcardTransactionTable>;

// Fields of the resource; a custom attribute of the same name would hide one.
const RESOURCE_FIELDS = new Set([
  'id',
  'uuid',
  'amount_in_cents',
  'type',
  'settled',
  'card',
  'card_id',
  'shop',
  'shop_id',
  'settlements',
  'created_at',
]);

/** A giftcard transaction by uuid. @throws ServiceError 5010 when there is none. */
export async function giftcardTransactionByUuid(db: Db, uuid: string): Promise<GiftcardTransactionRow> {
  const row = await db
    .selectFrom('giftcard_transactions')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw new ServiceError(5010);
  return row;
}

/** Spec "Giftcard Transaction" for a row; custom attributes as further top-level keys. */
export async function giftcardTransactionView(
  db: Db,
  row: GiftcardTransactionRow,
): Promise<GiftcardTransaction> {
  const [card, shop] = await Promise.all([
    db
      .selectFrom('giftcards')
      .select(['id', 'uuid'])
      .where('id', '=', row.giftcard_id)
      .executeTakeFirstOrThrow(),
    row.shop_id === null
      ? undefined
      : db
          .selectFrom('shops')
          .select(['id', 'uuid', 'name'])
          .where('id', '=', row.shop_id)
          .executeTakeFirst(),
  ]);
  return {
    ...jsonObject(row.attributes),
    id: row.id,
    uuid: row.uuid,
    amount_in_cents: Number(row.amount_in_cents),
    type: 'STANDARD',
    settled: bool(row.settled),
    card: { id: card.id, uuid: card.uuid },
    card_id: card.id,
    shop: shop ?? null,
    shop_id: shop?.id ?? null,
    settlements: [],
    created_at: apiTimestamp(row.created_at),
  };
}

/**
 * Moves a card's balance by `amount` (cents) and writes its transaction and its webhook event
 * (giftcard_transaction_created), in `tx`, under the rules of
 * spec "Giftcard transactions": the card must be active and not expired; an increment that is not a
 * reversal needs a physical card or a digital one not yet incremented; the balance stays within
 * 0 … the program's max_amount_in_cents. Locks the card first and moves the balance conditionally,
 * so concurrent transactions can neither overdraw nor overfill it.
 * @throws ServiceError 1003 (inactive card), 5002, 5006, 5008, 5003.
 */
async function applyTransaction(
  tx: Tx,
  cardId: number,
  amount: number,
  values: { shopId: number | null; attributes: Record<string, unknown>; reversesId: number | null },
): Promise<GiftcardTransaction> {
  await tx.lock('giftcards', cardId);
  const card: GiftcardRow = await tx.db
    .selectFrom('giftcards')
    .selectAll()
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  if (!bool(card.active)) throw refusal('giftcard_inactive', 'Giftcard is inactive');
  if (isExpired(card, tx.now)) throw new ServiceError(5002);
  if (
    amount > 0 &&
    values.reversesId === null &&
    card.type === 'DIGITAL' &&
    (await hasBeenIncremented(tx.db, card.id))
  ) {
    throw new ServiceError(5006);
  }
  const program = await tx.db
    .selectFrom('giftcard_programs')
    .select('max_amount_in_cents')
    .where('id', '=', card.giftcard_program_id)
    .executeTakeFirstOrThrow();
  const max = program.max_amount_in_cents === null ? null : Number(program.max_amount_in_cents);
  const after = Number(card.balance_in_cents) + amount;
  if (max !== null && after > max) throw new ServiceError(5008);
  if (after < 0) throw new ServiceError(5003);
  const next = sql<number>`balance_in_cents + ${amount}`;
  let update = tx.db
    .updateTable('giftcards')
    .set({ balance_in_cents: next })
    .where('id', '=', card.id)
    .where(next, '>=', 0);
  if (max !== null) update = update.where(next, '<=', max);
  const moved = await update.executeTakeFirst();
  if (moved.numUpdatedRows === 0n) throw new ServiceError(amount < 0 ? 5003 : 5008);
  const row = await insertGiftcardTransaction(tx.db, {
    giftcardId: card.id,
    shopId: values.shopId,
    amountInCents: amount,
    reversesId: values.reversesId,
    attributes: values.attributes,
    createdAt: isoTimestamp(tx.now),
  });
  if (!row) throw new ServiceError(55025);
  const view = await giftcardTransactionView(tx.db, row);
  await recordWebhookEvent(tx, 'giftcard_transaction_created', view);
  return view;
}

/**
 * Stores one settled STANDARD transaction of a card, without touching its balance (the caller
 * moves it, or sets it as the card's opening balance). Shared by every transaction the service
 * writes and the fixture loader. reverses_id is UNIQUE: a transaction is reversed once, even by
 * concurrent requests.
 * @returns the row; undefined when `reversesId` names a transaction reversed already.
 */
export async function insertGiftcardTransaction(
  db: Db,
  values: {
    giftcardId: number;
    shopId: number | null;
    amountInCents: number;
    reversesId: number | null;
    attributes: Record<string, unknown>;
    createdAt: string;
  },
): Promise<GiftcardTransactionRow | undefined> {
  return db
    .insertInto('giftcard_transactions')
    .values({
      uuid: newUuid(),
      giftcard_id: values.giftcardId,
      shop_id: values.shopId,
      amount_in_cents: values.amountInCents,
      type: 'STANDARD',
      settled: 1,
      reverses_id: values.reversesId,
      attributes: JSON.stringify(values.attributes),
      created_at: values.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Creates a giftcard transaction (spec "Giftcard transactions" POST): a positive amount increments
 * the card, a negative one decrements it. The shop is the key's bound shop, or `shop_uuid` with an
 * unbound key (account-fixture.md "Rules"); with neither: 1008.
 * @throws ServiceError 5001 unknown card, 1008, 1003 (inactive card; a custom attribute named like
 * a field of the resource), 5002, 5006, 5008, 5003.
 */
export async function createGiftcardTransaction(
  tx: Tx,
  actor: Actor,
  input: CreateGiftcardTransactionBody,
): Promise<GiftcardTransaction> {
  const attributes = input.custom_attributes ?? {};
  const clashes = Object.keys(attributes).filter((name) => RESOURCE_FIELDS.has(name));
  if (clashes.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(
        clashes.map((name) => [
          `custom_attributes.${name}`,
          [`The name ${name} is a field of the transaction.`],
        ]),
      ),
    });
  }
  const card = await giftcardByUuid(tx.db, input.giftcard_uuid);
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  return applyTransaction(tx, card.id, input.amount_in_cents, {
    shopId: shop.id,
    attributes,
    reversesId: null,
  });
}

/**
 * Reverses a giftcard transaction (spec "Giftcard transactions" reverse, state table): a new
 * transaction of the negated amount at the same shop, allowed for the card's last transaction only
 * and checked by the same rules (reversing a spent increment: 5003; a decrement above the max: 5008).
 * A shop-bound key reverses only its shop's transactions (actsForShop).
 * @throws ServiceError 5010 (unknown, or another shop's), 55025 (not the card's last transaction,
 * or reversed already), 1003, 5002, 5008, 5003.
 */
export async function reverseGiftcardTransaction(
  tx: Tx,
  actor: Actor,
  uuid: string,
): Promise<GiftcardTransaction> {
  return undoTransaction(tx, actor, uuid, { lastOnly: true });
}

/**
 * Corrects a giftcard transaction (extension POST /giftcard-transactions/{uuid}/correct, the PHP
 * SDK's `giftcardTransactions->correct()`): as reverse, a new transaction of the negated amount at
 * the same shop under the same rules, but for any transaction of the card, not only its last (a
 * mistyped amount found later). Once per transaction, whether corrected or reversed. A shop-bound
 * key corrects only its shop's transactions (actsForShop).
 * @throws ServiceError 5010 (unknown, or another shop's); 55025 when it was corrected or reversed
 * already; 1003, 5002, 5008, 5003.
 */
export async function correctGiftcardTransaction(
  tx: Tx,
  actor: Actor,
  uuid: string,
): Promise<GiftcardTransaction> {
  return undoTransaction(tx, actor, uuid, { lastOnly: false });
}

async function undoTransaction(
  tx: Tx,
  actor: Actor,
  uuid: string,
  options: { lastOnly: boolean },
): Promise<GiftcardTransaction> {
  const original = await giftcardTransactionByUuid(tx.db, uuid);
  // Another shop's transaction answers as an unknown one (docs/trust-model.md).
  if (!actsForShop(actor, original.shop_id)) throw new ServiceError(5010);
  await tx.lock('giftcards', original.giftcard_id);
  if (options.lastOnly) {
    const last = await tx.db
      .selectFrom('giftcard_transactions')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('giftcard_id', '=', original.giftcard_id)
      .executeTakeFirstOrThrow();
    if (Number(last.id) !== original.id) throw new ServiceError(55025);
  }
  return applyTransaction(tx, original.giftcard_id, 0 - Number(original.amount_in_cents), {
    shopId: original.shop_id,
    attributes: {},
    reversesId: original.id,
  });
}

/**
 * One page of giftcard transactions, newest first (extension GET /giftcard-transactions), of one
 * program's cards or of one card, with the real platform's paginator meta.
 * @throws ServiceError 1100 unknown program, 5001 unknown card.
 */
export async function listGiftcardTransactions(
  db: Db,
  query: ListGiftcardTransactionsQuery,
): Promise<{ items: GiftcardTransaction[]; meta: PaginatorMeta }> {
  let base = db.selectFrom('giftcard_transactions');
  if (query.giftcard_program_uuid !== undefined) {
    const program = await giftcardProgramByUuid(db, query.giftcard_program_uuid);
    base = base.where('giftcard_id', 'in', (eb) =>
      eb.selectFrom('giftcards').select('id').where('giftcard_program_id', '=', program.id),
    );
  }
  if (query.giftcard_uuid !== undefined) {
    base = base.where('giftcard_id', '=', (await giftcardByUuid(db, query.giftcard_uuid)).id);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const items = await Promise.all(rows.map((row) => giftcardTransactionView(db, row)));
  return { items, meta: paginatorMeta(query.page, query.limit, Number(total), items.length) };
}
