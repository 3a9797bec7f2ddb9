import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import {
  authToken,
  authTokenParams,
  sendVerificationBody,
  verificationDone,
  verifyVerificationBody,
} from '../../../contract/public/contact-verification';
import { WRONG_CODES_PER_ADDRESS, WRONG_CODES_PER_CONTACT } from '../../domain/contacts/guess-budgets';
import {
  contactAuthToken,
  countContactCodeAttempt,
  sendContactCode,
  verifyContactCode,
} from '../../domain/contacts/verification';
import { addressKey } from '../plugins/rate-limit';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { deliverCode } from '../verification-mail';

const TAGS = ['Contacts', EXTENSION_TAG];
const DONE: true[] = [true];

/**
 * The real platform's contact verification (its PHP SDK's ContactVerificationResource; served on
 * /api/v3/oauth/clients and /api/v3/register): send a code to a contact's address, verify it, and
 * get a token for the verified contact. The same codes prove a customer at the counter
 * (docs/trust-model.md).
 */
export default async function contactVerificationRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/contact-verification/send',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: "Extension: send a six-digit code to a contact's e-mail address",
        description:
          "The real platform's; answers `[true]`. The code works for 10 minutes; a new one replaces it. " +
          "None while the contact's wrong codes of the hour are spent (429, Retry-After). " +
          "Without a mail server it goes to the outbox folder and the service's log.",
        errors: [55031, { reason: 'email_not_sent' }, { reason: 'too_many_wrong_codes' }],
        body: sendVerificationBody,
        response: { 200: envelope(verificationDone) },
      },
    },
    async (req) => {
      await deliverCode(app, req, await req.tx((tx) => sendContactCode(tx, req.body.email)));
      return ok(DONE);
    },
  );

  app.post(
    '/contact-verification/verify',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: check the code a contact typed (the newest sent, not expired)',
        description:
          "The real platform's; answers `[true]`. Five tries per code; across codes and resends " +
          `${WRONG_CODES_PER_CONTACT} wrong codes an hour per contact and ${WRONG_CODES_PER_ADDRESS} per client ` +
          'address (429 too_many_wrong_codes, Retry-After). Example: the code comes by e-mail, so ' +
          '"Try it out" answers verification_code_wrong with the example’s code.',
        errors: [
          55031,
          { reason: 'verification_code_wrong' },
          { reason: 'verification_code_expired' },
          { reason: 'verification_locked' },
          { reason: 'too_many_wrong_codes' },
        ],
        body: verifyVerificationBody,
        response: { 200: envelope(verificationDone) },
      },
    },
    async (req) => {
      // The try is counted in a transaction of its own: a wrong code's refusal keeps it counted.
      const address = addressKey(req);
      await app.tx((tx) => countContactCodeAttempt(tx, req.body.email, address));
      await req.tx((tx) => verifyContactCode(tx, req.body.email, req.body.code, address));
      return ok(DONE);
    },
  );

  app.get(
    '/contact-verification/auth-token/:contact_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: a token for a contact who verified a code',
        description:
          "The real platform's; answers the token as a string: an app code of the contact's (a contact " +
          'session token), which identifies them at the counter once, as a proof that it is them. One per ' +
          'verified code, within its 10 minutes. Example: needs a verified code, which comes by e-mail.',
        errors: [55031, { reason: 'contact_not_verified' }],
        params: authTokenParams,
        response: { 200: envelope(authToken) },
      },
    },
    async (req) => ok(await app.tx((tx) => contactAuthToken(tx, req.params.contact_uuid))),
  );
}
