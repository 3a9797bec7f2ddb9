import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO } from '../../../contract/examples';
import { officeShop, officeShops as officeShopList, shopRequest } from '../../../contract/office';
import { changeShop, closeShop, createShop, officeShops } from '../../domain/account/office-shops';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const uuidParams = z.object({ uuid: z.string().min(1).max(191).meta({ example: DEMO.shop }) });
const noBody = z.preprocess((v) => v ?? {}, z.object({}));

/**
 * The office's shops (docs/office.md "Shops"): the shops the caller runs; the owner adds, edits
 * and closes them (domain/account/office-shops.ts).
 */
export default async function shopRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/shops',
    officeRoute({
      summary: 'The shops the signed-in staff member runs (every shop, closed ones too, for the owner)',
      response: { 200: officeShopList },
    }),
    async (req) => officeShops(app.db, req.officeActor),
  );

  app.post(
    '/shops',
    officeRoute({
      summary: 'Add a shop (owner only)',
      description: 'The new shop gets the next shop id and a new uuid. Recorded as `shop.created`.',
      body: shopRequest,
      response: { 201: officeShop },
    }),
    async (req, reply) => {
      const shop = await app.tx((tx) => createShop(tx, req.officeActor, req.body));
      return reply.code(201).send(shop);
    },
  );

  app.put(
    '/shops/:uuid',
    officeRoute({
      summary: "Change a shop's name, reference and address (owner only)",
      description:
        'A reference or address left out stays; `null` clears it. A closed shop takes no changes ' +
        '(409 shop_closed). Recorded as `shop.changed`, with the values before and after.',
      errors: [{ code: 1008 }, { reason: 'shop_closed' }],
      params: uuidParams,
      body: shopRequest,
      response: { 200: officeShop },
    }),
    async (req) => app.tx((tx) => changeShop(tx, req.officeActor, req.params.uuid, req.body)),
  );

  app.post(
    '/shops/:uuid/close',
    officeRoute({
      summary: 'Close a shop (owner only): its devices and register keys stop working at once',
      description:
        "Its counter tablets and console phones are revoked and its register keys deleted: each one's " +
        'next request is refused and its open event streams end, in every process. Its sessions, ' +
        'receptions and log stay; the public API takes no new business there (1008 Shop not found). ' +
        'Recorded as `shop.closed`.',
      errors: [{ code: 1008 }, { reason: 'shop_closed' }],
      params: uuidParams,
      body: noBody,
      response: { 200: officeShop },
    }),
    async (req) => app.tx((tx) => closeShop(tx, req.officeActor, req.params.uuid)),
  );
}
