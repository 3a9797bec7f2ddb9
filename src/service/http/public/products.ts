import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, pagedEnvelope, pageMeta } from '../../../contract/envelope';
import {
  catalogPageQuery,
  catalogUuidParams,
  findByExternalIdentifierQuery,
} from '../../../contract/public/categories';
import {
  batchProductsBody,
  createProductBody,
  findOrCreateProductBody,
  product,
  updateProductBody,
} from '../../../contract/public/products';
import {
  createProduct,
  createProducts,
  deleteProduct,
  findOrCreateProduct,
  findProduct,
  getProduct,
  listProducts,
  updateProduct,
} from '../../domain/products';
import { ok, zodRoutes } from '../route';

const TAGS = ['Products'];
const P = '/v3/oauth/clients/products';

/** Spec "Products (list and get/delete: K; others: P)". Unknown uuids and identifiers: 1003 with 404. */
export default async function productRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/products',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'List products',
        description: 'Paginated, in creation order: `page` from 1, `limit` 1–100 (default 30). Errors: 1003.',
        querystring: catalogPageQuery,
        response: { 200: pagedEnvelope(product, pageMeta) },
      },
    },
    async (req) => listProducts(app.db, req.query),
  );

  app.get(
    '/products/:uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Get a product',
        description: 'Errors: 1003 (404).',
        params: catalogUuidParams,
        response: { 200: envelope(product) },
      },
    },
    async (req) => ok(await getProduct(app.db, req.params.uuid)),
  );

  app.delete(
    '/products/:uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Delete a product',
        description: 'Errors: 1003 (404).',
        params: catalogUuidParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await req.tx((tx) => deleteProduct(tx, req.params.uuid));
      return ok(null);
    },
  );

  app.post(
    P,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Create a product',
        description:
          'Categories by uuid or external_identifier. Errors: 1003 (naming categories.N when unknown; ' +
          '409 when external_identifier is taken).',
        body: createProductBody,
        response: { 201: envelope(product) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createProduct(tx, req.body)))),
  );

  app.post(
    `${P}/batch`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Create up to 100 products at once',
        description:
          'All or nothing: one bad item creates none. At most 100 items (else 1003 naming products). ' +
          'Errors: 1003 (naming products.N.categories.M; 409 naming products.N.external_identifier).',
        body: batchProductsBody,
        response: { 201: envelope(z.array(product)) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createProducts(tx, req.body.products)))),
  );

  app.get(
    `${P}/find`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Find a product by external identifier',
        description: 'Errors: 1003 (404 when none has it).',
        querystring: findByExternalIdentifierQuery,
        response: { 200: envelope(product) },
      },
    },
    async (req) => ok(await findProduct(app.db, req.query.external_identifier)),
  );

  app.post(
    `${P}/find-or-create`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Find a product by external identifier, or create it',
        description:
          'Answers the existing product unchanged (200), or creates one (201; then `name` is required). ' +
          'Errors: 1003.',
        body: findOrCreateProductBody,
        response: { 200: envelope(product), 201: envelope(product) },
      },
    },
    async (req, reply) => {
      // The status is part of the stored response: set it inside the unit of work.
      const { product: found } = await req.tx(async (tx) => {
        const result = await findOrCreateProduct(tx, req.body);
        reply.code(result.created ? 201 : 200);
        return result;
      });
      return ok(found);
    },
  );

  app.put(
    `${P}/:uuid`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Update a product',
        description:
          'Every field optional; `categories` replaces the product’s categories. Errors: 1003 (404 ' +
          'unknown, naming categories.N, 409 external_identifier taken).',
        params: catalogUuidParams,
        body: updateProductBody,
        response: { 200: envelope(product) },
      },
    },
    async (req) => ok(await req.tx((tx) => updateProduct(tx, req.params.uuid, req.body))),
  );
}
