import { z } from 'zod';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { contactSubscription } from './contacts';

/**
 * The numeric status of the list call (spec "Contact Subscription": "the list call returns a
 * numeric status"; the numbers are ours).
 */
export const SUBSCRIPTION_STATUS_CODES = {
  UNSUBSCRIBED: 0,
  SUBSCRIBED: 1,
  PENDING_CONFIRMATION: 2,
} as const;

/** A Contact Subscription as GET /contact-subscriptions/{contact_uuid} lists it (numeric status). */
export const listedContactSubscription = contactSubscription.extend({
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('0 = UNSUBSCRIBED, 1 = SUBSCRIBED, 2 = PENDING_CONFIRMATION'),
});

/** PUT /contact-subscriptions/{contact_uuid}/subscribe and /unsubscribe */
export const subscriptionChangeBody = z
  .object({ subscription_type_uuid: idField() })
  .meta({ example: { subscription_type_uuid: DEMO.subscriptionNewsletter } });

/** GET /subscriptions/confirm/{token} (extension: the double opt-in confirmation link) */
export const confirmSubscriptionParams = z.object({ token: idField() });
