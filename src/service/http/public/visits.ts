import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { createVisitBody, updateVisitBody, visit, visitUuidParams } from '../../../contract/public/visits';
import { createVisit, updateVisit } from '../../domain/stays/visits';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';

/** Spec "Bookings (K) and visits (P)": create and update visits. */
export default async function visitRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/v3/oauth/clients/visits',
    {
      config: { auth: 'P' },
      schema: {
        tags: ['Visits'],
        summary: 'Record a visit',
        description: 'Timestamps ISO 8601 with offset. The spec lists no error codes here.',
        errors: [{ code: 1003, status: 409, when: 'external_id taken' }, 55031, 1008],
        body: createVisitBody,
        response: { 201: envelope(visit) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await req.tx((tx) => createVisit(tx, req.actor, req.body)))),
  );

  app.put(
    '/v3/oauth/clients/visits/:uuid',
    {
      config: { auth: 'P' },
      schema: {
        tags: ['Visits'],
        summary: 'Update a visit',
        exampleAfter: madeBy('createVisit', 'uuid'),
        description:
          'external_id, source, starts_at, ends_at (null clears one); contact_uuid and shop_uuid cannot ' +
          "be sent. A register key changes its own shop's visits only: another shop's answers as an " +
          'unknown one.',
        errors: [{ reason: 'visit_not_found' }, { code: 1003, status: 409, when: 'external_id taken' }],
        params: visitUuidParams,
        body: updateVisitBody,
        response: { 200: envelope(visit) },
      },
    },
    async (req) => ok(await req.tx((tx) => updateVisit(tx, req.actor, req.params.uuid, req.body))),
  );
}
