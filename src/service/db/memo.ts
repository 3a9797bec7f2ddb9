import type { Db } from './schema';

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

function memoOf(db: Db): Map<string, Promise<unknown>> {
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  return memo;
}

/**
 * Within one transaction, reads `key` once and answers the same result to every later caller (a
 * request that resolves a shop, then renders a row of that shop, reads it once). Only for rows the
 * transaction does not write, or forgets when it does (forgetInTransaction); SQLite's group commit
 * shares one transaction among the requests of a batch, so they share the results too. Outside a
 * transaction it reads every time.
 */
export function readOncePerTransaction<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return read();
  const memo = memoOf(db);
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    value.catch(() => memo.delete(key));
    memo.set(key, value);
  }
  return value;
}

/** Records a row read another way (by name, say) as the result of `key` for the rest of the transaction. */
export function rememberInTransaction<T>(db: Db, key: string, value: T): void {
  if (db.isTransaction) memoOf(db).set(key, Promise.resolve(value));
}

/** Forgets every result whose key starts with `prefix` (after the transaction wrote such rows). */
export function forgetInTransaction(db: Db, prefix: string): void {
  const memo = memos.get(db);
  for (const key of memo?.keys() ?? []) if (key.startsWith(prefix)) memo!.delete(key);
}
