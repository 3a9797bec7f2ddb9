import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { createdUnit, createUnitBody, unit } from '../../../contract/public/units';
import { createUnit, listUnits, unitView } from '../../domain/loyalty/units';
import { ok, zodRoutes } from '../route';

/** Spec "Units (K)": list and create. */
export default async function unitsRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/units',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Units'],
        summary: 'List the units',
        response: { 200: envelope(z.array(unit)) },
      },
    },
    async () => ok((await listUnits(app.db)).map(unitView)),
  );

  app.post(
    '/units',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Units'],
        summary: 'Create a unit',
        errors: [{ code: 55045, when: 'a unit with this name exists' }],
        body: createUnitBody,
        response: { 201: envelope(createdUnit) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createUnit(tx, req.body)))),
  );
}
