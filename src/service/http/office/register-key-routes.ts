import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newRegisterKey, registerKeyRequest, registerKeys } from '../../../contract/office';
import { createRegisterKey, listRegisterKeys, revokeRegisterKey } from '../../domain/account/register-keys';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const uuidParams = z.object({ uuid: z.string().min(1).max(191).meta({ example: 'the key uuid' }) });
const noBody = z.preprocess((v) => v ?? {}, z.object({}));

/**
 * The office's register keys (docs/office.md "Register keys"): API keys for POS integrators, made
 * with their token shown once, listed by name and last use, revoked at once
 * (domain/account/register-keys.ts).
 */
export default async function registerKeyRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/register-keys',
    officeRoute({
      summary: 'The register keys the signed-in staff member may manage, by name and last use',
      description:
        "The owner's: every API key; a manager's: the keys bound to the shops they run. The token is " +
        'never shown again; `last_used_at` is kept to the minute.',
      response: { 200: registerKeys },
    }),
    async (req) => listRegisterKeys(app.db, req.officeActor),
  );

  app.post(
    '/register-keys',
    officeRoute({
      summary: 'Make a register key, bound to a shop or (owner only) account-wide; its token is shown once',
      description:
        'The answer holds the `token` this once: the service keeps only its hash. A manager makes keys ' +
        'for the shops they run only. Recorded as `register_key.created` (without the token).',
      errors: [{ code: 1008 }, { reason: 'shop_closed' }],
      body: registerKeyRequest,
      response: { 201: newRegisterKey },
    }),
    async (req, reply) => {
      const made = await app.tx((tx) => createRegisterKey(tx, req.officeActor, req.body));
      return reply.code(201).send(made);
    },
  );

  app.post(
    '/register-keys/:uuid/revoke',
    officeRoute({
      summary: 'Revoke a register key at once',
      description:
        'The key is deleted: its next request is refused (401) and its open event streams end, in every ' +
        'process. Recorded as `register_key.revoked`.',
      errors: [{ reason: 'register_key_not_found' }],
      exampleAfter: {
        operationId: 'createOfficeApiRegisterKey',
        parameters: { uuid: '$response.body#/key/uuid' },
      },
      params: uuidParams,
      body: noBody,
      noContent: 'Revoked.',
    }),
    async (req, reply) => {
      await app.tx((tx) => revokeRegisterKey(tx, req.officeActor, req.params.uuid));
      return reply.code(204).send();
    },
  );
}
