import type { Generated } from 'kysely';

/*
 * Tables of the real platform's wider surface that its PHP SDK reaches: registers, webhook
 * subscriptions with their outbox of deliveries, claimed receipt tokens and the key that signs
 * them. Same conventions as schema.ts.
 */

/** A POS register: an API key bound to a shop, as `GET /api/v3/register` shows it. */
export interface RegisterTable {
  id: Generated<number>;
  /** The key's hash, as `credentials.token_hash`. */
  credential_token_hash: string;
  identifier: string;
  name: string | null;
  shop_id: number;
  created_at: string;
}

/** A webhook subscription: one event type, delivered to `url`, signed with `secret`. */
export interface WebhookSubscriptionTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  url: string;
  event_type: string;
  /** JSON array of contact value names (contact_updated); `[]`: any. */
  properties: string;
  status: 'ACTIVE' | 'INACTIVE';
  secret: string;
  created_at: string;
  updated_at: string;
}

/**
 * The outbox: one event for one subscription, written in the transaction of the change. `pending`
 * until delivered or given up (`failed`); a process sending it holds it until `lease_until` (epoch
 * ms) under its `lease_token`, so that no other sends it meanwhile.
 */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  subscription_id: number;
  event_uuid: string;
  event_type: string;
  /** JSON: the event's `created_at` and `data`. */
  payload: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  /** Epoch ms when it is due; null once delivered or failed. */
  next_attempt_at: number | null;
  lease_until: number | null;
  lease_token: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One try of a delivery (the delivery log). */
export interface WebhookDeliveryAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  sent_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** A receipt token claimed: the purchase (its shop and the POS's id of it), by whom, for what. */
export interface LoyaltyTokenClaimTable {
  id: Generated<number>;
  shop_id: number;
  unique_id: string;
  contact_id: number;
  credit_reception_uuid: string | null;
  claimed_at: string;
}

/** A secret of the service itself (`name` → `value`), made once and shared by every process. */
export interface ServiceSecretTable {
  name: string;
  value: string;
  created_at: string;
}

/** Every table of this file. */
export interface PlatformTables {
  registers: RegisterTable;
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptTable;
  loyalty_token_claims: LoyaltyTokenClaimTable;
  service_secrets: ServiceSecretTable;
}
