import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { createPromotionBody, promotion, promotionUuidParams } from '../../../contract/public/promotions';
import {
  createPromotion,
  listPromotions,
  promotionByUuid,
  promotionView,
} from '../../domain/vouchers/promotions';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

/** Spec "Promotions and vouchers (K)": the promotions. Vouchers: their own module. */
export default async function promotionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/promotions',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Promotions and vouchers'],
        summary: 'List promotions',
        response: { 200: envelope(z.array(promotion)) },
      },
    },
    async () => ok(await listPromotions(app.db)),
  );

  app.get(
    '/promotions/:promotion_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Promotions and vouchers'],
        summary: 'Get a promotion',
        errors: [80002],
        params: promotionUuidParams,
        response: { 200: envelope(promotion) },
      },
    },
    async (req) => ok(promotionView(await promotionByUuid(app.db, req.params.promotion_uuid))),
  );

  app.post(
    '/promotions',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Promotions and vouchers', EXTENSION_TAG],
        summary: 'Extension: create a promotion',
        description:
          'As the real platform’s PHP SDK sends it (`promotion->create()`): every voucher of it is ' +
          'redeemed once (type SINGLE_USE, redemptions_per_voucher 1). Its vouchers: POST /vouchers.',
        body: createPromotionBody,
        response: { 201: envelope(promotion) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await req.tx((tx) => createPromotion(tx, req.body)));
    },
  );
}
