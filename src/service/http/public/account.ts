import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { loyaltyProgram, shop, shopUuidParams, tier } from '../../../contract/public/account';
import { brandKit } from '../../../contract/public/brand-kit';
import { subscriptionType } from '../../../contract/public/contacts';
import { brandKitOf } from '../../domain/account/brand-kit';
import { getShop, listShops } from '../../domain/account/shops';
import { listSubscriptionTypes } from '../../domain/contacts/subscriptions';
import { getLoyaltyProgram } from '../../domain/loyalty/program';
import { listTiers } from '../../domain/loyalty/tiers';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Account', EXTENSION_TAG];

/**
 * Extensions: what a POS reads of the account — its shops, tiers, subscription types, loyalty
 * program and brand kit (the spec names these operations without their payload; the real platform
 * serves them).
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/loyalty-program',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: the loyalty program',
        description:
          'Its name is the account’s; `max_amount` is the most credits one credit reception may give ' +
          '(null: no maximum); `custom_credit_name` is null (credits are called credits).',
        response: { 200: envelope(loyaltyProgram) },
      },
    },
    async () => ok(await getLoyaltyProgram(app.db)),
  );

  app.get(
    '/brand-kit',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: the brand kit',
        description:
          'The real platform’s shape (its PHP SDK’s `brandkit->get()`): logos, cover image, four ' +
          'colours, font colour and family, description, corner theme; null when unset. Pictures ' +
          'shipped with the account are served by this service (`/media/…`, absolute URLs here).',
        response: { 200: envelope(brandKit) },
      },
    },
    async (req) => ok(await brandKitOf(app.db, `${req.protocol}://${req.host}`)),
  );

  app.get(
    '/shops',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: list the shops',
        description: 'Every shop of the account, by id, as receptions show a shop, with its reference.',
        response: { 200: envelope(z.array(shop)) },
      },
    },
    async () => ok(await listShops(app.db)),
  );

  app.get(
    '/shops/:shop_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: get a shop',
        errors: [1008],
        params: shopUuidParams,
        response: { 200: envelope(shop) },
      },
    },
    async (req) => ok(await getShop(app.db, req.params.shop_uuid)),
  );

  app.get(
    '/tiers',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: list the tiers',
        description: 'Lowest position first; each as a contact’s `tier` shows it.',
        response: { 200: envelope(z.array(tier)) },
      },
    },
    async () => ok(await listTiers(app.db)),
  );

  app.get(
    '/subscription-types',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: list the subscription types',
        description: 'Every subscription type of the account, active or not, by id.',
        response: { 200: envelope(z.array(subscriptionType)) },
      },
    },
    async () => ok(await listSubscriptionTypes(app.db)),
  );
}
