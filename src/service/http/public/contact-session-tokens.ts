import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  contactSessionToken,
  contactSessionTokenParams,
} from '../../../contract/public/contact-session-tokens';
import {
  contactSessionTokenView,
  TOKEN_NOT_FOUND,
  useContactSessionToken,
} from '../../domain/contact-session-tokens';
import { ServiceError } from '../../domain/errors';
import { ok, zodRoutes } from '../route';

const TAGS = ['Contact session tokens'];
const NOTES = 'A used token still reads, with status `used`. The spec lists no error codes here.';
const UNKNOWN_TOKEN = { code: 1003, status: 404, when: 'unknown token' } as const;

// The spec lists no code for an unknown token: 1003, but with the HTTP status of "not found".
async function unknownAs404<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError && error.detail === TOKEN_NOT_FOUND) {
      throw Object.assign(new Error(TOKEN_NOT_FOUND), { statusCode: 404 });
    }
    throw error;
  }
}

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
    async (req) =>
      ok(await unknownAs404(() => contactSessionTokenView(app.db, req.params.contact_session_token))),
  );

  app.post(
    '/contact-session-tokens/:contact_session_token/use',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Use a contact session token (once)',
        errors: [UNKNOWN_TOKEN, { code: 1003, when: 'the token was used before' }],
        description: NOTES,
        params: contactSessionTokenParams,
        response: { 200: envelope(contactSessionToken) },
      },
    },
    async (req) => {
      const token = req.params.contact_session_token;
      return ok(
        await unknownAs404(() =>
          req.tx(async (tx) => {
            await useContactSessionToken(tx, token);
            return contactSessionTokenView(tx.db, token);
          }),
        ),
      );
    },
  );
}
