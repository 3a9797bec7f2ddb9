import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isoTimestamp } from '../../domain/shared/values';
import type { RequestLog } from '../request-log';

/** Connections of the PostgreSQL pool right now. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Content type of the Prometheus text exposition format. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * The service's Prometheus metrics (docs/operations.md), one registry per app:
 * - `portal_http_requests_total{method,route,status}` and
 *   `portal_http_request_duration_seconds{method,route,status}` (histogram), for every request;
 * - `portal_event_streams_open` — server-sent-event responses open now;
 * - `portal_sessions_open` — portal sessions open and not expired (read from the database at scrape);
 * - `portal_db_pool_connections{state=total|idle|waiting}` — PostgreSQL only.
 * Node's process metrics (CPU, memory, event-loop lag, GC) come from one per-process registry.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly eventStreams: Gauge;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(options: { openPortalSessions: () => Promise<number>; poolStats?: () => PoolStats }) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from request to the end of its response, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.eventStreams = new Gauge({
      name: 'portal_event_streams_open',
      help: 'Server-sent-event responses (portal session and device streams) open now',
      registers,
    });
    // Pool counts first: the open-sessions query below would show up as a waiting client.
    const poolStats = options.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'PostgreSQL pool connections, by state (total, idle, waiting for a connection)',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
    new Gauge({
      name: 'portal_sessions_open',
      help: 'Portal sessions open and not expired',
      registers,
      // The same database figure in every process: with several workers, take one, not the sum.
      aggregator: 'first',
      async collect() {
        try {
          this.set(await options.openPortalSessions());
        } catch {
          // Database unreachable: /readyz says so; keep the last figure.
        }
      },
    });
  }

  /** Records one finished request (see RequestLog). */
  observe(outcome: { method: string; route: string; status: number; durationMs: number }): void {
    const labels = { method: outcome.method, route: outcome.route, status: outcome.status };
    this.requests.inc(labels);
    this.durations.observe(labels, outcome.durationMs / 1000);
  }

  /** This process's metrics in the Prometheus text format: the app's and Node's. */
  async text(): Promise<string> {
    return Registry.merge([this.registry, processRegistry()]).metrics();
  }

  /** This process's registries, for aggregation across cluster workers. */
  registries(): Registry[] {
    return [this.registry, processRegistry()];
  }
}

let nodeRegistry: Registry | undefined;

/** Node's default process metrics, collected once per process (every app of a test shares them). */
function processRegistry(): Registry {
  if (!nodeRegistry) {
    nodeRegistry = new Registry();
    collectDefaultMetrics({ register: nodeRegistry });
  }
  return nodeRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

/**
 * Creates the app's metrics, fed by the request log's outcomes. With `--metrics-token`, serves
 * `GET /metrics` on the main port to `Authorization: Bearer <token>` (401 with the error body
 * otherwise); `metricsText` replaces this process's figures (a cluster worker asks the primary for
 * every worker's). Without a token the route does not exist (404): use `--metrics-port`.
 */
export function registerMetrics(
  app: FastifyInstance,
  requestLog: RequestLog,
  options: { poolStats?: () => PoolStats; metricsText?: () => Promise<string> },
): void {
  const metrics = new ServiceMetrics({
    poolStats: options.poolStats,
    openPortalSessions: async () => {
      const row = await app.db
        .selectFrom('portal_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open')
        .where('expires_at', '>', isoTimestamp(app.clock()))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
  app.decorate('metrics', metrics);
  requestLog.observe((outcome) => metrics.observe(outcome));
  const token = app.config.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get(
    '/metrics',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Operations'],
        summary: 'Prometheus metrics (with --metrics-token)',
        description:
          'The Prometheus text format (`text/plain; version=0.0.4`). Needs `Authorization: Bearer <metrics token>`, ' +
          'the value of `--metrics-token`; 401 otherwise. See docs/operations.md for the series.',
        security: [{ bearer: [] }],
        produces: ['text/plain'],
        errors: [{ code: 1003, status: 401, when: 'missing or wrong metrics token' }],
      },
    },
    async (request, reply) => {
      const sent = Buffer.from(request.headers.authorization ?? '');
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        throw Object.assign(new Error('/metrics needs Authorization: Bearer <the --metrics-token value>'), {
          statusCode: 401,
        });
      }
      const text = await (options.metricsText ?? (() => metrics.text()))();
      return reply.type(METRICS_CONTENT_TYPE).send(text);
    },
  );
}

/**
 * Serves `GET /metrics` (Prometheus text, no token) on a port of its own (`--metrics-port`), plain
 * HTTP on `host`; every other path answers 404. Resolves once listening.
 */
export function serveMetrics(host: string, port: number, text: () => Promise<string>): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    text().then(
      (body) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
