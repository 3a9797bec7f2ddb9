import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import {
  type AttributeEntity,
  attributeIdParams,
  customAttribute,
  entityAttributeBody,
  entityAttributeListQuery,
  updateEntityAttributeBody,
} from '../../../contract/public/custom-attributes';
import {
  createEntityAttribute,
  entityAttributeById,
  listCustomAttributes,
  updateEntityAttribute,
} from '../../domain/account/custom-attributes';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Custom attributes', EXTENSION_TAG];

/** The real platform's attribute resources, each over the custom attributes of one entity. */
const RESOURCES: { path: string; entity: AttributeEntity; noun: string; sdk: string }[] = [
  { path: '/contact-attributes', entity: 'contact', noun: 'contact', sdk: 'contactAttributes' },
  { path: '/reward-attributes', entity: 'reward', noun: 'reward', sdk: 'rewardAttributes' },
  { path: '/promotion-attributes', entity: 'promotion', noun: 'promotion', sdk: 'promotionAttributes' },
  {
    path: '/loyalty-transaction-attributes',
    entity: 'loyalty_transaction',
    noun: 'loyalty transaction',
    sdk: 'loyaltyTransactionAttributes',
  },
];

/**
 * Extensions: the real platform's per-entity attribute resources (its PHP SDK's contactAttributes,
 * rewardAttributes, promotionAttributes, loyaltyTransactionAttributes): list and create the custom
 * attributes of one entity, as GET and POST /custom-attributes with that entity; promotion
 * attributes also by id.
 */
export default async function entityAttributeRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  for (const { path, entity, noun, sdk } of RESOURCES) {
    app.get(
      path,
      {
        config: { auth: 'K' },
        schema: {
          tags: TAGS,
          summary: `Extension: list the ${noun} attributes`,
          description: `GET /custom-attributes?entity=${entity}, as the PHP SDK’s \`${sdk}->list()\` reads it (\`page\` and \`limit\` cut the list).`,
          querystring: entityAttributeListQuery,
          response: { 200: envelope(z.array(customAttribute)) },
        },
      },
      async (req) => {
        const { page, limit } = req.query;
        const all = await listCustomAttributes(app.db, entity);
        return ok(all.slice((page - 1) * limit, page * limit));
      },
    );

    app.post(
      path,
      {
        config: { auth: 'K' },
        schema: {
          tags: TAGS,
          summary: `Extension: define a ${noun} attribute`,
          description:
            `POST /custom-attributes with entity ${entity}, as the PHP SDK’s \`${sdk}->create()\` sends it: ` +
            'the type as `type` or `data_type`, options as {value, label} or {value, name}; the label ' +
            'defaults to the name.',
          errors: [{ code: 1003, status: 409, when: 'the entity has the name' }],
          body: entityAttributeBody,
          response: { 201: envelope(customAttribute) },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(await req.tx((tx) => createEntityAttribute(tx, entity, req.body)));
      },
    );
  }

  const madeByCreate = {
    operationId: 'createPromotionAttribute',
    parameters: { attribute_id: '$response.body#/data/id' },
  };

  app.get(
    '/promotion-attributes/:attribute_id',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: get a promotion attribute',
        description: 'By its id (the PHP SDK’s `promotionAttributes->get()`).',
        exampleAfter: madeByCreate,
        errors: [{ reason: 'custom_attribute_not_found' }],
        params: attributeIdParams,
        response: { 200: envelope(customAttribute) },
      },
    },
    async (req) => ok(await entityAttributeById(app.db, 'promotion', req.params.attribute_id)),
  );

  app.put(
    '/promotion-attributes/:attribute_id',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'Extension: update a promotion attribute',
        description:
          'By its id (the PHP SDK’s `promotionAttributes->update()`): label, description, placeholder ' +
          'and options (select and multi_select) change; `name`, `type` and `id` may only repeat the ' +
          'attribute’s.',
        exampleAfter: madeByCreate,
        errors: [{ reason: 'custom_attribute_not_found' }, { reason: 'system_attribute_read_only' }],
        params: attributeIdParams,
        body: updateEntityAttributeBody,
        response: { 200: envelope(customAttribute) },
      },
    },
    async (req) =>
      ok(await req.tx((tx) => updateEntityAttribute(tx, 'promotion', req.params.attribute_id, req.body))),
  );
}
