import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { creditReception } from '../../../contract/public/credit-receptions';
import { claimLoyaltyTokenBody, createLoyaltyTokenBody } from '../../../contract/public/loyalty-tokens';
import {
  claimLoyaltyToken,
  createLoyaltyToken,
  LOYALTY_TOKEN_DAYS,
} from '../../domain/loyalty/loyalty-tokens';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { SURFACE_PREFIX } from '../surfaces';

const TAGS = ['Loyalty tokens', EXTENSION_TAG];

const CLAIM_REFUSALS = [
  1008,
  55031,
  1015,
  { reason: 'loyalty_token_invalid' },
  { reason: 'loyalty_token_expired' },
  { reason: 'loyalty_token_claimed' },
] as const;

const CLAIM_DESCRIPTION =
  'The token’s fields as its URL carries them (`version`, `shop_id` or `shop_uuid`, `unique_id`, ' +
  '`timestamp`, `hash`, and `credits` or `unit_name`/`unit_value`) and the contact who gets its credits: ' +
  'a credit reception at the token’s shop (v2: the unit value converted by the loyalty rules). Refused ' +
  `when the hash does not match (a token the service did not make, or changed), after ${LOYALTY_TOKEN_DAYS} ` +
  'days, and when its purchase was claimed already: of concurrent claims, one succeeds.\n\n' +
  '**Try it out**: no example, as the fields come from a token made by POST ' +
  '/api/v3/oauth/clients/loyalty-tokens (its URL’s query).';

/**
 * Extensions: receipt tokens, the real platform's loyalty tokens (docs/receipt-tokens.md), on the
 * paths its PHP SDK calls, where one path means two things: POST /api/v3/oauth/clients/loyalty-tokens
 * makes a token, POST /api/v3/register/loyalty-tokens claims one (as does …/oauth/clients/…/claim).
 */
export default async function loyaltyTokenRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const base = new URL(app.config.portalUrl).origin;

  app.post(
    `${SURFACE_PREFIX.oauth}/loyalty-tokens`,
    {
      config: { auth: 'K', surface: 'oauth' },
      schema: {
        tags: TAGS,
        operationId: 'createLoyaltyToken',
        summary: 'Extension: make a receipt token',
        description:
          'For one purchase, `unique_id` being the POS’s id of it (a token of it is claimed once): `v1` ' +
          'gives `credits`, `v2` a `unit_value` of `unit_name` (default: the default unit). Answers, as ' +
          'the PHP SDK’s `loyaltyToken->create()` reads it, the URL to print as a QR code on the ' +
          'receipt: `{service}/l?version=…&shop_id=…&credits=…&unique_id=…&timestamp=…&hash=…`. A key ' +
          'bound to a shop makes tokens of its shop only.',
        errors: [1008, 60007, 55046, 1015, { reason: 'loyalty_token_claimed' }],
        body: createLoyaltyTokenBody,
        response: { 201: envelope(z.string()) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await req.tx((tx) => createLoyaltyToken(tx, req.actor, req.body, base)));
    },
  );

  for (const [url, operationId, surface] of [
    [`${SURFACE_PREFIX.oauth}/loyalty-tokens/claim`, 'claimLoyaltyToken', 'oauth'],
    [`${SURFACE_PREFIX.register}/loyalty-tokens`, 'claimLoyaltyTokenViaRegister', 'register'],
  ] as const) {
    app.post(
      url,
      {
        config: { auth: 'K', surface },
        schema: {
          tags: TAGS,
          operationId,
          summary: 'Extension: claim a receipt token for a contact',
          description: CLAIM_DESCRIPTION,
          errors: CLAIM_REFUSALS,
          body: claimLoyaltyTokenBody,
          response: { 201: envelope(creditReception) },
        },
      },
      async (req, reply) => {
        reply.code(201);
        const { contact_uuid: contact, ...token } = req.body;
        return ok(await req.tx((tx) => claimLoyaltyToken(tx, token, contact)));
      },
    );
  }
}
