import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { DEMO as DEMO_ACCOUNT } from '../../src/contract/examples';
import { buildApp } from '../../src/service/app';
import { type Config, parseConfig } from '../../src/service/config';
import { openDatabase } from '../../src/service/db/database';
import type { GroupCommit } from '../../src/service/db/group-commit';
import type { Database } from '../../src/service/db/schema';
import { loadFixture } from '../../src/service/fixture/load';
import type { AccountFixture } from '../../src/service/fixture/schema';
import type { WebhookDeliveryDeps } from '../../src/service/jobs/webhook-delivery';
import { TEMPLATE_FIXTURE_TIME } from './database-templates';
import { OpenApiCheck } from './openapi-check';

/** Demo account ids and tokens used across tests (src/service/fixture/demo-account.json). */
export const DEMO = {
  ...DEMO_ACCOUNT,
  registerKey: 'demo-register-key',
  registerKeyUtrecht: 'demo-register-key-utrecht',
  accessToken: 'demo-access-token',
} as const;

/**
 * With TEST_DATABASE_URL (a PostgreSQL server URL), every test app gets a database of its own on
 * that server, so the same suite proves the service on PostgreSQL; else undefined (SQLite).
 * `template`: the database to copy (default PostgreSQL's empty one).
 */
export async function createTestDatabase(template?: string): Promise<string | undefined> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase, closing its connections. */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** The keys timestamps go by (`created_at`, `expiration_date`, `locked_until`). */
const TIMESTAMP_KEY = /(_at|_date|_until)$/;
/** A date-time (not a date, nor a place: `collect_at` names a shop). */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT/;
/** How every timestamp leaves the service: whole seconds with a numeric offset. */
const WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

/**
 * The first timestamp of a JSON response not at whole seconds with a numeric offset, as
 * `key: value`: a date-time under a timestamp's key (TIMESTAMP_KEY), at any depth.
 * Free text is not looked at: it comes back as it was stored, whatever it looks like.
 */
function badTimestamp(payload: string): string | undefined {
  let found: string | undefined;
  try {
    JSON.parse(payload, (key, value) => {
      if (
        !found &&
        TIMESTAMP_KEY.test(key) &&
        typeof value === 'string' &&
        TIMESTAMP.test(value) &&
        !WHOLE_SECONDS.test(value)
      ) {
        found = `${key}: ${value}`;
      }
      return value;
    });
  } catch {
    // Not JSON (a page, a stream).
  }
  return found;
}

/** A controllable clock for tests: `set` or `advance` it; the app reads it on every call. */
export class TestClock {
  constructor(public current = new Date(TEMPLATE_FIXTURE_TIME)) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The real app on real SQLite in a temp folder, the demo account (or `fixture`) loaded. */
export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dir: string;
  config: Config;
  /** PostgreSQL: the test database's URL; undefined on SQLite. */
  databaseUrl: string | undefined;
  /**
   * One round of the session expiry job (jobs/session-expiry.ts) by the app's clock, answered once
   * it has run: a test app's job runs only when its test asks.
   */
  runSessionExpiry(): Promise<void>;
  /** Sends a request with `Authorization: Bearer <token>` (default: the demo API key). */
  call(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /**
   * Stops the app as its process would exit, keeping its data for `createTestApp({ restartOf })`,
   * which then owns it; no close after it.
   */
  stop(): Promise<void>;
}

/**
 * The real app on a fresh database. `sharing` (PostgreSQL only): a second app on that app's database
 * and data folder, as a second service process behind a load balancer (own pool, own listener,
 * own clock); closing it leaves the database to its owner.
 */
export async function createTestApp(
  options: {
    fixture?: AccountFixture;
    config?: Partial<Config>;
    argv?: string[];
    sharing?: TestApp;
    /** The data of a stopped app (`stop()`), its database and folder, started again: a restart. */
    restartOf?: TestApp;
    /** How webhooks are delivered (default: in the background, woken by commits; no periodic look). */
    webhookDelivery?: WebhookDeliveryDeps;
    /** The checker of another app's document, so that a test making many apps reads it once. */
    openApi?: OpenApiCheck;
    /** SQLite: a group commit of the test's own for the app's database (default the database's). */
    groupCommit?: (db: Kysely<Database>, dir: string) => GroupCommit;
    /** A built kiosk to serve at /portal/ (default none). */
    kioskDir?: string;
    /** A built cashier console to serve at /cashier/ (default none). */
    cashierDir?: string;
    /** A built /me/ page to serve at /me/ (default none). */
    meDir?: string;
    /** A built office page to serve at /office/ (default none). */
    officeDir?: string;
  } = {},
): Promise<TestApp> {
  const owner = !options.sharing;
  const earlier = options.sharing ?? options.restartOf;
  const dir = earlier?.dir ?? mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config: Config = {
    ...parseConfig(
      [
        '--data',
        dir,
        '--log-level',
        'silent',
        '--portal-url',
        'http://kiosk.test/portal/',
        ...(options.argv ?? []),
      ],
      {},
    ),
    ...options.config,
  };
  const clock = new TestClock();
  let expiryRound: () => Promise<void> = async () => undefined;
  if (options.sharing && !options.sharing.databaseUrl)
    throw new Error('only PostgreSQL apps share a database');
  if (options.restartOf) clock.current = options.restartOf.clock.current;
  // A new app's database starts as a copy of one migrated once per run (database-templates.ts),
  // with the demo account unless the test brings a fixture of its own.
  const template = inject('databaseTemplates')[options.fixture ? 'schema' : 'demo'];
  const databaseUrl = earlier ? earlier.databaseUrl : await createTestDatabase(template);
  if (!earlier && !databaseUrl) copyFileSync(template, join(dir, 'portal.sqlite'));
  const database = await openDatabase({ dataDir: dir, databaseUrl });
  if (!earlier && options.fixture) await loadFixture(database.db, options.fixture, clock.now());
  const app = await buildApp(config, {
    db: database.db,
    dialect: database.dialect,
    groupCommit: options.groupCommit?.(database.db, dir) ?? database.groupCommit,
    clock: clock.now,
    databaseUrl,
    kioskDir: options.kioskDir ?? join(dir, 'no-kiosk'),
    cashierDir: options.cashierDir ?? join(dir, 'no-cashier'),
    meDir: options.meDir ?? join(dir, 'no-me'),
    officeDir: options.officeDir ?? join(dir, 'no-office'),
    validateResponses: true,
    poolStats: database.poolStats,
    sessionExpiryTimer: (round) => {
      expiryRound = round;
      return () => {
        expiryRound = async () => undefined;
      };
    },
    // Background delivery wakes on commits only: no periodic look for retries (tests drain()).
    webhookDelivery: { poll: () => () => undefined, ...options.webhookDelivery },
  });
  // Every response a test sees must match the service's own OpenAPI document.
  let openApi: OpenApiCheck | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    openApi?.record(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.getHeader('content-type'),
      payload,
    );
    // Every timestamp leaves at whole seconds with a numeric offset (domain/shared/values.ts apiTimestamp).
    const bad = typeof payload === 'string' ? badTimestamp(payload) : undefined;
    if (bad) openApi?.violations.push(`${request.method} ${request.url}: timestamp ${bad}`);
    return payload;
  });
  await app.ready();
  openApi = options.openApi ?? (await documentCheck(app, JSON.stringify([options.argv, options.config])));
  const check = openApi;
  const assertDocumented = (seen: number) => {
    if (check.violations.length > seen) {
      throw new Error(
        `response not as documented in /openapi.json:\n${check.violations.slice(seen).join('\n')}`,
      );
    }
  };
  return {
    app,
    clock,
    dir,
    config,
    databaseUrl,
    runSessionExpiry: () => expiryRound(),
    call: async ({ token = DEMO.apiKey, headers, ...rest }) => {
      const seen = check.violations.length;
      const response = await app.inject({
        ...rest,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
      assertDocumented(seen);
      return response;
    },
    close: async () => {
      await app.close();
      assertDocumented(0);
      await database.close();
      if (!owner) return;
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      rmSync(dir, { recursive: true, force: true });
    },
    stop: async () => {
      await app.close();
      assertDocumented(0);
      await database.close();
    },
  };
}

/**
 * The checks of the documents this test process has read, by the app's options and routes:
 * generating /openapi.json takes about a second, and apps started alike serve the same document.
 */
const documentChecks = new Map<string, OpenApiCheck>();

/**
 * A check of `app`'s own /openapi.json with violations of its own; `options`: the test's options
 * of the app (its extra arguments and configuration), as text (documentChecks).
 */
async function documentCheck(app: FastifyInstance, options: string): Promise<OpenApiCheck> {
  const key = `${options}\n${app.printRoutes({ commonPrefix: false })}`;
  let check = documentChecks.get(key);
  if (!check) {
    check = new OpenApiCheck((await app.inject({ method: 'GET', url: '/openapi.json' })).json());
    documentChecks.set(key, check);
  }
  return check.fork();
}

/** Two service processes on one database: `a` owns it, `b` shares it (createTestApp `sharing`). */
export interface TwoProcesses {
  a: TestApp;
  b: TestApp;
}

/**
 * Two service processes on one PostgreSQL database, as behind a load balancer (own pools,
 * listeners and clocks), started before the calling describe's tests with the same `argv` and
 * closed after them. The answer is filled in by then: read `two.a` and `two.b` inside the tests.
 */
export function twoProcesses(argv: string[] = []): TwoProcesses {
  const two = {} as TwoProcesses;
  beforeAll(async () => {
    two.a = await createTestApp({ argv });
    two.b = await createTestApp({ sharing: two.a, argv });
  }, 60_000);
  afterAll(async () => {
    await two.b?.close();
    await two.a?.close();
  });
  return two;
}

/**
 * Runs `fn` against an app of its own, closed afterwards: for the few tests that need a known
 * state of a whole table (an empty list, exact pagination totals) whatever ran before them.
 */
export async function withOwnApp<T>(
  fn: (t: TestApp) => Promise<T>,
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<T> {
  const t = await createTestApp(options);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/** `prefix-` and 8 random hex digits: an identifier no other test uses, so tests hold in any order. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** A new contact of the calling test's own (POST /contacts, 201); answers its uuid. */
export async function newContact(t: TestApp): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/contacts',
    payload: { email: `${uniqueId('contact')}@example.com` },
  });
  if (res.statusCode !== 201) throw new Error(`POST /contacts answered ${res.statusCode}: ${res.body}`);
  return res.json().data.uuid;
}
