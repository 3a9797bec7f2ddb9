import type { z } from 'zod';
import type { PortalSubscription } from '../../../contract/portal';
import type {
  contactSubscription,
  subscriptionType as subscriptionTypeSchema,
} from '../../../contract/public/contacts';
import type { Db, SubscriptionTypeTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { ServiceError } from '../shared/errors';
import { newSecret } from '../shared/tokens';
import { bool, isoTimestamp } from '../shared/values';

/** Spec "Contact Subscription" with its string status. */
export type ContactSubscriptionView = z.infer<typeof contactSubscription>;

/** A subscription type (spec "Contact Subscription" `subscription_type`). */
export type SubscriptionTypeView = z.infer<typeof subscriptionTypeSchema>;

type Status = ContactSubscriptionView['status'];

/** A subscription type by its uuid or by its numeric id (the kiosk sends ids). */
export type SubscriptionTypeRef = { uuid?: string | undefined; id?: number | undefined };

/** A subscription type as contact subscriptions embed it, and GET /subscription-types lists it. */
export function subscriptionTypeView(type: SubscriptionTypeTable): SubscriptionTypeView {
  return {
    id: type.id,
    uuid: type.uuid,
    name: type.name,
    description: type.description,
    active: bool(type.active),
    strategy: type.strategy,
  };
}

/** A contact's subscription to `type` with its status (spec "Contact Subscription"). */
export function subscriptionView(type: SubscriptionTypeTable, status: Status): ContactSubscriptionView {
  return { is_subscribed: status === 'SUBSCRIBED', status, subscription_type: subscriptionTypeView(type) };
}

/** Extension GET /subscription-types: every subscription type of the account, active or not, by id. */
export async function listSubscriptionTypes(db: Db): Promise<SubscriptionTypeView[]> {
  const types = await db.selectFrom('subscription_types').selectAll().orderBy('id').execute();
  return types.map(subscriptionTypeView);
}

/**
 * The contact's subscriptions, one per active subscription type of the account. Without a stored
 * choice an OPT_OUT type counts as subscribed and the others as unsubscribed.
 */
export async function listContactSubscriptions(
  db: Db,
  contactId: number,
): Promise<ContactSubscriptionView[]> {
  const types = await db
    .selectFrom('subscription_types')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  const stored = await db
    .selectFrom('contact_subscriptions')
    .select(['subscription_type_id', 'status'])
    .where('contact_id', '=', contactId)
    .execute();
  const byType = new Map(stored.map((s) => [s.subscription_type_id, s.status]));
  return types.map((t) =>
    subscriptionView(t, byType.get(t.id) ?? (t.strategy === 'OPT_OUT' ? 'SUBSCRIBED' : 'UNSUBSCRIBED')),
  );
}

async function subscriptionType(db: Db, ref: SubscriptionTypeRef, activeOnly: boolean) {
  let query = db.selectFrom('subscription_types').selectAll();
  if (ref.uuid !== undefined) query = query.where('uuid', '=', ref.uuid);
  else if (ref.id !== undefined) query = query.where('id', '=', ref.id);
  else throw new ServiceError(55030);
  if (activeOnly) query = query.where('active', '=', 1);
  const type = await query.executeTakeFirst();
  if (!type) throw new ServiceError(55030);
  return type;
}

async function storeStatus(
  tx: Tx,
  contactId: number,
  type: SubscriptionTypeTable,
  status: Status,
  confirmationToken: string | null,
): Promise<ContactSubscriptionView> {
  const values = { status, confirmation_token: confirmationToken, updated_at: isoTimestamp(tx.now) };
  await tx.db
    .insertInto('contact_subscriptions')
    .values({ contact_id: contactId, subscription_type_id: type.id, ...values })
    .onConflict((oc) => oc.columns(['contact_id', 'subscription_type_id']).doUpdateSet(values))
    .execute();
  return subscriptionView(type, status);
}

/**
 * Subscribes a contact (spec "Contact subscriptions": subscribe). A DOUBLE_OPT_IN type always
 * becomes PENDING_CONFIRMATION with a fresh confirmation token (the contact's
 * `double_opt_in_confirmation_url_<id>` links to GET /subscriptions/confirm/{token}); other
 * types become SUBSCRIBED. The caller resolves the contact (55031).
 * @throws ServiceError 55030 when no active subscription type matches `type`.
 */
export async function subscribeContact(
  tx: Tx,
  contactId: number,
  type: SubscriptionTypeRef,
): Promise<ContactSubscriptionView> {
  const row = await subscriptionType(tx.db, type, true);
  return row.strategy === 'DOUBLE_OPT_IN'
    ? storeStatus(tx, contactId, row, 'PENDING_CONFIRMATION', newSecret())
    : storeStatus(tx, contactId, row, 'SUBSCRIBED', null);
}

/**
 * Unsubscribes a contact (state table: any → UNSUBSCRIBED); allowed for inactive types too, so a
 * contact can always leave. Any pending confirmation link stops working.
 * @throws ServiceError 55030 when no subscription type matches `type`.
 */
export async function unsubscribeContact(
  tx: Tx,
  contactId: number,
  type: SubscriptionTypeRef,
): Promise<ContactSubscriptionView> {
  const row = await subscriptionType(tx.db, type, false);
  return storeStatus(tx, contactId, row, 'UNSUBSCRIBED', null);
}

/**
 * Confirms a double opt-in subscription by its confirmation token (extension: the link of
 * `double_opt_in_confirmation_url_<id>`): PENDING_CONFIRMATION → SUBSCRIBED; the token is cleared,
 * so the link works once.
 * @returns the confirmed subscription, or undefined for an unknown (or already used) token.
 */
export async function confirmSubscription(
  tx: Tx,
  token: string,
): Promise<ContactSubscriptionView | undefined> {
  const pending = await tx.db
    .updateTable('contact_subscriptions')
    .set({ status: 'SUBSCRIBED', confirmation_token: null, updated_at: isoTimestamp(tx.now) })
    .where('confirmation_token', '=', token)
    .where('status', '=', 'PENDING_CONFIRMATION')
    .returning('subscription_type_id')
    .executeTakeFirst();
  if (!pending) return undefined;
  const type = await tx.db
    .selectFrom('subscription_types')
    .selectAll()
    .where('id', '=', pending.subscription_type_id)
    .executeTakeFirstOrThrow();
  return subscriptionView(type, 'SUBSCRIBED');
}

function portalSubscription(s: ContactSubscriptionView): PortalSubscription {
  return {
    id: s.subscription_type.id,
    name: s.subscription_type.name,
    description: s.subscription_type.description,
    strategy: s.subscription_type.strategy,
    status: s.status,
  };
}

/** A contact's e-mail subscriptions, one per active subscription type (the v1 component and /me/). */
export async function contactSubscriptions(db: Db, contactId: number): Promise<PortalSubscription[]> {
  return (await listContactSubscriptions(db, contactId)).map(portalSubscription);
}

/**
 * Subscribes or unsubscribes a contact by subscription type id (the v1 component and /me/); a double
 * opt-in type becomes PENDING_CONFIRMATION.
 * @throws ServiceError 55030 unknown (or, to subscribe, inactive) subscription type.
 */
export async function changeContactSubscription(
  tx: Tx,
  contactId: number,
  input: { subscription_type_id: number; subscribed: boolean },
): Promise<PortalSubscription> {
  const type = { id: input.subscription_type_id };
  const changed = input.subscribed
    ? await subscribeContact(tx, contactId, type)
    : await unsubscribeContact(tx, contactId, type);
  return portalSubscription(changed);
}
