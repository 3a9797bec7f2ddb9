import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from './database';
import type { Database } from './schema';

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
  db: Transaction<Database>;
  now: Date;
  publish(topic: string, payload: unknown): void;
}

// PostgreSQL: serialization failure and deadlock; the whole unit of work is retried.
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 8;

/**
 * Runs `work` in one database transaction; every write of a request happens inside one.
 * SQLite runs transactions one at a time; PostgreSQL runs them SERIALIZABLE and retries a unit of
 * work that lost a race, so a rule checked inside `work` (a balance never below zero) holds across
 * processes. On success the collected notifications go to `deliver`; on error nothing is written or sent.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  dialect: DialectName,
  clock: () => Date,
  deliver: (notes: Notification[]) => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const notes: Notification[] = [];
    const run = (trx: Transaction<Database>) =>
      work({ db: trx, now: clock(), publish: (topic, payload) => notes.push({ topic, payload }) });
    try {
      const result =
        dialect === 'postgres'
          ? await db.transaction().setIsolationLevel('serializable').execute(run)
          : await db.transaction().execute(run);
      if (notes.length > 0) deliver(notes);
      return result;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
