import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { createPerkBody, perk, perkUuidParams, updatePerkBody } from '../../../contract/public/perks';
import { createPerk, deletePerk, getPerk, listPerks, updatePerk } from '../../domain/rewards/perks';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

/** Spec "Perks (K)": list, create, get, update; delete (extension). */
export default async function perkRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/perks',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Perks'],
        summary: 'List the perks',
        description: 'Every perk with its options, in creation order; not paginated.',
        response: { 200: envelope(z.array(perk)) },
      },
    },
    async () => ok(await listPerks(app.db)),
  );

  app.post(
    '/perks',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Perks'],
        summary: 'Create a perk',
        description:
          'Exactly one option must be the default; every existing tier gets it. Boolean perks take only ' +
          'the values true and false.',
        errors: [{ code: 1003, status: 409, when: 'a name in use' }],
        body: createPerkBody,
        response: { 201: envelope(perk) },
      },
    },
    async (req, reply) => reply.code(201).send(ok(await req.tx((tx) => createPerk(tx, req.body)))),
  );

  app.get(
    '/perks/:perk_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Perks'],
        summary: 'Get a perk',
        exampleAfter: madeBy('createPerk', 'perk_uuid'),
        errors: [110000],
        params: perkUuidParams,
        response: { 200: envelope(perk) },
      },
    },
    async (req) => ok(await getPerk(app.db, req.params.perk_uuid)),
  );

  app.put(
    '/perks/:perk_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Perks'],
        summary: "Change a perk's label",
        exampleAfter: madeBy('createPerk', 'perk_uuid'),
        errors: [110000],
        params: perkUuidParams,
        body: updatePerkBody,
        response: { 200: envelope(perk) },
      },
    },
    async (req) => ok(await req.tx((tx) => updatePerk(tx, req.params.perk_uuid, req.body))),
  );

  app.delete(
    '/perks/:perk_uuid',
    {
      config: { auth: 'K' },
      schema: {
        tags: ['Perks', EXTENSION_TAG],
        summary: 'Extension: delete a perk',
        description:
          'The perk, its options and what each tier had of it go (the PHP SDK’s `perk->delete()`); ' +
          'answers the perk as it was.',
        exampleAfter: madeBy('createPerk', 'perk_uuid'),
        errors: [110000],
        params: perkUuidParams,
        response: { 200: envelope(perk) },
      },
    },
    async (req) => ok(await req.tx((tx) => deletePerk(tx, req.params.perk_uuid))),
  );
}
