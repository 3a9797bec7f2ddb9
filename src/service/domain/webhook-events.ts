import { sql } from 'kysely';
import type { WebhookEventType } from '../../contract/public/webhooks';
import { precompile } from '../db/precompiled';
import type { Db } from '../db/schema';
import type { Tx } from '../db/transaction';
import { isoTimestamp, newUuid } from './values';

/** The topic that wakes the webhook dispatchers (webhooks/dispatcher.ts) once deliveries are written. */
export const WEBHOOK_TOPIC = 'webhooks';

// LIKE's own characters in a property name are matched as themselves (ESCAPE '!').
const likeEscaped = (text: string) => text.replace(/[!%_]/g, '!$&');

/**
 * Puts an event in the webhook outbox, in the transaction of the change it tells of
 * (docs/webhooks.md): one pending delivery for each ACTIVE subscription to `type`, in one statement
 * that writes nothing when nobody subscribes. A contact_updated event goes only to subscriptions
 * whose properties are empty or name one of `changed`. The dispatchers are woken after commit; a
 * rolled-back change leaves nothing to deliver. Call it from the one domain function that makes
 * each kind of change, with the resource as its API shows it.
 */
export async function recordWebhookEvent(
  tx: Tx,
  type: WebhookEventType,
  data: object,
  changed?: readonly string[],
): Promise<void> {
  const at = isoTimestamp(tx.now);
  const delivery: PendingDelivery = {
    eventUuid: newUuid(),
    type,
    payload: JSON.stringify({ created_at: at, data }),
    due: tx.now.getTime(),
    at,
  };
  const written = changed
    ? await tx.db.executeQuery(insertDeliveries(tx.db, delivery, changed).compile())
    : await insertEveryDelivery.execute(tx.db, delivery);
  if (Number(written.numAffectedRows ?? 0) > 0) tx.publish(WEBHOOK_TOPIC, null);
}

/** One event's delivery row but for its subscription (`due` in ms since the epoch, `at` ISO). */
interface PendingDelivery {
  eventUuid: string;
  type: WebhookEventType;
  payload: string;
  due: number;
  at: string;
}

/** INSERT … SELECT of one pending delivery per ACTIVE subscription to the event's type, whose properties name one of `changed` when given. */
function insertDeliveries(db: Db, p: PendingDelivery, changed?: readonly string[]) {
  let subscribers = db
    .selectFrom('webhook_subscriptions')
    .where('event_type', '=', p.type)
    .where('status', '=', 'ACTIVE');
  if (changed) {
    subscribers = subscribers.where((eb) =>
      eb.or([
        eb('properties', '=', '[]'),
        ...changed.map((name) => eb(sql`properties`, 'like', sql`${`%"${likeEscaped(name)}"%`} escape '!'`)),
      ]),
    );
  }
  return db
    .insertInto('webhook_deliveries')
    .columns(['subscription_id', 'event_uuid', 'event_type', 'payload', 'next_attempt_at', 'created_at'])
    .expression(
      subscribers.select([
        'id',
        sql<string>`cast(${p.eventUuid} as text)`.as('event_uuid'),
        sql<string>`cast(${p.type} as text)`.as('event_type'),
        sql<string>`cast(${p.payload} as text)`.as('payload'),
        sql<number>`cast(${p.due} as bigint)`.as('next_attempt_at'),
        sql<string>`cast(${p.at} as text)`.as('created_at'),
      ]),
    );
}

// Every event but contact_updated: built once, as it runs with every write (precompiled.ts).
const insertEveryDelivery = precompile((db, p: PendingDelivery) => insertDeliveries(db, p));
