import type { DialectName } from '../db/database';
import type { Tx } from '../db/transaction';
import { apiTimestamp } from '../domain/shared/values';
import type { WebhookTargetPolicy } from '../domain/webhooks/targets';
import type { RoundTimer } from '../jobs/session-expiry';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  finishTry,
  pruneDeliveries,
  releaseTry,
  type TryOutcome,
} from './outbox';
import { webhookSignature } from './signature';
import { postToTarget, type Resolve, TargetRefused } from './target-connection';

/** The timers that cut a try at its timeout (tests give ones they fire themselves). */
export interface WebhookTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's timers, not keeping the process alive. */
export const REAL_TIMERS: WebhookTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** What a dispatcher needs of the app. */
export interface DispatcherOptions {
  /** Runs a unit of work in one transaction (the app's `tx`). */
  run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The engine: PostgreSQL takes due deliveries with SKIP LOCKED. */
  dialect: DialectName;
  clock: () => Date;
  /** Cut tries at `timeoutMs`. */
  timers: WebhookTimers;
  /** How long one try may take, from connecting to the answer's status (ms). */
  timeoutMs: number;
  /** Tries this process runs at once. */
  concurrency: number;
  /** Tries to one endpoint (URL origin: scheme, host and port) this process runs at once. */
  perOrigin: number;
  /** Which addresses deliveries may reach (domain/webhooks/targets.ts). */
  policy: WebhookTargetPolicy;
  /** Resolves the host names of subscription URLs. */
  resolve: Resolve;
  /** How long delivered and given-up deliveries are kept in the log (ms). */
  keepMs: number;
  /**
   * Logs a failed round (the database away; the round is tried again at the next wake), or a try
   * the target policy refused.
   */
  warn: (err: unknown, message: string) => void;
}

const SHUTDOWN = 'shutdown';
const TIMEOUT = 'timeout';
/** The log's error of a try the target policy refused: nothing was sent, nor is the address told. */
export const REFUSED_BY_POLICY = 'refused by policy';
/** The log's error of a try without a connection, whatever the cause: nothing of the network behind it. */
export const CONNECTION_FAILED = 'connection failed';

/**
 * Delivers the webhook outbox (docs/webhooks.md "Delivery"), off the request path: woken after a
 * change is committed and every few seconds, it takes due deliveries (outbox.ts: leased, so each is
 * sent by one process at a time) up to `concurrency` at once and `perOrigin` of one endpoint,
 * POSTs each with its signature and a `timeoutMs` bound to an address the policy allows, and
 * writes the outcome (delivered, retry with back-off, given up). A slow or dead endpoint costs its
 * own share of tries only: other endpoints' deliveries go on, and requests never wait for a
 * delivery. Closing gives the running tries back untried, for the next process.
 */
export class WebhookDispatcher {
  private readonly running = new Map<
    number,
    { done: Promise<void>; abort: AbortController; origin: string }
  >();
  private round: Promise<number> | undefined;
  private again = false;
  private started = false;
  private closed = false;
  private stopPolling: () => void = () => undefined;

  constructor(private readonly options: DispatcherOptions) {}

  /** Runs in the background from now on: at each wake, and every `ms` by `poll` (due retries). */
  start(poll: RoundTimer, ms: number): void {
    this.started = true;
    this.stopPolling = poll(() => {
      this.wake();
      return this.round?.then(() => undefined) ?? Promise.resolve();
    }, ms);
  }

  /** Looks for due deliveries soon (a change was committed, or a try ended). */
  wake(): void {
    if (!this.started || this.closed) return;
    if (this.round) {
      this.again = true;
      return;
    }
    void this.runRound();
  }

  /**
   * Delivers until nothing is due: takes what is due, waits for those tries, and again. Tests call
   * it instead of waiting for the background; a process calling it with others shares the work.
   * @returns how many tries were made.
   */
  async drain(): Promise<number> {
    let tries = 0;
    for (;;) {
      while (this.round) await this.round;
      const taken = await this.runRound();
      await Promise.all([...this.running.values()].map((r) => r.done));
      tries += taken;
      if (taken === 0) return tries;
    }
  }

  /** Stops: no new tries; running ones are cut and given back untried. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopPolling();
    for (const { abort } of this.running.values()) abort.abort(SHUTDOWN);
    await this.round?.catch(() => undefined);
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  // One look for due deliveries, then their tries started (not awaited). Answers how many were taken.
  private runRound(): Promise<number> {
    const round = (async () => {
      let taken = 0;
      try {
        do {
          this.again = false;
          const free = this.options.concurrency - this.running.size;
          if (this.closed || free <= 0) break;
          const busy = new Map<string, number>();
          for (const { origin } of this.running.values()) busy.set(origin, (busy.get(origin) ?? 0) + 1);
          const now = this.options.clock();
          const claimed = await this.options.run((tx) =>
            claimDueDeliveries(tx, this.options.dialect, {
              now: now.getTime(),
              limit: free,
              leaseMs: this.options.timeoutMs + 60_000,
              perOrigin: this.options.perOrigin,
              busy,
            }),
          );
          for (const delivery of claimed) this.startTry(delivery);
          taken += claimed.length;
          if (claimed.length === 0 && this.running.size === 0) {
            await this.options.run((tx) =>
              pruneDeliveries(tx, new Date(now.getTime() - this.options.keepMs), 500),
            );
          }
        } while (this.again);
      } catch (err) {
        this.options.warn(err, 'webhook delivery round failed');
      } finally {
        this.round = undefined;
      }
      return taken;
    })();
    this.round = round;
    return round;
  }

  private startTry(delivery: ClaimedDelivery): void {
    const abort = new AbortController();
    // Taken while closing: given back at once.
    if (this.closed) abort.abort(SHUTDOWN);
    const done = (async () => {
      const outcome = await this.send(delivery, abort);
      try {
        if (outcome.error === SHUTDOWN) await this.options.run((tx) => releaseTry(tx, delivery));
        else await this.options.run((tx) => finishTry(tx, delivery, outcome));
      } catch (err) {
        // Its lease runs out and the delivery is tried again (by any process).
        this.options.warn(err, 'webhook delivery outcome not written');
      } finally {
        this.running.delete(delivery.id);
        this.wake();
      }
    })();
    this.running.set(delivery.id, { done, abort, origin: delivery.origin });
  }

  // One POST of the delivery, bounded by timeoutMs; never throws.
  private async send(delivery: ClaimedDelivery, abort: AbortController): Promise<TryOutcome> {
    const sentAt = this.options.clock();
    const timestamp = Math.floor(sentAt.getTime() / 1000);
    const body = JSON.stringify({
      uuid: delivery.eventUuid,
      event_type: delivery.eventType,
      created_at: apiTimestamp(delivery.event.created_at),
      timestamp,
      subscription_uuid: delivery.subscriptionUuid,
      data: delivery.event.data,
    });
    const timer = this.options.timers.setTimeout(() => abort.abort(TIMEOUT), this.options.timeoutMs);
    const started = performance.now();
    try {
      const statusCode = await postToTarget({
        url: delivery.url,
        body,
        signal: abort.signal,
        policy: this.options.policy,
        resolve: this.options.resolve,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Portal-Webhooks/1',
          signature: webhookSignature(delivery.secret, body),
          'webhook-timestamp': String(timestamp),
          'webhook-id': delivery.eventUuid,
          'webhook-event': delivery.eventType,
        },
      });
      const ok = statusCode >= 200 && statusCode < 300;
      return {
        sentAt,
        statusCode,
        error: ok ? null : `HTTP ${statusCode}`,
        durationMs: performance.now() - started,
      };
    } catch (err) {
      // Refused: nothing was sent, and the caller is told neither the address nor a time; the
      // operator's log says which rule (private: --webhook-allow-private-networks would allow it).
      if (err instanceof TargetRefused) {
        this.options.warn(
          err,
          `webhook delivery to subscription ${delivery.subscriptionUuid} refused by policy`,
        );
        return { sentAt, statusCode: null, error: REFUSED_BY_POLICY, durationMs: 0 };
      }
      const error = abort.signal.aborted ? String(abort.signal.reason) : CONNECTION_FAILED;
      return { sentAt, statusCode: null, error, durationMs: performance.now() - started };
    } finally {
      this.options.timers.clearTimeout(timer);
    }
  }
}
