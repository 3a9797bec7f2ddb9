import type { Selectable } from 'kysely';
import type { PaginatorMeta } from '../../../contract/envelope';
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionBody,
  ListWebhookDeliveriesQuery,
  UpdateWebhookSubscriptionBody,
  WebhookDelivery,
  WebhookEventType,
  WebhookSubscription,
} from '../../../contract/public/webhooks';
import type { Db } from '../../db/schema';
import type { WebhookDeliveryTable, WebhookSubscriptionTable } from '../../db/schema-platform';
import type { Tx } from '../../db/transaction';
import type { Actor } from '../shared/actor';
import { invalidField, refusal } from '../shared/errors';
import { paginatorMeta } from '../shared/pagination';
import { newSecret } from '../shared/tokens';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { WEBHOOK_TOPIC } from './events';
import { checkWebhookUrl, type WebhookTargetPolicy } from './targets';

type SubscriptionRow = Selectable<WebhookSubscriptionTable>;
type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** Tries a delivery's log shows, the latest. */
const LOG_LENGTH = 20;

/**
 * Webhook subscriptions an account may have (docs/webhooks.md): every change of a subscribed type
 * writes one delivery per subscription in its own transaction, so their number is bounded.
 */
export const WEBHOOK_SUBSCRIPTION_LIMIT = 50;

/**
 * Refuses a credential bound to a shop (a register key): webhook subscriptions, their secrets and
 * delivery logs are the whole account's, and hear every shop's events.
 * @throws ServiceError 1003 (reason account_key_required, HTTP 403).
 */
function assertAccountWide(actor: Actor): void {
  if (actor.shopId !== null) {
    throw refusal('account_key_required', {
      en: "Webhook subscriptions are the account's: use an API key that is not bound to a shop",
      nl: 'Webhookabonnementen zijn van het hele account: gebruik een API-sleutel die niet aan een winkel gebonden is',
    });
  }
}

function subscriptionView(row: SubscriptionRow): WebhookSubscription {
  return {
    uuid: row.uuid,
    name: row.name,
    event_type: row.event_type as WebhookEventType,
    url: row.url,
    properties: JSON.parse(row.properties) as string[],
    status: row.status,
    version: 'V1',
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  };
}

async function subscriptionByUuid(db: Db, uuid: string): Promise<SubscriptionRow> {
  const row = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw refusal('webhook_subscription_not_found', 'Webhook subscription not found');
  return row;
}

// Properties choose which contact changes a contact_updated subscription hears; no other type has any.
function checkedProperties(type: WebhookEventType, properties: string[] | undefined): string[] {
  if (properties === undefined || properties.length === 0) return [];
  if (type !== 'contact_updated') {
    invalidField('properties', 'The properties field is only for contact_updated subscriptions.');
  }
  return [...new Set(properties)];
}

/**
 * Subscribes a URL to one event type (extension POST /webhook-subscriptions, the PHP SDK's
 * `webhookSubscriptions->create()`), with a new signing secret (`whsec_` and 43 characters), which
 * this answer shows and no other. It hears the events of changes committed from now on.
 * @throws ServiceError 1003: reason account_key_required (403) for a register key; properties on a
 * type other than contact_updated; reason webhook_url_not_allowed naming url (domain/webhooks/targets.ts);
 * reason webhook_subscription_limit_reached at WEBHOOK_SUBSCRIPTION_LIMIT.
 */
export async function createWebhookSubscription(
  tx: Tx,
  actor: Actor,
  policy: WebhookTargetPolicy,
  input: CreateWebhookSubscriptionBody,
): Promise<CreatedWebhookSubscription> {
  assertAccountWide(actor);
  const properties = checkedProperties(input.event_type, input.properties);
  checkWebhookUrl(input.url, policy);
  // The account's row, locked: concurrent creates count one after the other.
  const account = await tx.db.selectFrom('account').select('id').executeTakeFirst();
  if (account) await tx.lock('account', account.id);
  const { total } = await tx.db
    .selectFrom('webhook_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  if (Number(total) >= WEBHOOK_SUBSCRIPTION_LIMIT) {
    throw refusal('webhook_subscription_limit_reached', {
      en: `The account has ${WEBHOOK_SUBSCRIPTION_LIMIT} webhook subscriptions, the most it may have; delete one first`,
      nl: `Het account heeft ${WEBHOOK_SUBSCRIPTION_LIMIT} webhookabonnementen, het maximum; verwijder er eerst een`,
    });
  }
  const at = isoTimestamp(tx.now);
  const secret = `whsec_${newSecret()}`;
  const row = await tx.db
    .insertInto('webhook_subscriptions')
    .values({
      uuid: newUuid(),
      name: input.name,
      url: input.url,
      event_type: input.event_type,
      properties: JSON.stringify(properties),
      status: input.status ?? 'ACTIVE',
      secret,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...subscriptionView(row), secret };
}

/**
 * Extension GET /webhook-subscriptions: oldest first, optionally of one event type or status.
 * @throws ServiceError 1003 (reason account_key_required, 403) for a register key.
 */
export async function listWebhookSubscriptions(
  db: Db,
  actor: Actor,
  query: { event_type?: WebhookEventType | undefined; status?: 'ACTIVE' | 'INACTIVE' | undefined },
): Promise<WebhookSubscription[]> {
  assertAccountWide(actor);
  let select = db.selectFrom('webhook_subscriptions').selectAll();
  if (query.event_type !== undefined) select = select.where('event_type', '=', query.event_type);
  if (query.status !== undefined) select = select.where('status', '=', query.status);
  return (await select.orderBy('id').execute()).map(subscriptionView);
}

/**
 * Extension GET /webhook-subscriptions/{uuid}; its secret is never shown again.
 * @throws ServiceError 1003 (reasons account_key_required, webhook_subscription_not_found).
 */
export async function getWebhookSubscription(
  db: Db,
  actor: Actor,
  uuid: string,
): Promise<WebhookSubscription> {
  assertAccountWide(actor);
  return subscriptionView(await subscriptionByUuid(db, uuid));
}

/**
 * Extension PUT /webhook-subscriptions/{uuid}: changes its name, URL, properties or status. An
 * INACTIVE subscription hears no new events; its pending deliveries wait until it is ACTIVE again.
 * @throws ServiceError 1003 (reasons account_key_required, webhook_subscription_not_found,
 * webhook_url_not_allowed naming url); 1003 naming properties.
 */
export async function updateWebhookSubscription(
  tx: Tx,
  actor: Actor,
  policy: WebhookTargetPolicy,
  uuid: string,
  input: UpdateWebhookSubscriptionBody,
): Promise<WebhookSubscription> {
  assertAccountWide(actor);
  const row = await subscriptionByUuid(tx.db, uuid);
  if (input.url !== undefined) checkWebhookUrl(input.url, policy);
  const updated = await tx.db
    .updateTable('webhook_subscriptions')
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.properties === undefined
        ? {}
        : {
            properties: JSON.stringify(
              checkedProperties(row.event_type as WebhookEventType, input.properties),
            ),
          }),
      updated_at: isoTimestamp(tx.now),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Reactivated: its waiting deliveries are due.
  if (row.status !== 'ACTIVE' && updated.status === 'ACTIVE') tx.publish(WEBHOOK_TOPIC, null);
  return subscriptionView(updated);
}

/**
 * Extension DELETE /webhook-subscriptions/{uuid} (the PHP SDK's `destroy()`): the subscription, its
 * undelivered events and its delivery log go. @returns an empty list, as the real platform answers.
 * @throws ServiceError 1003 (reasons account_key_required, webhook_subscription_not_found).
 */
export async function deleteWebhookSubscription(tx: Tx, actor: Actor, uuid: string): Promise<never[]> {
  assertAccountWide(actor);
  const row = await subscriptionByUuid(tx.db, uuid);
  await tx.db.deleteFrom('webhook_subscriptions').where('id', '=', row.id).execute();
  return [];
}

async function deliveryViews(db: Db, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('webhook_delivery_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('id')
          .execute();
  return rows.map((row) => ({
    event_uuid: row.event_uuid,
    event_type: row.event_type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at:
      row.next_attempt_at === null ? null : apiTimestamp(isoTimestamp(new Date(Number(row.next_attempt_at)))),
    delivered_at: apiTimestamp(row.delivered_at),
    created_at: apiTimestamp(row.created_at),
    attempt_log: attempts
      .filter((a) => a.delivery_id === row.id)
      .slice(-LOG_LENGTH)
      .map((a) => ({
        attempt: a.attempt,
        sent_at: apiTimestamp(a.sent_at),
        status_code: a.status_code,
        error: a.error,
        duration_ms: a.duration_ms,
      })),
  }));
}

/**
 * The delivery log of a subscription (extension GET /webhook-subscriptions/{uuid}/deliveries):
 * its deliveries newest first, optionally of one status, each with its tries.
 * @throws ServiceError 1003 (reasons account_key_required, webhook_subscription_not_found).
 */
export async function listWebhookDeliveries(
  db: Db,
  actor: Actor,
  uuid: string,
  query: ListWebhookDeliveriesQuery,
): Promise<{ items: WebhookDelivery[]; meta: PaginatorMeta }> {
  assertAccountWide(actor);
  const subscription = await subscriptionByUuid(db, uuid);
  let base = db.selectFrom('webhook_deliveries').where('subscription_id', '=', subscription.id);
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const items = await deliveryViews(db, rows);
  return { items, meta: paginatorMeta(query.page, query.limit, Number(total), items.length) };
}

/**
 * Sends a delivered or given-up delivery again (extension POST
 * /webhook-subscriptions/{uuid}/deliveries/{event_uuid}/replay): pending and due now, with a fresh
 * count of tries; the event keeps its uuid, so a receiver that has it can tell.
 * @throws ServiceError 1003 (reasons account_key_required, webhook_subscription_not_found,
 * webhook_delivery_not_found, webhook_delivery_pending: it is waiting for a try already).
 */
export async function replayWebhookDelivery(
  tx: Tx,
  actor: Actor,
  uuid: string,
  eventUuid: string,
): Promise<WebhookDelivery> {
  assertAccountWide(actor);
  const subscription = await subscriptionByUuid(tx.db, uuid);
  const replayed = await tx.db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: tx.now.getTime(),
      lease_until: null,
      lease_token: null,
      delivered_at: null,
    })
    .where('subscription_id', '=', subscription.id)
    .where('event_uuid', '=', eventUuid)
    .where('status', '!=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!replayed) {
    const exists = await tx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('subscription_id', '=', subscription.id)
      .where('event_uuid', '=', eventUuid)
      .executeTakeFirst();
    if (!exists)
      throw refusal('webhook_delivery_not_found', 'No delivery of this event to this subscription');
    throw refusal('webhook_delivery_pending', 'The delivery is waiting for a try already');
  }
  tx.publish(WEBHOOK_TOPIC, null);
  return (await deliveryViews(tx.db, [replayed]))[0]!;
}
