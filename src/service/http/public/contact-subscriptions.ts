import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import {
  confirmSubscriptionParams,
  listedContactSubscription,
  SUBSCRIPTION_STATUS_CODES,
  subscriptionChangeBody,
} from '../../../contract/public/contact-subscriptions';
import { contactSubscription, contactUuidParams } from '../../../contract/public/contacts';
import { contactByUuid } from '../../domain/contacts/contacts';
import {
  confirmSubscription,
  listContactSubscriptions,
  subscribeContact,
  unsubscribeContact,
} from '../../domain/contacts/subscriptions';
import { refusal } from '../../domain/shared/errors';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Contact subscriptions'];

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * Spec "Contact subscriptions (K)": list, subscribe, unsubscribe; plus the extension
 * GET /subscriptions/confirm/{token}, the double opt-in confirmation link.
 */
export default async function contactSubscriptionsRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/contact-subscriptions/:contact_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "List a contact's subscriptions",
        errors: [55031],
        description:
          'One item per active subscription type. As the spec says, this list carries a numeric `status`: ' +
          '0 = UNSUBSCRIBED, 1 = SUBSCRIBED, 2 = PENDING_CONFIRMATION (the numbers are ours).',
        params: contactUuidParams,
        response: { 200: envelope(z.array(listedContactSubscription)) },
      },
    },
    async (req) => {
      const contact = await contactByUuid(app.db, req.params.contact_uuid);
      const list = await listContactSubscriptions(app.db, contact.id);
      return ok(list.map((s) => ({ ...s, status: SUBSCRIPTION_STATUS_CODES[s.status] })));
    },
  );

  // Subscribe and unsubscribe differ only in the change they make.
  const changes = [
    {
      action: 'subscribe',
      summary: 'Subscribe a contact',
      description:
        'A DOUBLE_OPT_IN type becomes PENDING_CONFIRMATION (is_subscribed false) until the contact opens ' +
        'the link in current_values.double_opt_in_confirmation_url_<subscription_type_id>.',
      change: subscribeContact,
    },
    {
      action: 'unsubscribe',
      summary: 'Unsubscribe a contact',
      description: undefined,
      change: unsubscribeContact,
    },
  ];
  for (const { action, summary, description, change } of changes) {
    app.put(
      `/contact-subscriptions/:contact_uuid/${action}`,
      {
        config: { auth: 'K' },
        schema: {
          tags: TAGS,
          summary,
          description,
          errors: [55031, 55030],
          params: contactUuidParams,
          body: subscriptionChangeBody,
          response: { 200: envelope(contactSubscription) },
        },
      },
      async (req) =>
        ok(
          await req.tx(async (tx) => {
            const contact = await contactByUuid(tx.db, req.params.contact_uuid);
            return change(tx, contact.id, { uuid: req.body.subscription_type_uuid });
          }),
        ),
    );
  }

  app.get(
    '/subscriptions/confirm/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags: [...TAGS, EXTENSION_TAG],
        summary: 'Extension: confirm a double opt-in subscription',
        produces: ['text/html'],
        description:
          'The link of current_values.double_opt_in_confirmation_url_<id>, opened by the contact: ' +
          'PENDING_CONFIRMATION becomes SUBSCRIBED and the link stops working. Answers a small HTML page; ' +
          'an unknown or used link answers the error body. No token.\n\n' +
          '**Try it out**: no example, as the token exists only once a contact subscribes to a double ' +
          'opt-in type (PUT /contact-subscriptions/{contact_uuid}/subscribe): the last path segment of ' +
          "that contact's `current_values.double_opt_in_confirmation_url_<id>`.",
        errors: [{ reason: 'confirmation_link_unknown' }],
        params: confirmSubscriptionParams,
      },
    },
    async (req, reply) => {
      const confirmed = await req.tx((tx) => confirmSubscription(tx, req.params.token));
      if (!confirmed) {
        throw refusal('confirmation_link_unknown', 'Unknown or already used confirmation link');
      }
      const name = escapeHtml(confirmed.subscription_type.name);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Subscription confirmed</title>` +
            `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
            `<body><h1>Subscription confirmed</h1><p>You are now subscribed to ${name}.</p></body></html>`,
        );
    },
  );
}
