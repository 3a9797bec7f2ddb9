import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { promotion, promotionUuidParams } from '../../../contract/public/promotions';
import { listPromotions, promotionByUuid, promotionView } from '../../domain/promotions';
import { ok, zodRoutes } from '../route';

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
}
