import type { DialectName } from '../db/database';
import type { Tx } from '../db/transaction';
import { newSecret } from '../domain/tokens';
import { isoTimestamp } from '../domain/values';

/*
 * The webhook outbox as a queue (docs/webhooks.md "Delivery"): the due deliveries a process takes
 * for a while (a lease), and what it writes back after each try. Safe with any number of processes:
 * on PostgreSQL each takes rows no other holds (FOR UPDATE SKIP LOCKED) and marks them leased
 * before its transaction ends; a lease that runs out (its process died mid-try) makes the delivery
 * due again, so every event is delivered at least once.
 */

/** Tries of one delivery before it is given up (the first and 5 retries, as the real platform). */
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait after failed try `attempt` (1-based): 30 s, 2 min, 8 min, 32 min, then 1 hour at most. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 4 ** (attempt - 1));
}

/** A delivery taken for one try, with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  leaseToken: string;
  /** This try's number (1 for the first). */
  attempt: number;
  subscriptionId: number;
  subscriptionUuid: string;
  url: string;
  secret: string;
  eventUuid: string;
  eventType: string;
  /** The event's time and data, as recorded. */
  event: { created_at: string; data: unknown };
}

/**
 * Takes up to `limit` due deliveries of ACTIVE subscriptions for one try each, oldest due first, at
 * most `perSubscription` of one subscription counting `busy` (its tries this process has running),
 * so that one slow endpoint cannot take every slot. Each is leased until `now + leaseMs` and its
 * attempts counted.
 */
export async function claimDueDeliveries(
  tx: Tx,
  dialect: DialectName,
  options: {
    now: number;
    limit: number;
    leaseMs: number;
    perSubscription: number;
    busy: Map<number, number>;
  },
): Promise<ClaimedDelivery[]> {
  const { now, limit } = options;
  let due = tx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'subscription_id'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .where('subscription_id', 'in', (eb) =>
      eb.selectFrom('webhook_subscriptions').select('id').where('status', '=', 'ACTIVE'),
    )
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit * 4);
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const taken = new Map(options.busy);
  const chosen: number[] = [];
  for (const row of await due.execute()) {
    const count = taken.get(row.subscription_id) ?? 0;
    if (count >= options.perSubscription) continue;
    taken.set(row.subscription_id, count + 1);
    chosen.push(row.id);
    if (chosen.length === limit) break;
  }
  if (chosen.length === 0) return [];
  const leaseToken = newSecret();
  const rows = await tx.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      lease_until: now + options.leaseMs,
      lease_token: leaseToken,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', chosen)
    .returningAll()
    .execute();
  const subscriptions = await tx.db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'uuid', 'url', 'secret'])
    .where('id', 'in', [...new Set(rows.map((r) => r.subscription_id))])
    .execute();
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  return rows
    .sort((a, b) => Number(a.next_attempt_at) - Number(b.next_attempt_at) || a.id - b.id)
    .map((row) => {
      const subscription = byId.get(row.subscription_id)!;
      return {
        id: row.id,
        leaseToken,
        attempt: row.attempts,
        subscriptionId: row.subscription_id,
        subscriptionUuid: subscription.uuid,
        url: subscription.url,
        secret: subscription.secret,
        eventUuid: row.event_uuid,
        eventType: row.event_type,
        event: JSON.parse(row.payload) as ClaimedDelivery['event'],
      };
    });
}

/** What one try came to: the endpoint's HTTP status (null when none came) and why it failed. */
export interface TryOutcome {
  sentAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Writes a try to the delivery log and its consequence: delivered (a 2xx answer), due again after
 * retryDelayMs, or given up after MAX_ATTEMPTS. Only while the lease is still this try's: a process
 * whose lease ran out (and another took the delivery over) changes nothing but the log.
 */
export async function finishTry(tx: Tx, claimed: ClaimedDelivery, outcome: TryOutcome): Promise<void> {
  await tx.db
    .insertInto('webhook_delivery_attempts')
    .values({
      delivery_id: claimed.id,
      attempt: claimed.attempt,
      sent_at: isoTimestamp(outcome.sentAt),
      status_code: outcome.statusCode,
      error: outcome.error,
      duration_ms: Math.round(outcome.durationMs),
    })
    .execute();
  const delivered = outcome.error === null;
  const now = tx.now.getTime();
  await tx.db
    .updateTable('webhook_deliveries')
    .set(
      delivered
        ? { status: 'delivered', delivered_at: isoTimestamp(tx.now), next_attempt_at: null }
        : claimed.attempt >= MAX_ATTEMPTS
          ? { status: 'failed', next_attempt_at: null }
          : { next_attempt_at: now + retryDelayMs(claimed.attempt) },
    )
    .set({ lease_until: null, lease_token: null })
    .where('id', '=', claimed.id)
    .where('lease_token', '=', claimed.leaseToken)
    .execute();
}

/**
 * Gives a try back untried (the process is shutting down): due again at once for any process, its
 * attempt not counted.
 */
export async function releaseTry(tx: Tx, claimed: ClaimedDelivery): Promise<void> {
  await tx.db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ lease_until: null, lease_token: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', claimed.id)
    .where('lease_token', '=', claimed.leaseToken)
    .execute();
}

/** Deletes up to `limit` deliveries (and their logs) delivered or given up before `before`. */
export async function pruneDeliveries(tx: Tx, before: Date, limit: number): Promise<number> {
  const old = await tx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', 'in', ['delivered', 'failed'])
    .where('created_at', '<', isoTimestamp(before))
    .limit(limit)
    .execute();
  if (old.length === 0) return 0;
  await tx.db
    .deleteFrom('webhook_deliveries')
    .where(
      'id',
      'in',
      old.map((r) => r.id),
    )
    .execute();
  return old.length;
}
