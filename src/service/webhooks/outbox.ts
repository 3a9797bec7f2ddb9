import type { DialectName } from '../db/database';
import type { Tx } from '../db/transaction';
import { newSecret } from '../domain/shared/tokens';
import { isoTimestamp } from '../domain/shared/values';

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
  /** The endpoint the URL names (scheme, host and port), whose share of tries it takes. */
  origin: string;
  secret: string;
  eventUuid: string;
  eventType: string;
  /** The event's time and data, as recorded. */
  event: { created_at: string; data: unknown };
}

/** The endpoint of a subscription URL: its origin (`https://pos.example.com:8443`). */
export function endpointOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

/**
 * Takes up to `limit` due deliveries of ACTIVE subscriptions for one try each, oldest due first, at
 * most `perOrigin` to one endpoint counting `busy` (its tries this process has running, by origin),
 * so that a slow or dead endpoint takes its own share of the slots and no other's. An endpoint at
 * its share is left out of the look for due deliveries, so its backlog hides no other endpoint's.
 * Each is leased until `now + leaseMs` and its attempts counted.
 */
export async function claimDueDeliveries(
  tx: Tx,
  dialect: DialectName,
  options: {
    now: number;
    limit: number;
    leaseMs: number;
    perOrigin: number;
    busy: Map<string, number>;
  },
): Promise<ClaimedDelivery[]> {
  const { now, limit, perOrigin } = options;
  // Few (at most WEBHOOK_SUBSCRIPTION_LIMIT an account): read whole, to group them by endpoint.
  const subscriptions = await tx.db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'uuid', 'url', 'secret'])
    .where('status', '=', 'ACTIVE')
    .execute();
  const byId = new Map(subscriptions.map((s) => [s.id, { ...s, origin: endpointOf(s.url) }]));
  const taken = new Map(options.busy);
  const claimed: ClaimedDelivery[] = [];
  const leaseToken = newSecret();
  while (claimed.length < limit) {
    const open = [...byId.values()].filter((s) => (taken.get(s.origin) ?? 0) < perOrigin).map((s) => s.id);
    if (open.length === 0) break;
    let due = tx.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'subscription_id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .where('subscription_id', 'in', open)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit((limit - claimed.length) * perOrigin);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const chosen: number[] = [];
    for (const row of await due.execute()) {
      const { origin } = byId.get(row.subscription_id)!;
      const count = taken.get(origin) ?? 0;
      if (count >= perOrigin) continue;
      taken.set(origin, count + 1);
      chosen.push(row.id);
      if (claimed.length + chosen.length === limit) break;
    }
    // Nothing due of an endpoint with room: done. Else look again without the endpoints now full.
    if (chosen.length === 0) break;
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
    // Oldest due first, as chosen.
    rows.sort((a, b) => chosen.indexOf(a.id) - chosen.indexOf(b.id));
    for (const row of rows) {
      const subscription = byId.get(row.subscription_id)!;
      claimed.push({
        id: row.id,
        leaseToken,
        attempt: row.attempts,
        subscriptionId: row.subscription_id,
        subscriptionUuid: subscription.uuid,
        url: subscription.url,
        origin: subscription.origin,
        secret: subscription.secret,
        eventUuid: row.event_uuid,
        eventType: row.event_type,
        event: JSON.parse(row.payload) as ClaimedDelivery['event'],
      });
    }
  }
  return claimed;
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
