import type { Db } from './schema';

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Within one transaction, reads `key` once and answers the same result to every later caller (a
 * request that resolves a shop, then renders a row of that shop, reads it once). Only for rows
 * nothing writes while the service runs; outside a transaction it reads every time.
 */
export function readOncePerTransaction<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return read();
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    const ownMemo = memo;
    value.catch(() => ownMemo.delete(key));
    memo.set(key, value);
  }
  return value;
}
