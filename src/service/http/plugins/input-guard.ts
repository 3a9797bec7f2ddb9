import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../domain/shared/errors';

/** The path (`items.0.name`) of the first string holding a NUL character in `value`, if any. */
function nulAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL character (`\u0000`, `%00`) in any path parameter, query parameter or body string
 * with 1003 naming the field, before validation and after the token: PostgreSQL cannot store it
 * (it would fail as an internal error) and no field of the interface has a use for it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulAt(request.params, '') ?? nulAt(request.query, '') ?? nulAt(request.body, '');
    if (field !== undefined) {
      const name = field || 'body';
      invalidField(name, `The ${name.replaceAll('_', ' ')} field must not contain a NUL character.`);
    }
  });
}
