import { z } from 'zod';
import { paginatorMeta } from '../envelope';
import { idField, textField, withAlias } from '../fields';
import { creditReception } from './credit-receptions';
import { giftcardTransaction } from './giftcard-transactions';
import { limitField, pageField } from './pagination';
import { prepaidTransaction } from './prepaid-transactions';
import { rewardReception } from './reward-receptions';
import { voucher } from './vouchers';

/**
 * The events a webhook subscription can name (docs/webhooks.md), each with when it happens.
 * `contact_created`, `contact_updated` and `credit_reception_created` are the real platform's names
 * (its PHP SDK's tests show them); the rest are ours, in the same form.
 */
export const WEBHOOK_EVENTS = {
  contact_created: 'a contact is made (the API, the kiosk’s registration, an anonymous contact)',
  contact_updated: "a contact's values change (PUT /contacts, the kiosk's profile); `changed` names them",
  credit_reception_created: 'credits are given or taken (the API, the kiosk, a claimed receipt token)',
  credit_reception_reversed: 'a credit reception is reversed: the new, negating reception',
  reward_reception_created: 'a contact claims a reward with credits',
  reward_reception_reversed:
    'a reward reception is reversed: the credit reception that gives the credits back',
  giftcard_transaction_created: 'a gift card is topped up, paid with, reversed or corrected',
  prepaid_transaction_created: 'a prepaid balance is topped up, paid with or reversed',
  voucher_redeemed: 'a voucher is redeemed (the API or the kiosk)',
  portal_session_completed: 'a portal session ends done',
  portal_session_cancelled: 'a portal session is cancelled (the POS, the cashier console or the kiosk)',
  portal_session_expired: 'a portal session expires unfinished',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const webhookEventType = z.enum(
  Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]],
);

export const webhookStatus = z.enum(['ACTIVE', 'INACTIVE']);

/**
 * A webhook subscription as the real platform shows it (its PHP SDK maps it): one event type, a URL,
 * `properties` (for contact_updated: the contact values whose change it is told of; empty: any),
 * ACTIVE or INACTIVE, version V1. `updated_at` is ours.
 */
export const webhookSubscription = z.object({
  uuid: z.string(),
  name: z.string(),
  event_type: webhookEventType,
  url: z.string(),
  properties: z.array(z.string()),
  status: webhookStatus,
  version: z.literal('V1'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

/** The create answer: the subscription and its signing secret, shown this once. */
export const createdWebhookSubscription = webhookSubscription.extend({
  secret: z
    .string()
    .describe('The key of every delivery’s `Signature` (HMAC-SHA256), shown in this answer only.'),
});
export type CreatedWebhookSubscription = z.infer<typeof createdWebhookSubscription>;

const webhookUrl = () =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2000)
    // Runs after a failed URL check too (zod goes on): what is no URL has been refused already.
    .refine((u) => !URL.canParse(u) || (new URL(u).username === '' && new URL(u).password === ''), {
      message: 'must not hold a user name or password',
    })
    .describe('Where deliveries are POSTed: http or https, without user name or password.');

// Names of contact values (current_values keys), as the subscription's properties.
const propertyNames = () =>
  z
    .array(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'a contact value name' }))
    .max(100)
    .describe(
      'For contact_updated only: the contact values (current_values keys) to be told of; empty: any.',
    );

/** POST /webhook-subscriptions (the PHP SDK's `webhookSubscriptions->create()`). */
export const createWebhookSubscriptionBody = z
  .object({
    name: textField().trim().min(1),
    url: webhookUrl(),
    event_type: webhookEventType,
    properties: propertyNames().optional(),
    status: webhookStatus.optional().describe('Default ACTIVE.'),
  })
  .meta({
    example: { name: 'Till events', url: 'https://pos.example.com/hooks', event_type: 'contact_created' },
  });
export type CreateWebhookSubscriptionBody = z.infer<typeof createWebhookSubscriptionBody>;

/**
 * PUT /webhook-subscriptions/{uuid} (the PHP SDK's `update()`, which sends the properties as
 * `attributes`): each field given changes.
 */
export const updateWebhookSubscriptionBody = withAlias(
  z
    .object({
      name: textField().trim().min(1).optional(),
      url: webhookUrl().optional(),
      properties: propertyNames().optional().describe('Also read as `attributes`, as the PHP SDK sends it.'),
      status: webhookStatus.optional(),
    })
    .meta({ example: { status: 'INACTIVE' } }),
  'attributes',
  'properties',
);
export type UpdateWebhookSubscriptionBody = z.infer<typeof updateWebhookSubscriptionBody>;

export const listWebhookSubscriptionsQuery = z.object({
  event_type: webhookEventType.optional(),
  status: webhookStatus.optional(),
});

export const webhookSubscriptionUuidParams = z.object({ webhook_subscription_uuid: idField() });

export const webhookDeliveryParams = webhookSubscriptionUuidParams.extend({ event_uuid: idField() });

/** The state of one delivery: waiting (first try or a retry), received by the endpoint, or given up. */
export const webhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

/** One try of a delivery, as the delivery log keeps it. */
export const webhookDeliveryAttempt = z.object({
  attempt: z.number().int(),
  sent_at: z.string(),
  status_code: z.number().int().nullable().describe('The endpoint’s HTTP status; null when none came.'),
  error: z
    .string()
    .nullable()
    .describe(
      'Why it failed: `HTTP 500` (any status but 2xx), `timeout`, `connection failed` (no cause or address told), ' +
        '`refused by policy` (an address the service does not deliver to; nothing sent).',
    ),
  duration_ms: z.number().int().describe('From connecting to the answer’s status; 0 when refused by policy.'),
});

/** One event delivered to one subscription, with its tries (the delivery log). */
export const webhookDelivery = z.object({
  event_uuid: z.string(),
  event_type: webhookEventType,
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable().describe('When it is tried next; null once delivered or failed.'),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  attempt_log: z.array(webhookDeliveryAttempt).describe('Its tries, oldest first (the last 20).'),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const listWebhookDeliveriesQuery = z.object({
  status: webhookDeliveryStatus.optional(),
  page: pageField(),
  limit: limitField(1, 100, 30),
});
export type ListWebhookDeliveriesQuery = z.infer<typeof listWebhookDeliveriesQuery>;

export const webhookDeliveriesMeta = paginatorMeta;

/** `data` of contact_created and contact_updated (`changed` on updates only). */
export const webhookContact = z.object({
  uuid: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  locale: z.string().nullable(),
  is_anonymous: z.boolean(),
  channel: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  changed: z.array(z.string()).optional().describe('contact_updated: the values that changed.'),
});
export type WebhookContact = z.infer<typeof webhookContact>;

/** `data` of the portal session events. */
export const webhookPortalSession = z.object({
  uuid: z.string(),
  type: z.string(),
  status: z.string(),
  shop: z.object({
    id: z.number().int(),
    uuid: z.string(),
    reference: z.string().nullable(),
    name: z.string(),
  }),
  contact: z.object({ uuid: z.string() }).nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  details: z
    .record(z.string(), z.unknown())
    .describe("The session's own end event's data (a gift-card payment: paid and remaining cents)."),
});
export type WebhookPortalSession = z.infer<typeof webhookPortalSession>;

/** A reversal: the new, negating resource and the uuid of the one it reverses. */
const reversal = creditReception.extend({ reverses_uuid: z.string() });

/** `data` of each event type. */
export const WEBHOOK_EVENT_DATA = {
  contact_created: webhookContact,
  contact_updated: webhookContact,
  credit_reception_created: creditReception,
  credit_reception_reversed: reversal,
  reward_reception_created: rewardReception,
  reward_reception_reversed: reversal,
  giftcard_transaction_created: giftcardTransaction,
  prepaid_transaction_created: prepaidTransaction,
  voucher_redeemed: voucher,
  portal_session_completed: webhookPortalSession,
  portal_session_cancelled: webhookPortalSession,
  portal_session_expired: webhookPortalSession,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/**
 * The body of every delivery (docs/webhooks.md): the event's uuid (the same on every retry: a
 * receiver keeps what it has seen), its type and time, this try's time in Unix seconds (also the
 * `Webhook-Timestamp` header; signed with the body), the subscription, and the event's data.
 */
export const webhookDeliveryBody = z.object({
  uuid: z.string(),
  event_type: webhookEventType,
  created_at: z.string(),
  timestamp: z.number().int(),
  subscription_uuid: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookDeliveryBody = z.infer<typeof webhookDeliveryBody>;
