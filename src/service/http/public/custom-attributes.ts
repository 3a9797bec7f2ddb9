import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import {
  attributeNameParams,
  createAttributeBody,
  customAttribute,
  listAttributesQuery,
  updateAttributeBody,
} from '../../../contract/public/custom-attributes';
import {
  createCustomAttribute,
  listCustomAttributes,
  updateCustomAttribute,
} from '../../domain/account/custom-attributes';
import { ok, zodRoutes } from '../route';

/** Spec "Custom attributes (K)": list per entity, create, update. */
export default async function customAttributeRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/custom-attributes',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Custom attributes'],
        summary: 'List the custom attributes of an entity',
        description: 'In position order.',
        querystring: listAttributesQuery,
        response: { 200: envelope(z.array(customAttribute)) },
      },
    },
    async (req) => ok(await listCustomAttributes(app.db, req.query.entity)),
  );

  app.post(
    '/custom-attributes',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Custom attributes'],
        summary: 'Define a custom attribute',
        description:
          '`options` only for select and multi_select. `group` is derived from `group_name`. A name may ' +
          'not be a built-in field of the entity.',
        errors: [{ code: 1003, status: 409, when: 'the entity has the name' }],
        body: createAttributeBody,
        response: { 201: envelope(customAttribute) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createCustomAttribute(tx, req.body)))),
  );

  app.put(
    '/custom-attributes/:custom_attribute_name',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Custom attributes'],
        summary: 'Update a custom attribute',
        description:
          'Only label, description, options (select and multi_select) and group_name change; other fields ' +
          'are refused.',
        errors: [{ reason: 'custom_attribute_not_found' }, { reason: 'system_attribute_read_only' }],
        params: attributeNameParams,
        body: updateAttributeBody,
        response: { 200: envelope(customAttribute) },
      },
    },
    async (req) =>
      ok(await req.tx((tx) => updateCustomAttribute(tx, req.params.custom_attribute_name, req.body))),
  );
}
