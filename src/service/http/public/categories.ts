import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope, pagedEnvelope, pageMeta } from '../../../contract/envelope';
import {
  batchCategoriesBody,
  catalogPageQuery,
  catalogUuidParams,
  category,
  createCategoryBody,
  findByExternalIdentifierQuery,
  findOrCreateCategoryBody,
  updateCategoryBody,
} from '../../../contract/public/categories';
import {
  createCategories,
  createCategory,
  deleteCategory,
  findCategory,
  findOrCreateCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../../domain/categories';
import { ok, zodRoutes } from '../route';

const TAGS = ['Categories'];
const P = '/v3/oauth/clients/product-categories';

/** Spec "Categories (list, get, delete: K; others: P)". Unknown uuids and identifiers: 1003 with 404. */
export default async function categoryRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/product-categories',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'List categories',
        description: 'Paginated, in creation order: `page` from 1, `limit` 1–100 (default 30). Errors: 1003.',
        querystring: catalogPageQuery,
        response: { 200: pagedEnvelope(category, pageMeta) },
      },
    },
    async (req) => listCategories(app.db, req.query),
  );

  app.get(
    '/product-categories/:uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Get a category',
        description: 'Errors: 1003 (404).',
        params: catalogUuidParams,
        response: { 200: envelope(category) },
      },
    },
    async (req) => ok(await getCategory(app.db, req.params.uuid)),
  );

  app.delete(
    '/product-categories/:uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Delete a category',
        description: 'Products lose the category. Errors: 1003 (404).',
        params: catalogUuidParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await req.tx((tx) => deleteCategory(tx, req.params.uuid));
      return ok(null);
    },
  );

  app.post(
    P,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Create a category',
        description: 'Errors: 1003 (409 when external_identifier is taken).',
        body: createCategoryBody,
        response: { 201: envelope(category) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createCategory(tx, req.body)))),
  );

  app.post(
    `${P}/batch`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Create up to 100 categories at once',
        description:
          'All or nothing: one bad item creates none. At most 100 items (else 1003 naming categories). ' +
          'Errors: 1003 (409 naming categories.N.external_identifier when taken or repeated).',
        body: batchCategoriesBody,
        response: { 201: envelope(z.array(category)) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createCategories(tx, req.body.categories)))),
  );

  app.get(
    `${P}/find`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Find a category by external identifier',
        description: 'Errors: 1003 (404 when none has it).',
        querystring: findByExternalIdentifierQuery,
        response: { 200: envelope(category) },
      },
    },
    async (req) => ok(await findCategory(app.db, req.query.external_identifier)),
  );

  app.post(
    `${P}/find-or-create`,
    {
      config: { auth: 'P' },
      schema: {
        tags: TAGS,
        summary: 'Find a category by external identifier, or create it',
        description:
          'Answers the existing category unchanged (200), or creates one (201; then `name` is required). ' +
          'Errors: 1003.',
        body: findOrCreateCategoryBody,
        response: { 200: envelope(category), 201: envelope(category) },
      },
    },
    async (req, reply) => {
      // The status is part of the stored response: set it inside the unit of work.
      const { category: found } = await req.tx(async (tx) => {
        const result = await findOrCreateCategory(tx, req.body);
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
        summary: 'Update a category',
        description: 'Errors: 1003 (404 unknown, 409 external_identifier taken).',
        params: catalogUuidParams,
        body: updateCategoryBody,
        response: { 200: envelope(category) },
      },
    },
    async (req) => ok(await req.tx((tx) => updateCategory(tx, req.params.uuid, req.body))),
  );
}
