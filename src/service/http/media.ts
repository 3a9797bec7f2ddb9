import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO } from '../../contract/examples';
import { refusal } from '../domain/shared/errors';
import { zodRoutes } from './route';

const params = z.object({
  name: z
    .string()
    .regex(/^[0-9a-f]{20}\.[a-z]{3,4}$/, 'must be a media file name')
    .meta({ example: DEMO.media }),
});

/**
 * GET /media/{name}: a picture shipped with the account fixture (fixture/media.ts), by its
 * content-hash name, so it is cached for ever. No credentials: logos and reward images are public.
 * An SVG cannot run script or load anything (its own content security policy).
 */
export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  app.get(
    '/media/:name',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Extension'],
        summary: 'Extension: a picture shipped with the account (logo, reward or promotion image)',
        description: 'PNG, JPEG, WebP or SVG, cached for ever (the name is its content hash).',
        produces: ['image/*'],
        errors: [{ reason: 'picture_not_found' }],
        params,
      },
    },
    async (req, reply) => {
      const file = await app.db
        .selectFrom('media_files')
        .select(['content_type', 'bytes'])
        .where('name', '=', req.params.name)
        .executeTakeFirst();
      if (!file) throw refusal('picture_not_found', 'Picture not found');
      return reply
        .type(file.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );
}
