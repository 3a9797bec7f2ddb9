import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  contact,
  contactUuidParams,
  createContactBody,
  createdContact,
  findContactQuery,
} from '../../../contract/public/contacts';
import {
  type ContactRow,
  contactByEmail,
  contactByUuid,
  contactView,
  createContact,
} from '../../domain/contacts';
import { ok, zodRoutes } from '../route';

/** Spec "Contacts (K)": get, find-one-by e-mail, create. */
export default async function contactRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const base = new URL(app.config.portalUrl).origin;
  // The view shows the age, so a cached one is valid for its day only.
  const view = (key: string, find: () => Promise<ContactRow>) => {
    const now = app.clock();
    return app.readCache.get(`contact:${key}:${now.toISOString().slice(0, 10)}`, async () =>
      ok(await contactView(app.db, await find(), now, base)),
    );
  };

  app.get(
    '/contacts/find-one-by',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Contacts'],
        summary: 'Find a contact by e-mail',
        querystring: findContactQuery,
        response: { 200: envelope(contact) },
      },
    },
    async (req) => view(`email:${req.query.email}`, () => contactByEmail(app.db, req.query.email)),
  );

  app.get(
    '/contacts/:contact_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Contacts'],
        summary: 'Get a contact',
        params: contactUuidParams,
        response: { 200: envelope(contact) },
      },
    },
    async (req) => {
      const uuid = req.params.contact_uuid;
      return view(`uuid:${uuid}`, () => contactByUuid(app.db, uuid));
    },
  );

  app.post(
    '/contacts',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Contacts'],
        summary: 'Create a contact from an e-mail address',
        body: createContactBody,
        response: { 201: envelope(createdContact) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      const created = await req.tx((tx) => createContact(tx, req.body, 'api'));
      return ok({ uuid: created.uuid });
    },
  );
}
