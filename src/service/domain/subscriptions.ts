import type { z } from 'zod';
import type { contactSubscription } from '../../contract/public/contacts';
import type { Db } from '../db/schema';
import { bool } from './values';

/** Spec "Contact Subscription" with its string status. */
export type ContactSubscriptionView = z.infer<typeof contactSubscription>;

type Status = ContactSubscriptionView['status'];

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
  return types.map((t) => {
    const status: Status = byType.get(t.id) ?? (t.strategy === 'OPT_OUT' ? 'SUBSCRIBED' : 'UNSUBSCRIBED');
    return {
      is_subscribed: status === 'SUBSCRIBED',
      status,
      subscription_type: {
        id: t.id,
        uuid: t.uuid,
        name: t.name,
        description: t.description,
        active: bool(t.active),
        strategy: t.strategy,
      },
    };
  });
}
