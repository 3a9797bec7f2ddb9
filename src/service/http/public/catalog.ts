import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, type PageQuery, pagedEnvelope, pageMeta } from '../../../contract/envelope';
import {
  catalogPageQuery,
  catalogUuidParams,
  findByExternalIdentifierQuery,
} from '../../../contract/public/categories';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { madeBy } from '../openapi/document';
import { deriveOperationId } from '../openapi/operation-id';
import { ok } from '../route';

/**
 * One catalog resource of the spec (products, product categories): its paths, names, schemas and
 * domain functions. `Item` is the resource's view; `Create`, `FindOrCreate`, `Update` the request bodies.
 */
export interface CatalogResource<Item, Create, FindOrCreate, Update, Batch extends string> {
  /** OpenAPI tag, e.g. 'Products'. */
  tag: string;
  /** Base path of the K routes (list, get, delete), e.g. '/products'. */
  keyPath: string;
  /** Base path of the P routes, e.g. '/v3/oauth/clients/products'. */
  clientPath: string;
  /** The singular noun of summaries, e.g. 'product'. */
  noun: string;
  /** The batch body's array field, also the plural noun of summaries, e.g. 'products'. */
  batch: Batch;
  schemas: {
    item: z.ZodType<Item>;
    create: z.ZodType<Create>;
    batch: z.ZodType<Record<Batch, Create[]>>;
    findOrCreate: z.ZodType<FindOrCreate>;
    update: z.ZodType<Update>;
  };
  /** The OpenAPI descriptions that differ between resources. */
  descriptions: { delete?: string; create?: string; batch: string; update: string };
  list(db: Db, query: PageQuery): Promise<{ data: Item[]; meta: z.infer<typeof pageMeta> }>;
  get(db: Db, uuid: string): Promise<Item>;
  find(db: Db, externalIdentifier: string): Promise<Item>;
  remove(tx: Tx, uuid: string): Promise<void>;
  create(tx: Tx, body: Create): Promise<Item>;
  createMany(tx: Tx, items: Create[]): Promise<Item[]>;
  findOrCreate(tx: Tx, body: FindOrCreate): Promise<{ item: Item; created: boolean }>;
  update(tx: Tx, uuid: string, body: Update): Promise<Item>;
}

type UuidParams = { uuid: string };

// Fastify cannot resolve the body type of a generic route; the route's schema has validated it.
function bodyOf<T>(req: FastifyRequest): T {
  return req.body as T;
}

const UNKNOWN = { code: 1003, status: 404, when: 'unknown uuid' } as const;
const TAKEN = { code: 1003, status: 409, when: 'external_identifier taken (named)' } as const;

/**
 * Registers the spec's routes of a catalog resource: list, get, delete (K); create, batch, find,
 * find-or-create, update (P). Unknown uuids and identifiers answer 1003 with 404 (from the domain).
 */

export function catalogRoutes<Item, Create, FindOrCreate, Update, Batch extends string>(
  app: FastifyInstance,
  r: CatalogResource<Item, Create, FindOrCreate, Update, Batch>,
): void {
  const tags = [r.tag];
  const { item } = r.schemas;
  // "Try it out" on the demo account (no products) creates one first.
  const createId = deriveOperationId('post', r.clientPath);

  app.get<{ Querystring: PageQuery }>(
    r.keyPath,
    {
      config: { auth: 'K' },
      schema: {
        tags,
        summary: `List ${r.batch}`,
        description: 'Paginated, in creation order: `page` from 1, `limit` 1–100 (default 30).',
        querystring: catalogPageQuery,
        response: { 200: pagedEnvelope(item, pageMeta) },
      },
    },
    async (req) => r.list(app.db, req.query),
  );

  app.get<{ Params: UuidParams }>(
    `${r.keyPath}/:uuid`,
    {
      config: { auth: 'K' },
      schema: {
        tags,
        summary: `Get a ${r.noun}`,
        exampleAfter: madeBy(createId, 'uuid'),
        errors: [UNKNOWN],
        params: catalogUuidParams,
        response: { 200: envelope(item) },
      },
    },
    async (req) => ok(await r.get(app.db, req.params.uuid)),
  );

  app.delete<{ Params: UuidParams }>(
    `${r.keyPath}/:uuid`,
    {
      config: { auth: 'K' },
      schema: {
        tags,
        summary: `Delete a ${r.noun}`,
        exampleAfter: madeBy(createId, 'uuid'),
        description: r.descriptions.delete,
        errors: [UNKNOWN],
        params: catalogUuidParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await req.tx((tx) => r.remove(tx, req.params.uuid));
      return ok(null);
    },
  );

  app.post(
    r.clientPath,
    {
      config: { auth: 'P' },
      schema: {
        tags,
        summary: `Create a ${r.noun}`,
        description: r.descriptions.create,
        errors: [TAKEN],
        body: r.schemas.create,
        response: { 201: envelope(item) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => r.create(tx, bodyOf<Create>(req))))),
  );

  app.post(
    `${r.clientPath}/batch`,
    {
      config: { auth: 'P' },
      schema: {
        tags,
        summary: `Create up to 100 ${r.batch} at once`,
        description: r.descriptions.batch,
        errors: [{ code: 1003, status: 409, when: 'an external_identifier taken or repeated (named)' }],
        body: r.schemas.batch,
        response: { 201: envelope(z.array(item)) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await req.tx((tx) => r.createMany(tx, bodyOf<Record<Batch, Create[]>>(req)[r.batch])))),
  );

  app.get<{ Querystring: { external_identifier: string } }>(
    `${r.clientPath}/find`,
    {
      config: { auth: 'P' },
      schema: {
        tags,
        summary: `Find a ${r.noun} by external identifier`,
        exampleAfter: madeBy(createId),
        errors: [{ code: 1003, status: 404, when: 'none has it' }],
        querystring: findByExternalIdentifierQuery,
        response: { 200: envelope(item) },
      },
    },
    async (req) => ok(await r.find(app.db, req.query.external_identifier)),
  );

  app.post(
    `${r.clientPath}/find-or-create`,
    {
      config: { auth: 'P' },
      schema: {
        tags,
        summary: `Find a ${r.noun} by external identifier, or create it`,
        description: `Answers the existing ${r.noun} unchanged (200), or creates one (201; then \`name\` is required).`,
        body: r.schemas.findOrCreate,
        response: { 200: envelope(item), 201: envelope(item) },
      },
    },
    async (req, reply) => {
      // The status is part of the stored response: set it inside the unit of work.
      const { item: found } = await req.tx(async (tx) => {
        const result = await r.findOrCreate(tx, bodyOf<FindOrCreate>(req));
        reply.code(result.created ? 201 : 200);
        return result;
      });
      return ok(found);
    },
  );

  app.put<{ Params: UuidParams }>(
    `${r.clientPath}/:uuid`,
    {
      config: { auth: 'P' },
      schema: {
        tags,
        summary: `Update a ${r.noun}`,
        exampleAfter: madeBy(createId, 'uuid'),
        description: r.descriptions.update,
        errors: [UNKNOWN, TAKEN],
        params: catalogUuidParams,
        body: r.schemas.update,
        response: { 200: envelope(item) },
      },
    },
    async (req) => ok(await req.tx((tx) => r.update(tx, req.params.uuid, bodyOf<Update>(req)))),
  );
}
