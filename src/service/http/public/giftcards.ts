import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, pagedEnvelope } from '../../../contract/envelope';
import {
  createGiftcardBody,
  findGiftcardQuery,
  foundGiftcard,
  giftcard,
  giftcardListItem,
  giftcardListMeta,
  giftcardProgramListItem,
  giftcardUuidParams,
  listGiftcardsQuery,
  sendGiftcardBody,
  sentGiftcard,
} from '../../../contract/public/giftcards';
import {
  createGiftcard,
  findGiftcard,
  foundGiftcardView,
  giftcardByUuid,
  giftcardEmail,
  listGiftcardPrograms,
  listGiftcards,
} from '../../domain/giftcards/giftcards';
import { refusal } from '../../domain/shared/errors';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

/** Spec "Giftcards (K)": create, list, find-one-by (hash or QR content), send-by-email; get (extension). */
export default async function giftcardRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/giftcards',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcards'],
        summary: 'Create a digital giftcard',
        description:
          'A new digital card with a zero balance and an unguessable hash, expiring after the ' +
          "program's expiration_days. Only type 1 (digital) is accepted.",
        errors: [{ code: 55021, when: 'type 0 (physical)' }, 1100],
        body: createGiftcardBody,
        response: { 201: envelope(giftcard) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createGiftcard(tx, req.body)))),
  );

  app.get(
    '/giftcards',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcards'],
        summary: 'List giftcards',
        description:
          'Oldest first, with meta {page, per_page, last_page, total}; last_page is at least 1 and a ' +
          'page past the end is empty.',
        errors: [1100],
        querystring: listGiftcardsQuery,
        response: { 200: pagedEnvelope(giftcardListItem, giftcardListMeta) },
      },
    },
    async (req) => {
      const { items, meta } = await listGiftcards(app.db, req.query);
      return { data: items, meta };
    },
  );

  app.get(
    '/giftcard-programs',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcards', EXTENSION_TAG],
        summary: 'Extension: list the giftcard programs',
        description:
          'Every giftcard program of the account, by id (the PHP SDK’s `giftcardProgram->list()`).',
        response: { 200: envelope(z.array(giftcardProgramListItem)) },
      },
    },
    async () => ok(await listGiftcardPrograms(app.db)),
  );

  app.get(
    '/giftcards/find-one-by',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcards'],
        summary: 'Find a giftcard by hash or QR code',
        description:
          '`hash` is the bare hash or the scanned QR content: a link whose last path segment is the ' +
          'hash, or one with a `hash=` query parameter.',
        errors: [5001],
        querystring: findGiftcardQuery,
        response: { 200: envelope(foundGiftcard) },
      },
    },
    async (req) => ok(await foundGiftcardView(app.db, await findGiftcard(app.db, req.query.hash))),
  );

  app.get(
    '/giftcards/:giftcard_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcards', EXTENSION_TAG],
        summary: 'Extension: get a giftcard',
        description: 'The card as find-one-by answers it (the PHP SDK’s OAuth giftcards->get()).',
        errors: [5001],
        params: giftcardUuidParams,
        response: { 200: envelope(foundGiftcard) },
      },
    },
    async (req) =>
      ok(await foundGiftcardView(app.db, await giftcardByUuid(app.db, req.params.giftcard_uuid))),
  );

  app.post(
    '/giftcards/:giftcard_uuid/send-by-email',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Giftcards'],
        summary: 'Send a giftcard to a contact by e-mail',
        description:
          'Uses the automated e-mail `email_uuid`, or the first that fits: category giftcard_recipient, ' +
          'a subscription type the contact is subscribed to, `{{ giftcard.hash }}` in its content. ' +
          'Tokens: `{{ contact.firstname }}`, `{{ contact.lastname }}`, `{{ contact.email }}`, ' +
          '`{{ giftcard.hash }}`, `{{ giftcard.display_amount }}`, ' +
          '`{{ giftcard.formatted_expiration_date }}` and `{{ custom.<name> }}` from merge_tags.',
        errors: [
          { reason: 'no_automated_email' },
          { code: 1003, when: 'a merge tag not starting with `custom.`' },
          5001,
          55031,
          { reason: 'email_not_sent' },
        ],
        params: giftcardUuidParams,
        body: sendGiftcardBody,
        response: { 200: envelope(sentGiftcard) },
      },
    },
    async (req) => {
      const { mail, result } = await giftcardEmail(app.db, req.params.giftcard_uuid, req.body);
      try {
        await app.mailer.send(mail);
      } catch (err) {
        req.log.error({ err }, 'giftcard e-mail not sent');
        throw refusal('email_not_sent', 'The e-mail could not be sent');
      }
      return ok({ message: 'Giftcard sent', data: result });
    },
  );
}
