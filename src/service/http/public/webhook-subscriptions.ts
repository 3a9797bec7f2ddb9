import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, pagedEnvelope } from '../../../contract/envelope';
import {
  createdWebhookSubscription,
  createWebhookSubscriptionBody,
  listWebhookDeliveriesQuery,
  listWebhookSubscriptionsQuery,
  updateWebhookSubscriptionBody,
  WEBHOOK_EVENTS,
  webhookDeliveriesMeta,
  webhookDelivery,
  webhookDeliveryParams,
  webhookSubscription,
  webhookSubscriptionUuidParams,
} from '../../../contract/public/webhooks';
import {
  createWebhookSubscription,
  deleteWebhookSubscription,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  replayWebhookDelivery,
  updateWebhookSubscription,
  WEBHOOK_SUBSCRIPTION_LIMIT,
} from '../../domain/webhooks/subscriptions';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Webhooks', EXTENSION_TAG];
const NOT_FOUND = { reason: 'webhook_subscription_not_found' } as const;
const ACCOUNT_KEY = { reason: 'account_key_required' } as const;
const URL_NOT_ALLOWED = { reason: 'webhook_url_not_allowed' } as const;
const AFTER_CREATE = madeBy('createWebhookSubscription', 'webhook_subscription_uuid');
const EVENTS = Object.keys(WEBHOOK_EVENTS)
  .map((type) => `\`${type}\``)
  .join(', ');

/**
 * Extensions: webhook subscriptions as the real platform's PHP SDK manages them
 * (`webhookSubscriptions` list, create, get, update, destroy), and their delivery log and replay
 * (docs/webhooks.md).
 */
export default async function webhookSubscriptionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/webhook-subscriptions',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: list the webhook subscriptions',
        description:
          'Oldest first, optionally of one `event_type` or `status`. Subscriptions are the account’s: a ' +
          'key bound to a shop (a register key) is refused (403).',
        errors: [ACCOUNT_KEY],
        querystring: listWebhookSubscriptionsQuery,
        response: { 200: envelope(z.array(webhookSubscription)) },
      },
    },
    async (req) => ok(await listWebhookSubscriptions(app.db, req.actor, req.query)),
  );

  app.post(
    '/webhook-subscriptions',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: subscribe a URL to an event type',
        description:
          `Each event of \`event_type\` (${EVENTS}) committed from now on is POSTed to \`url\`, signed ` +
          'with the `secret` this answer shows, and no other (docs/webhooks.md). `properties` (contact_updated ' +
          'only) names the contact values whose change it hears; empty: any. The URL must not name a ' +
          'link-local, unspecified, multicast or broadcast address or the service itself, nor loopback or ' +
          `private addresses unless the operator allows them; an account has ${WEBHOOK_SUBSCRIPTION_LIMIT} ` +
          'subscriptions at most.',
        errors: [
          ACCOUNT_KEY,
          URL_NOT_ALLOWED,
          { reason: 'webhook_subscription_limit_reached' },
          { code: 1003, when: 'properties on another event type' },
        ],
        body: createWebhookSubscriptionBody,
        response: { 201: envelope(createdWebhookSubscription) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await req.tx((tx) => createWebhookSubscription(tx, req.actor, app.webhookTargets, req.body)));
    },
  );

  app.get(
    '/webhook-subscriptions/:webhook_subscription_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: get a webhook subscription',
        description: 'Without its secret, which only the create answer shows.',
        exampleAfter: AFTER_CREATE,
        errors: [NOT_FOUND, ACCOUNT_KEY],
        params: webhookSubscriptionUuidParams,
        response: { 200: envelope(webhookSubscription) },
      },
    },
    async (req) => ok(await getWebhookSubscription(app.db, req.actor, req.params.webhook_subscription_uuid)),
  );

  app.put(
    '/webhook-subscriptions/:webhook_subscription_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: change a webhook subscription',
        description:
          'Its name, URL, properties (also read as `attributes`, as the PHP SDK sends them) or status. ' +
          'An INACTIVE subscription hears no new events; what it has pending waits until it is ACTIVE.',
        exampleAfter: AFTER_CREATE,
        errors: [
          NOT_FOUND,
          ACCOUNT_KEY,
          URL_NOT_ALLOWED,
          { code: 1003, when: 'properties on another event type' },
        ],
        params: webhookSubscriptionUuidParams,
        body: updateWebhookSubscriptionBody,
        response: { 200: envelope(webhookSubscription) },
      },
    },
    async (req) =>
      ok(
        await req.tx((tx) =>
          updateWebhookSubscription(
            tx,
            req.actor,
            app.webhookTargets,
            req.params.webhook_subscription_uuid,
            req.body,
          ),
        ),
      ),
  );

  app.delete(
    '/webhook-subscriptions/:webhook_subscription_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: delete a webhook subscription',
        description: 'With its undelivered events and its delivery log; answers `[]` as the real platform.',
        exampleAfter: AFTER_CREATE,
        errors: [NOT_FOUND, ACCOUNT_KEY],
        params: webhookSubscriptionUuidParams,
        response: { 200: envelope(z.array(z.never())) },
      },
    },
    async (req) =>
      ok(
        await req.tx((tx) => deleteWebhookSubscription(tx, req.actor, req.params.webhook_subscription_uuid)),
      ),
  );

  app.get(
    '/webhook-subscriptions/:webhook_subscription_uuid/deliveries',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: a webhook subscription's delivery log",
        description:
          'Its deliveries newest first, optionally of one status (pending, delivered, failed), each with ' +
          'its tries (time, HTTP status, error, duration); the paginator meta.',
        exampleAfter: AFTER_CREATE,
        errors: [NOT_FOUND, ACCOUNT_KEY],
        params: webhookSubscriptionUuidParams,
        querystring: listWebhookDeliveriesQuery,
        response: { 200: pagedEnvelope(webhookDelivery, webhookDeliveriesMeta) },
      },
    },
    async (req) => {
      const { items, meta } = await listWebhookDeliveries(
        app.db,
        req.actor,
        req.params.webhook_subscription_uuid,
        req.query,
      );
      return { data: items, meta };
    },
  );

  app.post(
    '/webhook-subscriptions/:webhook_subscription_uuid/deliveries/:event_uuid/replay',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: send a delivery again',
        description:
          'A delivered or failed (given up) delivery is pending again and due now, with a fresh count ' +
          'of tries; the event keeps its uuid.\n\n**Try it out**: no example, as a delivery to replay ' +
          'exists only once an event was delivered or given up (its `event_uuid` is in the delivery log).',
        exampleAfter: AFTER_CREATE,
        errors: [
          NOT_FOUND,
          ACCOUNT_KEY,
          { reason: 'webhook_delivery_not_found' },
          { reason: 'webhook_delivery_pending' },
        ],
        params: webhookDeliveryParams,
        response: { 200: envelope(webhookDelivery) },
      },
    },
    async (req) =>
      ok(
        await req.tx((tx) =>
          replayWebhookDelivery(tx, req.actor, req.params.webhook_subscription_uuid, req.params.event_uuid),
        ),
      ),
  );
}
