import type pg from 'pg';

/** Seconds a client is asked to wait (`Retry-After`) when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

// PostgreSQL: class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up), 53300
// (too many connections); Node's socket errors.
const CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  // SQLite: the group commit lost durability (group-commit.ts); the process is exiting.
  'EDURABILITY',
]);
// node-postgres's own errors for a connection that ended or never came.
const MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|connection error/i;

/**
 * Whether `err` means the database cannot be reached right now (restart, failover, network, an
 * SQLite process that stopped writing), rather than that the work was wrong: the request answers
 * 503 with `Retry-After`, and nothing of it was committed (PostgreSQL rolls back a transaction whose
 * connection ends; SQLite's group commit refuses work before running it).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // Node's connect to several addresses fails with an AggregateError of each attempt.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

/**
 * Makes a pool survive the server going away: a connection that a request holds gets an error
 * listener too (node-postgres only listens on idle ones, and an unheard error ends the process);
 * the pool drops it when released, and opens new ones once the server is back.
 */
export function survivingOutages(pool: pg.Pool, onLost: (err: Error) => void): pg.Pool {
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', onLost));
  return pool;
}
