import type { FastifyInstance } from 'fastify';
import { envelope, pagedEnvelope, paginatorMeta } from '../../../contract/envelope';
import { tier } from '../../../contract/public/account';
import {
  contact,
  contactCreditBalance,
  contactUuidParams,
  createAnonymousContactBody,
  createContactBody,
  findContactQuery,
  listContactsQuery,
  updateContactBody,
} from '../../../contract/public/contacts';
import {
  ANONYMOUS_EMAIL_DOMAIN,
  type ContactRow,
  contactByEmail,
  contactByUuid,
  contactView,
  createContact,
  listContacts,
} from '../../domain/contacts/contacts';
import { createAnonymousContact, findOrCreateContact, updateContact } from '../../domain/contacts/profile';
import { contactTier } from '../../domain/loyalty/tiers';
import { fromCenti } from '../../domain/shared/values';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const EXTENSION_TAGS = ['Contacts', EXTENSION_TAG];

/**
 * Spec "Contacts (K)": get, find-one-by e-mail, create; and the extensions a POS needs: find or
 * create, create without e-mail, update, credit balance, tier.
 */
export default async function contactRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const base = new URL(app.config.portalUrl).origin;
  const view = async (find: () => Promise<ContactRow>) =>
    ok(await contactView(app.db, await find(), app.clock(), base));

  app.get(
    '/contacts',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: list the contacts',
        description:
          'Oldest first, each as GET /contacts/{contact_uuid} shows it, with the real platform’s ' +
          'paginator meta (the PHP SDK’s OAuth `contacts->list()`).',
        querystring: listContactsQuery,
        response: { 200: pagedEnvelope(contact, paginatorMeta) },
      },
    },
    async (req) => {
      const { items, meta } = await listContacts(app.db, req.query, app.clock(), base);
      return { data: items, meta };
    },
  );

  app.get(
    '/contacts/find-one-by',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Contacts'],
        summary: 'Find a contact by e-mail',
        errors: [55031],
        querystring: findContactQuery,
        response: { 200: envelope(contact) },
      },
    },
    async (req) => view(() => contactByEmail(app.db, req.query.email)),
  );

  app.get(
    '/contacts/:contact_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Contacts'],
        summary: 'Get a contact',
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(contact) },
      },
    },
    async (req) => {
      const uuid = req.params.contact_uuid;
      return view(() => contactByUuid(app.db, uuid));
    },
  );

  app.post(
    '/contacts',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Contacts'],
        summary: 'Create a contact from an e-mail address',
        description:
          'Answers the spec’s `{uuid}` and, as an addition, the rest of the Contact, as the real ' +
          'platform does (its PHP SDK maps the answer as a Contact).',
        errors: [60005],
        body: createContactBody,
        response: { 201: envelope(contact) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      const created = await req.tx((tx) => createContact(tx, req.body, 'api'));
      return ok(await contactView(app.db, await contactByUuid(app.db, created.uuid), app.clock(), base));
    },
  );

  app.get(
    '/contacts/find-or-create',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: find a contact by e-mail, or create it',
        description:
          'The contact with this address (200), or a new one made from it (201), as the real platform ' +
          'serves it by GET.',
        querystring: findContactQuery,
        response: { 200: envelope(contact), 201: envelope(contact) },
      },
    },
    async (req, reply) => {
      const { contact: row, created } = await app.tx((tx) => findOrCreateContact(tx, req.query.email));
      reply.code(created ? 201 : 200);
      return view(async () => row);
    },
  );

  app.post(
    '/contacts/anonymous',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: create a contact without e-mail',
        description:
          'Its `current_values.is_anonymous` is true and its `email` a placeholder at ' +
          `${ANONYMOUS_EMAIL_DOMAIN}, which can never receive mail (an update with an e-mail gives it one). ` +
          'With `contact_identifier_value` the card is linked to it (an unknown one is created).',
        errors: [60004, { code: 60014, when: 'the card is linked to a contact already' }],
        body: createAnonymousContactBody,
        response: { 201: envelope(contact) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      const row = await req.tx((tx) => createAnonymousContact(tx, req.body?.contact_identifier_value));
      return ok(await contactView(app.db, row, app.clock(), base));
    },
  );

  app.put(
    '/contacts/:contact_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: change a contact's values",
        description:
          '`attributes` maps current_values keys to new values: email, firstname, lastname, locale, ' +
          'city, address, avatar, birthdate (YYYY-MM-DD), postalcode, housenumber, phonenumber, ' +
          'add_to_wallet, custom_app_login_url, custom_app_login_code and custom contact attributes ' +
          '(checked by their type); null clears one. Values the service keeps (balances, tier, status, ' +
          'subscriptions, …) are refused. Every bad key is named (`attributes.<key>`) and nothing ' +
          'changes.',
        errors: [55031, { code: 60005, when: 'the address is another contact’s' }],
        params: contactUuidParams,
        body: updateContactBody,
        response: { 200: envelope(contact) },
      },
    },
    async (req) => {
      const row = await req.tx((tx) => updateContact(tx, req.params.contact_uuid, req.body.attributes));
      return ok(await contactView(app.db, row, app.clock(), base));
    },
  );

  app.get(
    '/contacts/:contact_uuid/credit-balance',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: a contact's credit balance",
        description: 'Credits (up to 2 decimals).',
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(contactCreditBalance) },
      },
    },
    async (req) => {
      const row = await contactByUuid(app.db, req.params.contact_uuid);
      return ok({ balance: fromCenti(Number(row.credit_balance_centi)) });
    },
  );

  app.get(
    '/contacts/:contact_uuid/tier',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: "Extension: a contact's tier",
        description: 'The tier as the contact shows it, or null without one.',
        errors: [55031],
        params: contactUuidParams,
        response: { 200: envelope(tier.nullable()) },
      },
    },
    async (req) => {
      const row = await contactByUuid(app.db, req.params.contact_uuid);
      return ok(await contactTier(app.db, row.tier_id));
    },
  );
}
