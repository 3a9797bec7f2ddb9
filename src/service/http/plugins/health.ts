import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { pendingMigrations } from '../../db/database';
import { zodRoutes } from '../route';

/** How long /readyz waits for the database before it answers "not ready". */
export const READINESS_TIMEOUT_MS = 2000;

const liveness = z.object({ status: z.literal('ok') });

const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** `ok`, `unreachable: <reason>`, `unwritable: <reason>` (SQLite) or `shutting down`. */
  database: z.string(),
  /** `done`, `pending: <names>`, or `unknown` while the database is unreachable. */
  migrations: z.string(),
});

type Readiness = z.infer<typeof readiness>;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz` (liveness: the process answers) and `GET /readyz` (readiness: the database
 * answers within 2 s, every migration of this version is applied and, on SQLite, its log can still
 * be made durable; 503 otherwise and while shutting down). No token and no rate limit (probes come often, from one address). docs/operations.md.
 */
export function registerHealth(app: FastifyInstance): void {
  let closing = false;
  let migrated = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const check = async (): Promise<Readiness> => {
    const lost = app.groupCommit?.failure;
    if (lost) return { status: 'not_ready', database: `unwritable: ${lost.message}`, migrations: 'unknown' };
    try {
      await sql`select 1`.execute(app.db);
    } catch (err) {
      return {
        status: 'not_ready',
        database: `unreachable: ${(err as Error).message}`,
        migrations: 'unknown',
      };
    }
    // Applied migrations stay applied: once the schema is up to date, only the ping is repeated.
    if (!migrated) {
      const pending = await pendingMigrations(app.db, app.dialect);
      if (pending.length > 0) {
        return { status: 'not_ready', database: 'ok', migrations: `pending: ${pending.join(', ')}` };
      }
      migrated = true;
    }
    return { status: 'ready', database: 'ok', migrations: 'done' };
  };

  const routes = zodRoutes(app);
  routes.get(
    '/healthz',
    {
      config: { auth: 'none', rateLimit: false },
      schema: {
        tags: ['Operations'],
        summary: 'Liveness: the process is up',
        description: 'Always `{"status":"ok"}` while the process serves requests. No token.',
        response: { 200: liveness },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    '/readyz',
    {
      config: { auth: 'none', rateLimit: false },
      schema: {
        tags: ['Operations'],
        summary: 'Readiness: the database answers and its schema is up to date',
        description:
          `200 when the database answers within ${READINESS_TIMEOUT_MS} ms and every migration of this version is ` +
          'applied; 503 otherwise and while the process shuts down, naming what is wrong. No token.',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const result: Readiness = closing
        ? { status: 'not_ready', database: 'shutting down', migrations: 'unknown' }
        : await withTimeout(check(), READINESS_TIMEOUT_MS).catch((err: Error) => ({
            status: 'not_ready' as const,
            database: `unreachable: ${err.message}`,
            migrations: 'unknown',
          }));
      return reply.code(result.status === 'ready' ? 200 : 503).send(result);
    },
  );
}
