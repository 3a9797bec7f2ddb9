import type { Selectable } from 'kysely';
import type { CreatePosTransactionBody, PosTransaction } from '../../../contract/public/pos-transactions';
import type { Db, PosTransactionTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { resolveShop } from '../account/shops';
import type { Actor } from '../shared/actor';
import { ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';

/** A POS transaction row as stored (`amount_in_cents` in cents). */
export type PosTransactionRow = Selectable<PosTransactionTable>;

/** Spec "POS Transaction": `{uuid, transaction_id, terminal_id, created_at, amount_in_cents}`. */
export function posTransactionView(row: PosTransactionRow): PosTransaction {
  return {
    uuid: row.uuid,
    transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
    terminal_id: row.terminal_id === null ? null : Number(row.terminal_id),
    created_at: apiTimestamp(row.created_at),
    amount_in_cents: Number(row.amount_in_cents),
  };
}

/** A POS transaction by uuid. @throws ServiceError 1027 when there is none. */
export async function posTransactionByUuid(db: Db, uuid: string): Promise<PosTransactionRow> {
  const row = await db.selectFrom('pos_transactions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw new ServiceError(1027);
  return row;
}

/**
 * Records a register's transaction (spec "POS transactions": POST) for the actor's shop, or the
 * `shop_uuid` extension with an unbound key.
 * @throws ServiceError 1008 when no shop can be resolved.
 */
export async function createPosTransaction(
  tx: Tx,
  actor: Actor,
  input: CreatePosTransactionBody,
): Promise<PosTransaction> {
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  const row = await tx.db
    .insertInto('pos_transactions')
    .values({
      uuid: newUuid(),
      shop_id: shop.id,
      transaction_id: input.transaction_id ?? null,
      terminal_id: input.terminal_id ?? null,
      amount_in_cents: input.amount_in_cents,
      created_at: isoTimestamp(tx.now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return posTransactionView(row);
}
