import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { DEMO } from '../../../contract/examples';
import {
  contactIdentifier,
  createIdentifierBody,
  deleteIdentifierParams,
  findIdentifierQuery,
  linkIdentifierBody,
  unlinkIdentifierBody,
} from '../../../contract/public/contact-identifiers';
import { contactByUuid } from '../../domain/contacts/contacts';
import {
  activeIdentifierByValue,
  createIdentifier,
  deleteIdentifier,
  identifierView,
  linkIdentifier,
  unlinkIdentifier,
} from '../../domain/contacts/identifiers';
import { invalidField } from '../../domain/shared/errors';
import { ok, zodRoutes } from '../route';

const TAGS = ['Contact identifiers'];

/** Spec "Contact identifiers (K)": find, create, link, unlink, delete. */
export default async function contactIdentifiersRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/contact-identifiers/find',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Find a contact identifier by its value',
        errors: [60003, 60004],
        querystring: findIdentifierQuery,
        response: { 200: envelope(contactIdentifier) },
      },
    },
    async (req) =>
      ok(
        await identifierView(
          app.db,
          await activeIdentifierByValue(app.db, req.query.contact_identifier_value),
        ),
      ),
  );

  app.post(
    '/contact-identifiers',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Create a contact identifier, optionally linked to a contact',
        errors: [55031, 60006],
        body: createIdentifierBody,
        response: { 201: envelope(contactIdentifier) },
      },
    },
    async (req, reply) => {
      const body = req.body;
      reply.code(201);
      const view = await req.tx(async (tx) => {
        const contact = body.contact_uuid ? await contactByUuid(tx.db, body.contact_uuid) : undefined;
        const row = await createIdentifier(tx, {
          value: body.contact_identifier_value,
          name: body.contact_identifier_name,
          contactId: contact?.id,
        });
        return identifierView(tx.db, row);
      });
      return ok(view);
    },
  );

  app.put(
    '/contact-identifiers/link',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Link an unlinked contact identifier to a contact',
        errors: [55031, 60003, 60004, 60014],
        body: linkIdentifierBody,
        response: { 200: envelope(contactIdentifier) },
      },
    },
    async (req) =>
      ok(
        await req.tx(async (tx) => {
          const contact = await contactByUuid(tx.db, req.body.contact_uuid);
          return identifierView(
            tx.db,
            await linkIdentifier(tx, req.body.contact_identifier_value, contact.id),
          );
        }),
      ),
  );

  app.put(
    '/contact-identifiers/unlink',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Unlink a contact identifier from its contact',
        errors: [60003, 60004],
        body: unlinkIdentifierBody,
        response: { 200: envelope(contactIdentifier) },
      },
    },
    async (req) =>
      ok(
        await req.tx(async (tx) =>
          identifierView(tx.db, await unlinkIdentifier(tx, req.body.contact_identifier_value)),
        ),
      ),
  );

  app.delete(
    '/contact-identifiers',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary:
          'Delete a contact identifier. Extension: the value may also come in the query string (as real ' +
          'clients send DELETE parameters); the response, not shown in the spec, is the deleted identifier.',
        description:
          'The response is the Contact Identifier as it was before the delete (as the real platform ' +
          'answers; its PHP SDK maps it).',
        errors: [60003],
        querystring: deleteIdentifierParams,
        body: deleteIdentifierParams.nullish().meta({ example: { contact_identifier_value: DEMO.freeCard } }),
        response: { 200: envelope(contactIdentifier) },
      },
    },
    async (req) => {
      const value = req.body?.contact_identifier_value ?? req.query.contact_identifier_value;
      if (!value) invalidField('contact_identifier_value', 'The contact identifier value field is required.');
      return ok(await req.tx((tx) => deleteIdentifier(tx, value)));
    },
  );
}
