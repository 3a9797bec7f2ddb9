import { sql } from 'kysely';
import type { WebhookEventType } from '../../../contract/public/webhooks';
import type { Tx } from '../../db/transaction';
import { isoTimestamp, newUuid } from '../shared/values';

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
  const eventUuid = newUuid();
  const at = isoTimestamp(tx.now);
  const payload = JSON.stringify({ created_at: at, data });
  const due = tx.now.getTime();
  let subscribers = tx.db
    .selectFrom('webhook_subscriptions')
    .where('event_type', '=', type)
    .where('status', '=', 'ACTIVE');
  if (changed) {
    subscribers = subscribers.where((eb) =>
      eb.or([
        eb('properties', '=', '[]'),
        ...changed.map((name) => eb(sql`properties`, 'like', sql`${`%"${likeEscaped(name)}"%`} escape '!'`)),
      ]),
    );
  }
  const written = await tx.db
    .insertInto('webhook_deliveries')
    .columns(['subscription_id', 'event_uuid', 'event_type', 'payload', 'next_attempt_at', 'created_at'])
    .expression(
      subscribers.select([
        'id',
        sql<string>`cast(${eventUuid} as text)`.as('event_uuid'),
        sql<string>`cast(${type} as text)`.as('event_type'),
        sql<string>`cast(${payload} as text)`.as('payload'),
        sql<number>`cast(${due} as bigint)`.as('next_attempt_at'),
        sql<string>`cast(${at} as text)`.as('created_at'),
      ]),
    )
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0) > 0) tx.publish(WEBHOOK_TOPIC, null);
}
