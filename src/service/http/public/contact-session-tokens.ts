import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  contactSessionToken,
  contactSessionTokenParams,
} from '../../../contract/public/contact-session-tokens';
import { contactSessionTokenView, useContactSessionToken } from '../../domain/contacts/session-tokens';
import { ok, zodRoutes } from '../route';

const TAGS = ['Contact session tokens'];
const NOTES = 'A used token still reads, with status `used`. The spec lists no error codes here.';
const UNKNOWN_TOKEN = { reason: 'contact_session_token_not_found' } as const;

/** Spec "Contact session tokens (K)": get, and use once. */
export default async function contactSessionTokensRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/contact-session-tokens/:contact_session_token',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Get a contact session token',
        errors: [UNKNOWN_TOKEN],
        description: NOTES,
        params: contactSessionTokenParams,
        response: { 200: envelope(contactSessionToken) },
      },
    },
    async (req) => ok(await contactSessionTokenView(app.db, req.params.contact_session_token)),
  );

  app.post(
    '/contact-session-tokens/:contact_session_token/use',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Use a contact session token (once)',
        errors: [UNKNOWN_TOKEN, { reason: 'contact_session_token_used' }],
        description: NOTES,
        params: contactSessionTokenParams,
        response: { 200: envelope(contactSessionToken) },
      },
    },
    async (req) => {
      const token = req.params.contact_session_token;
      return ok(
        await req.tx(async (tx) => {
          await useContactSessionToken(tx, token);
          return contactSessionTokenView(tx.db, token);
        }),
      );
    },
  );
}
