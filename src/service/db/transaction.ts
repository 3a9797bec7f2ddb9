import { type Kysely, sql } from 'kysely';
import { shareAccountCache } from './account-cache';
import type { DialectName } from './database';
import type { GroupCommit } from './group-commit';
import type { Database, Db } from './schema';

/** A message for live listeners (event streams), sent only once its transaction has committed. */
export interface Notification {
  topic: string;
  payload: unknown;
}

/**
 * One unit of work: an open transaction, the time it runs at (one `now` for every row it writes),
 * and `publish` for notifications that must go out only if the transaction commits.
 */
export interface Tx {
  /** The open transaction. */
  db: Db;
  now: Date;
  publish(topic: string, payload: unknown): void;
  /**
   * Locks a row until the transaction ends, so that a rule read then written (a balance, a claim
   * limit, a card's last transaction) holds against concurrent requests in every process. Call it
   * first, before reading what the rule depends on. SQLite runs one transaction at a time already.
   */
  lock(table: LockableTable, id: number): Promise<void>;
}

/** Tables whose rows guard a rule (the owner of a balance or of a limited resource). */
export type LockableTable =
  | 'account'
  | 'contacts'
  | 'giftcards'
  | 'vouchers'
  | 'promotions'
  | 'rewards'
  | 'portal_sessions'
  | 'pos_transactions'
  | 'staff';

// PostgreSQL: serialization failure and deadlock; the whole unit of work is retried.
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

/** Where units of work run: the database, and on SQLite the group commit they go through. */
export interface Transactions {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: the group commit of `db` (OpenDatabase.groupCommit); every unit of work goes through it. */
  groupCommit?: GroupCommit | undefined;
}

/**
 * Runs `work` in one database transaction; every write of a request happens inside one, and the
 * same code runs on both engines. SQLite runs them one at a time, batched by its group commit
 * (group-commit.ts): `work` gets a savepoint of the batch's transaction and resolves once the
 * batch is on disk.
 * PostgreSQL runs them READ COMMITTED: rules hold through `tx.lock` on the row that owns them and
 * conditional updates (`balance + x >= 0`); a unit of work that hits a deadlock is retried whole.
 * On success the collected notifications go to `deliver`; on error nothing is written or sent.
 * Do what is not the database's (mail, HTTP calls, hashing off the thread) before or after it:
 * on either engine a unit that awaits anything else holds what it holds (SQLite: the batch, so
 * every request of the process; PostgreSQL: its connection and row locks) until it returns.
 */
export async function inTransaction<T>(
  database: Transactions,
  clock: () => Date,
  deliver: (notes: Notification[]) => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { db, dialect, groupCommit } = database;
  if (dialect === 'sqlite' && !groupCommit) throw new Error('SQLite units of work need its group commit');
  for (let attempt = 1; ; attempt++) {
    const notes: Notification[] = [];
    const run = (trx: Db) => {
      shareAccountCache(db, trx);
      return work({
        db: trx,
        now: clock(),
        publish: (topic, payload) => notes.push({ topic, payload }),
        lock: async (table, id) => {
          if (dialect === 'postgres')
            await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id} FOR UPDATE`.execute(trx);
        },
      });
    };
    try {
      const result = groupCommit ? await groupCommit.run(run) : await db.transaction().execute(run);
      if (notes.length > 0) deliver(notes);
      return result;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
