import type { Kysely, Transaction } from 'kysely';
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

/**
 * Runs `work` in one database transaction; every write of a request happens inside one.
 * On success the collected notifications go to `deliver`; on error nothing is written or sent.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  clock: () => Date,
  deliver: (notes: Notification[]) => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const notes: Notification[] = [];
  const result = await db
    .transaction()
    .execute((trx) =>
      work({ db: trx, now: clock(), publish: (topic, payload) => notes.push({ topic, payload }) }),
    );
  if (notes.length > 0) deliver(notes);
  return result;
}
