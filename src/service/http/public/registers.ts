import type { FastifyInstance } from 'fastify';
import { envelope } from '../../../contract/envelope';
import { register } from '../../../contract/public/registers';
import { registerOf } from '../../domain/account/registers';
import { hashToken } from '../../domain/shared/tokens';
import { bearerToken } from '../plugins/auth';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { SURFACE_PREFIX } from '../surfaces';

/** Extension: the register of a shop-bound API key, on the register surface only (PHP SDK `registers->get()`). */
export default async function registerRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    SURFACE_PREFIX.register,
    {
      config: { auth: 'K', surface: 'register', registerKey: true },
      schema: {
        tags: ['Account', EXTENSION_TAG],
        operationId: 'getRegister',
        summary: 'Extension: the register of this API key',
        description:
          'The till an API key bound to a shop belongs to, as the real platform’s RegisterClient reads ' +
          'it: `{id, identifier, name, shop}`. A key bound to no shop has none (1003, HTTP 403).',
        errors: [{ reason: 'register_key_required' }],
        response: { 200: envelope(register) },
      },
    },
    async (req) => {
      const hash = hashToken(bearerToken(req) ?? '');
      return ok(await app.tx((tx) => registerOf(tx, req.actor, hash)));
    },
  );
}
