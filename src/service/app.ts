import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import qs from 'qs';
import type { ZodType } from 'zod';
import type { Config } from './config';
import { ACCOUNT_CHANGED_TOPIC, AccountCache, attachAccountCache } from './db/account-cache';
import type { DialectName } from './db/database';
import type { GroupCommit } from './db/group-commit';
import type { Database } from './db/schema';
import { inTransaction, type Tx } from './db/transaction';
import { EventBus } from './events/bus';
import { serveBuiltPage } from './http/built-page';
import { registerCashierConsole } from './http/cashier';
import { capConnections, proxyTrust, timeoutOptions } from './http/connections';
import { registerRequestTransactions } from './http/idempotency';
import { registerMe } from './http/me';
import mediaRoutes from './http/media';
import { registerOffice } from './http/office';
import { registerAuth } from './http/plugins/auth';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/plugins/errors';
import { registerHealth } from './http/plugins/health';
import { registerInputGuard } from './http/plugins/input-guard';
import { registerMail } from './http/plugins/mail';
import { type PoolStats, registerMetrics } from './http/plugins/metrics';
import { registerOpenApi } from './http/plugins/openapi';
import { registerRateLimit } from './http/plugins/rate-limit';
import { registerPortalRoutes } from './http/portal';
import { registerPublicRoutes } from './http/public';
import { RequestLog } from './http/request-log';
import {
  inlineScriptHashes,
  kioskDirectives,
  registerPageSecurity,
  registerSecurityHeaders,
  startPageDirectives,
} from './http/security-headers';
import { registerEventStreams } from './http/sse';
import { registerStartPage } from './http/start-page';
import { registerSurfaces } from './http/surfaces';
import { registerV1Routes } from './http/v1';
import { type RoundTimer, registerSessionExpiry } from './jobs/session-expiry';
import { registerWebhookDelivery, type WebhookDeliveryDeps } from './jobs/webhook-delivery';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
    config: Config;
    clock: () => Date;
    bus: EventBus;
    /** SQLite: the group commit every transaction goes through (its stats, whether it still works). */
    groupCommit: GroupCommit | undefined;
    /**
     * Runs `work` in one transaction (db/transaction.ts inTransaction); its notifications reach the
     * event bus after commit. `work` should await only the database (see inTransaction).
     */
    tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

/** What buildApp needs besides the configuration. */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite: the group commit of `db` (OpenDatabase.groupCommit); required there. */
  groupCommit?: GroupCommit | undefined;
  /** PostgreSQL URL, for LISTEN/NOTIFY fan-out of events across processes. */
  databaseUrl?: string;
  /** The time source; tests pass a controllable one. */
  clock?: () => Date;
  /** Folder of the built kiosk; served at /portal/ when it exists. */
  kioskDir?: string;
  /** Folder of the built cashier console; served at /cashier/ when it exists. */
  cashierDir?: string;
  /** Folder of the built /me/ page; served at /me/ when it exists. */
  meDir?: string;
  /** Folder of the built office page; served at /office/ when it exists. */
  officeDir?: string;
  /** Check every response against its schema (tests); production only serializes. */
  validateResponses?: boolean;
  /** PostgreSQL pool counts, for the metrics. */
  poolStats?: () => PoolStats;
  /** Text of GET /metrics when not this process's own (a cluster worker asks the primary). */
  metricsText?: () => Promise<string>;
  /** HTTPS certificate and key (PEM); plain HTTP without. */
  https?: { cert: string | Buffer; key: string | Buffer };
  /** What runs the session expiry job's rounds (default: every second); tests drive it. */
  sessionExpiryTimer?: RoundTimer;
  /** How webhooks are delivered (tests: by hand, with their own timers). */
  webhookDelivery?: WebhookDeliveryDeps;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The built kiosk's folder: dist/kiosk beside the built service, or from the repository root. */
export function defaultKioskDir(): string {
  const candidates = [resolve(here, '../kiosk'), resolve(here, '../../dist/kiosk')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1]!;
}

/**
 * Builds the whole HTTP service: the public API of the spec, the kiosk's portal API, the OpenAPI
 * document (/openapi.json, /docs) and the built kiosk (/portal/). Tests and the CLI share it.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const requestLog = new RequestLog();
  const trusted = proxyTrust(config.trustProxy);
  const { serverOptions, ...timeouts } = timeoutOptions(config.limits);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // One JSON line per request (request-log.ts) instead of Fastify's two.
    logController: requestLog,
    // Without a Host header, Node would answer 400 with an empty body; errors.ts answers the error body.
    http: { ...serverOptions, requireHostHeader: false },
    ...(deps.https ? { https: { ...deps.https, ...serverOptions, requireHostHeader: false } } : {}),
    ...timeouts,
    // Client address, protocol and host from X-Forwarded-* only through the trusted proxies.
    ...(trusted ? { trustProxy: trusted } : {}),
    bodyLimit: 1024 * 1024,
    // Stable ids of our own; a proxy's request id is not trusted.
    requestIdHeader: false,
    // A long path parameter is input like any other: the token is checked first, then the
    // parameter (422 naming it); only a request line past Node's 16 KiB header limit is refused
    // before that (431). Malformed paths and requests answer the error body too.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Requests that arrive while shutting down are still served (Connection: close) rather than
    // answered with Fastify's own 503 body; /readyz turns 503 at once.
    return503OnClosing: false,
  }) as unknown as FastifyInstance;
  capConnections(app.server, config.limits, trusted, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema, method, url }) => (data) => {
    if (deps.validateResponses) {
      const result = (schema as ZodType).safeParse(data);
      if (!result.success) {
        throw new Error(`response of ${method} ${url} does not match its schema: ${result.error.message}`);
      }
    }
    return JSON.stringify(data);
  });

  const clock = deps.clock ?? (() => new Date());
  const bus = new EventBus();
  if (deps.databaseUrl) await bus.connect(deps.databaseUrl);
  app.addHook('onClose', () => bus.close());
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('bus', bus);
  // Account-level rows, kept per process: forgotten at once on this process's own writes (before
  // the answer), on another process's (through the bus), and when the bus may have missed one.
  const accountCache = new AccountCache();
  attachAccountCache(deps.db, accountCache);
  const forgetAccount = bus.subscribe(ACCOUNT_CHANGED_TOPIC, () => accountCache.invalidate());
  app.addHook('onClose', async () => forgetAccount());
  app.decorate('groupCommit', deps.groupCommit);
  app.decorate('tx', <T>(work: (tx: Tx) => Promise<T>) =>
    inTransaction(
      deps,
      clock,
      (notes) => {
        if (notes.some((note) => note.topic === ACCOUNT_CHANGED_TOPIC)) accountCache.invalidate();
        bus.deliver(notes);
      },
      work,
    ),
  );
  if (deps.dialect === 'sqlite') {
    const commit = deps.groupCommit;
    if (!commit)
      throw new Error('an SQLite app needs the group commit of its database (AppDeps.groupCommit)');
    // A read may see a batch that is committed but still syncing: it answers once that is on disk.
    // If that sync fails, the error answer (503) goes out without waiting again.
    app.addHook('onSend', async (request, reply) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 500)
        await commit.settled();
    });
  }

  // JSON with an empty body reads as {} (POST /…/push from clients that send the header anyway).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    jsonParser(request, body as string, done);
  });
  // Form bodies as PHP's http_build_query writes them: categories[0][uuid]=…
  await app.register(formbody, { parser: (body) => qs.parse(body, { depth: 8, arrayLimit: 1000 }) });

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await registerRateLimit(app);
  registerAuth(app);
  registerInputGuard(app);
  registerRequestTransactions(app);
  await registerOpenApi(app);
  registerSurfaces(app);
  registerMail(app);
  registerHealth(app);
  registerMetrics(app, requestLog, { poolStats: deps.poolStats, metricsText: deps.metricsText });
  registerEventStreams(app);
  registerSessionExpiry(app, deps.sessionExpiryTimer);
  registerWebhookDelivery(app, deps.webhookDelivery);

  await registerPublicRoutes(app);
  await registerPortalRoutes(app);
  await registerV1Routes(app);
  await app.register(mediaRoutes);
  await registerCashierConsole(app, deps.cashierDir);
  await registerMe(app, deps.meDir);
  await registerOffice(app, deps.officeDir);

  const kioskDir = deps.kioskDir ?? defaultKioskDir();
  if (existsSync(join(kioskDir, 'index.html'))) await app.register((scope) => registerKiosk(scope, kioskDir));
  await app.register(async (scope) => {
    await registerPageSecurity(scope, startPageDirectives(scope.config.portalUrl));
    registerStartPage(scope);
  });
  return app;
}

/**
 * The built kiosk at /portal/ (its files, and the page at /portal), under its own security headers:
 * its inline script allowed by the hash of the built page's, framing by the allowed origins only.
 */
async function registerKiosk(scope: FastifyInstance, kioskDir: string): Promise<void> {
  const page = readFileSync(join(kioskDir, 'index.html'), 'utf8');
  await registerPageSecurity(scope, kioskDirectives(inlineScriptHashes(page), scope.config.allowedOrigins));
  await serveBuiltPage(scope, kioskDir, '/portal/');
}
