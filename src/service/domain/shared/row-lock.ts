import type { Db } from '../../db/schema';
import type { LockableTable, Tx } from '../../db/transaction';

/**
 * The row that `uuid` names, locked until the transaction ends (`tx.lock`) and read again once
 * locked, so that the caller's rule sees what a concurrent transaction committed before it.
 * @throws what `read` throws for an unknown uuid (its not-found ServiceError).
 */
export async function lockByUuid<Row extends { id: number }>(
  tx: Tx,
  table: LockableTable,
  uuid: string,
  read: (db: Db, uuid: string) => Promise<Row>,
): Promise<Row> {
  await tx.lock(table, (await read(tx.db, uuid)).id);
  return read(tx.db, uuid);
}
