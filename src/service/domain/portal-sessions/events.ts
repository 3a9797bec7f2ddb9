/*
 * A portal session's events: recorded in its transaction, read by the POS in order, and woken up on
 * the session's topic after commit (event streams read them from the table).
 */
import type { PortalEvent } from '../../../contract/portal';
import type { WebhookEventType, WebhookPortalSession } from '../../../contract/public/webhooks';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { shopById, shopRef } from '../account/shops';
import { contactById } from '../contacts/contacts';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import type { PortalSessionRow } from './guards';

/** The topic of one session's events. */
export const sessionTopic = (uuid: string) => `portal-session:${uuid}`;

// The session events that end a session, and the webhook event each one is.
const ENDING_WEBHOOKS: Partial<Record<string, WebhookEventType>> = {
  session_completed: 'portal_session_completed',
  session_cancelled: 'portal_session_cancelled',
  session_expired: 'portal_session_expired',
};

/**
 * Appends an event `{uuid, type, created_at, data}` to a session and publishes it on the
 * session's topic (delivered to streams after commit). An event that ends the session also tells
 * webhooks (portal_session_completed, _cancelled, _expired), with `session` as it ended.
 */
export async function recordEvent(
  tx: Tx,
  session: PortalSessionRow,
  type: string,
  data: unknown,
): Promise<PortalEvent> {
  const createdAt = isoTimestamp(tx.now);
  const event: PortalEvent = { uuid: newUuid(), type, created_at: apiTimestamp(createdAt), data };
  // Under the session's row lock, a session's event ids follow commit order: a stream that has
  // read up to an id never misses a smaller one committed later.
  await tx.lock('portal_sessions', session.id);
  await tx.db
    .insertInto('portal_session_events')
    .values({
      uuid: event.uuid,
      portal_session_id: session.id,
      type,
      data: JSON.stringify(data ?? null),
      created_at: createdAt,
    })
    .execute();
  // Only a wake-up: streams read the event from the table (sessionEventsAfter).
  tx.publish(sessionTopic(session.uuid), { event: event.uuid });
  const webhook = ENDING_WEBHOOKS[type];
  if (webhook) await recordWebhookEvent(tx, webhook, await webhookSessionOf(tx.db, session, data));
  return event;
}

// A session as its webhook events show it, with its ending event's data as `details`.
async function webhookSessionOf(
  db: Db,
  session: PortalSessionRow,
  data: unknown,
): Promise<WebhookPortalSession> {
  const [shop, contact] = await Promise.all([
    shopById(db, session.shop_id),
    session.contact_id === null ? undefined : contactById(db, session.contact_id),
  ]);
  return {
    uuid: session.uuid,
    type: session.type,
    status: session.status,
    shop: shopRef(shop),
    contact: contact ? { uuid: contact.uuid } : null,
    created_at: session.created_at,
    ended_at: session.ended_at,
    details: (data ?? {}) as Record<string, unknown>,
  };
}

/** The events of a session, oldest first. */
export async function sessionEvents(db: Db, sessionId: number): Promise<PortalEvent[]> {
  return (await sessionEventsAfter(db, sessionId, 0)).map((r) => r.event);
}

/**
 * The events of a session stored after the one with row id `afterId` (0: all), oldest first, each
 * with its row id (the position an event stream has delivered up to).
 */
export async function sessionEventsAfter(
  db: Db,
  sessionId: number,
  afterId: number,
): Promise<{ id: number; event: PortalEvent }[]> {
  const rows = await db
    .selectFrom('portal_session_events')
    .select(['id', 'uuid', 'type', 'created_at', 'data'])
    .where('portal_session_id', '=', sessionId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    event: { uuid: r.uuid, type: r.type, created_at: apiTimestamp(r.created_at), data: JSON.parse(r.data) },
  }));
}

/**
 * The row id of a session's event by its uuid (a stream's `Last-Event-ID`), 0 when the session has
 * no such event (the stream then starts from the first).
 */
export async function sessionEventPosition(db: Db, sessionId: number, uuid: string): Promise<number> {
  const row = await db
    .selectFrom('portal_session_events')
    .select('id')
    .where('portal_session_id', '=', sessionId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** Whether a session has ended (completed, cancelled or expired): its events are then all written. */
export async function sessionHasEnded(db: Db, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('portal_sessions')
    .select('status')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.status !== 'open';
}
