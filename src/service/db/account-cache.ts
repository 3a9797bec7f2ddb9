import type { Db } from './schema';

/**
 * The event-bus topic (events/bus.ts) announcing that account-level rows changed (the account,
 * shops, units, tiers, subscription types, custom attribute definitions): every process forgets
 * what its AccountCache holds. Published by the writes that change them (a fixture load, the units
 * and custom-attribute APIs); on PostgreSQL it reaches every process through LISTEN/NOTIFY.
 */
export const ACCOUNT_CHANGED_TOPIC = 'account:changed';

/**
 * Account-level data that changes rarely (shops, units, tiers, the account's look), kept in each
 * process so that hot requests (a credit reception, a standby screen's state, a session create) do
 * not read it again on every call (docs/postgresql.md). Values are kept as promises, so concurrent
 * readers of a missing key share one read (a standby fleet reconnecting at once). `invalidate`
 * forgets everything: on this process's own writes at commit, on ACCOUNT_CHANGED_TOPIC from other
 * processes, and when the bus's LISTEN connection was lost (notifications may have been missed).
 */
export class AccountCache {
  private values = new Map<string, Promise<unknown>>();

  /** The value of `key`, read by `load` once until the next invalidation. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.values.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    this.values.set(key, value);
    // A failed read is not kept: the next caller reads again.
    value.catch(() => {
      if (this.values.get(key) === value) this.values.delete(key);
    });
    return value;
  }

  /** Forgets the value of `key` (the next caller reads it again). */
  forget(key: string): void {
    this.values.delete(key);
  }

  /** Forgets every value (a read still under way is no longer handed out). */
  invalidate(): void {
    this.values = new Map();
  }
}

// The cache of each database handle, and of the transactions run on it (db/transaction.ts).
const caches = new WeakMap<object, AccountCache>();

/** Serves account-level reads on `db` (and the transactions started from it) from `cache`. */
export function attachAccountCache(db: Db, cache: AccountCache): void {
  caches.set(db, cache);
}

/** Lets the transaction `trx` of `db` read through `db`'s cache, if it has one. */
export function shareAccountCache(db: Db, trx: Db): void {
  const cache = caches.get(db);
  if (cache) caches.set(trx, cache);
}

/**
 * `load()`, kept under `key` in the account cache of `db`; read every time where `db` has none
 * (a handle of its own: the fixture loader, a script).
 */
export function accountCached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, load) : load();
}

/** Forgets everything the account cache of `db` keeps (a fixture loaded through `db`). */
export function forgetAccount(db: Db): void {
  caches.get(db)?.invalidate();
}

/**
 * Forgets what the account cache of `db` keeps under `key`: for a reader that found in the
 * database a row its kept value lacks (one another process just wrote, before the bus brought
 * the news), so that the next reader reads it again.
 */
export function forgetAccountCached(db: Db, key: string): void {
  caches.get(db)?.forget(key);
}
