import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { contactsPortalAuthUrl, contactsPortalAuthUrlQuery } from '../../../contract/me';
import { contactsPortalAuthUrl as makeAuthUrl } from '../../domain/phone/sign-in';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Contacts', EXTENSION_TAG];

/**
 * The real platform's contacts portal (its PHP SDK's ContactsPortalAuthUrlResource, on
 * /api/v3/oauth/clients): a one-time sign-in link to the customer's own page /me/ (docs/me.md).
 */
export default async function contactsPortalRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/contacts-portal/auth-url',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: a one-time sign-in link to the contact's own page /me/",
        description:
          "The real platform's contacts portal: `url` is `<origin>/me/?token=…`, which signs the contact in " +
          'on the phone or computer that opens it (an httpOnly cookie session of 30 days). The link works once, ' +
          'for 5 minutes; send it to the customer (a QR code, an app, an e-mail), never show it to others. ' +
          'A shop-bound key binds it to its shop. See docs/me.md.',
        errors: [55031],
        querystring: contactsPortalAuthUrlQuery,
        response: { 200: envelope(contactsPortalAuthUrl) },
      },
    },
    async (req) =>
      ok(
        await req.tx((tx) => makeAuthUrl(tx, req.query.contact_uuid, req.actor.shopId, app.config.portalUrl)),
      ),
  );
}
