import { toApiError } from '../../web/api-error';
import { waitForConnection } from './connection';

/** Tries after the first for an answer that says "try later" (429, 5xx). */
const SERVER_RETRIES = 2;

/**
 * How long to wait before trying an action again after its `failures`-th failure (ms), or null
 * when trying again cannot help. No answer at all (offline, server gone): again and again, 0.5 s
 * doubling to 4 s — the action goes through by itself once the connection is back, and its
 * idempotency key makes sure it acts once. 429 and 5xx: twice more. Anything else is the answer.
 */
export function retryDelay(error: unknown, failures: number): number | null {
  const { status } = toApiError(error);
  if (status === 0) return Math.min(500 * 2 ** (failures - 1), 4000);
  if ((status === 429 || status >= 500) && failures <= SERVER_RETRIES) return 800 * failures;
  return null;
}

export interface AttemptOptions {
  /** True once the action must not be tried again (the session is being ended): the last failure is thrown. */
  stopped: () => boolean;
  /** The wait between two tries; the default also ends when the connection comes back. */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Runs one action's request until it is answered (retryDelay says when to try again), unless
 * `stopped`: then no new try starts, and the last failure is thrown. Every try must send the same
 * request with the same idempotency key (the caller's `run`), so that however many reach the
 * service, it acts once.
 */
export async function attempt<T>(
  run: () => Promise<T>,
  { stopped, wait = waitForConnection }: AttemptOptions,
) {
  for (let failures = 1; ; failures++) {
    try {
      return await run();
    } catch (error) {
      const delay = retryDelay(error, failures);
      if (delay === null || stopped()) throw error;
      await wait(delay);
      if (stopped()) throw error;
    }
  }
}
