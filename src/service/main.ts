import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from './app';
import { runPrimary, type WorkerRole, workerRole } from './cluster';
import { type Config, ConfigError, type OfficeCommand, parseCommand, parseConfig, usage } from './config';
import { type OpenDatabase, openDatabase } from './db/database';
import { inTransaction, type Tx } from './db/transaction';
import {
  defaultOwnerEmail,
  firstOwner,
  makeOwner,
  type OperatorLink,
  OWNER_LINK_HOURS,
  officeEmail,
  operatorResetLink,
} from './domain/office/owner';
import { officeUrl } from './domain/office/sign-in';
import { FixtureError } from './fixture/load';
import { announceCredentialsChanged, reloadFixture } from './fixture/reload';
import { seedAccount } from './fixture/seed';
import { serveMetrics } from './http/plugins/metrics';
import { createDemoSession } from './http/start-page';
import { ensureDataFolder, StartupError, startupStep } from './startup-errors';
import { loadTls, type TlsMaterial } from './tls';

/** Whether this configuration keeps anything in the data folder (SQLite, mail outbox, self-signed certificate). */
function usesDataFolder(config: Config): boolean {
  return !config.databaseUrl || !config.smtpUrl || config.tls?.kind === 'self-signed';
}

/** Data folder, TLS material, database (migrated) — each failure explained in one line. */
async function prepare(config: Config) {
  if (usesDataFolder(config)) await startupStep('data', config, () => ensureDataFolder(config.dataDir));
  const tls = config.tls ? await loadTls(config.tls, config.dataDir) : undefined;
  const database = await startupStep('database', config, () =>
    openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
  );
  return { tls, database };
}

/** Units of work on `database` outside a running app (start-up, the command line). */
function runner(database: OpenDatabase) {
  return <T>(work: (tx: Tx) => Promise<T>) =>
    inTransaction(
      database,
      () => new Date(),
      () => undefined,
      work,
    );
}

/**
 * The first start of an account without staff makes its owner (--owner-email, else
 * owner@<host of --portal-url>): the banner prints the link that sets their password.
 */
function ensureOwner(config: Config, database: OpenDatabase): Promise<OperatorLink | undefined> {
  return firstOwner(
    runner(database),
    config.ownerEmail ?? defaultOwnerEmail(config.portalUrl),
    config.portalUrl,
  );
}

/**
 * The start-up banner, on stderr so that stdout carries only JSON log lines: the addresses (https
 * with the certificate's fingerprint under TLS), health and metrics, the demo credentials and a
 * ready portal-session URL.
 */
function printBanner(
  config: Config,
  info: {
    address: string;
    fixture: string;
    session?: string;
    tls?: TlsMaterial;
    pids?: number[];
    owner?: OperatorLink;
  },
): void {
  const { address, tls } = info;
  const curl = tls?.selfSignedFile ? `curl --cacert ${tls.selfSignedFile}` : 'curl';
  const metrics =
    config.metricsPort !== undefined
      ? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.metricsPort}/metrics`
      : config.metricsToken
        ? `${address}/metrics  (Authorization: Bearer <metrics token>)`
        : 'off (--metrics-port or --metrics-token)';
  const lines = [
    '',
    `Portal service listening on ${address}`,
    `  start page   ${address}/  ${info.session ? '← open it: a new demo kiosk session, the standby screen, the cashier console, the API docs' : '(the API docs)'}`,
    `  database     ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}`,
    `  fixture      ${info.fixture}`,
  ];
  if (info.pids) lines.push(`  workers      ${info.pids.length} processes (pids ${info.pids.join(', ')})`);
  if (tls) {
    const source = tls.selfSignedFile
      ? `self-signed certificate ${tls.selfSignedFile}`
      : 'certificate from --tls-cert';
    lines.push(
      `  tls          ${source}, valid until ${tls.validTo.toISOString().slice(0, 10)}`,
      `               SHA-256 ${tls.fingerprint}`,
    );
  }
  lines.push(
    `  API docs     ${address}/docs  (OpenAPI: ${address}/openapi.json)`,
    `  health       ${address}/healthz, ${address}/readyz`,
    `  metrics      ${metrics}`,
    '  logs         JSON lines on stdout, one per request',
  );
  const office = officeUrl(config.portalUrl);
  if (info.owner) {
    lines.push(
      `  office       ${office}  first sign-in: the owner ${info.owner.email} sets a password at`,
      `               ${info.owner.url}`,
      `               (once, within ${OWNER_LINK_HOURS} hours; later: portal reset-password --email ${info.owner.email})`,
    );
  } else if (!info.session) lines.push(`  office       ${office}`);
  if (info.session) {
    lines.push(
      `  office       ${office}  demo owner owner@demo.example, password demo-owner-pass`,
      '  credentials  API key demo-api-key, register key demo-register-key (Amsterdam),',
      '               access token demo-access-token, personal access token demo-personal-access-token,',
      '               OAuth client 1 with secret demo-oauth-client-secret (POST /oauth/token)',
      `  kiosk        ${info.session}  (one session: the start page makes new ones)`,
      `  standby      ${config.portalUrl}?device=demo-device-amsterdam`,
      `  cashier      ${address}/cashier/#device=demo-cashier-amsterdam  (Till 1, Amsterdam: Sam at the till, passcode 1234)`,
      `  try          ${curl} -H 'Authorization: Bearer demo-api-key' ${address}/contacts/find-one-by?email=anna@example.com`,
    );
  }
  process.stderr.write(`${lines.join('\n')}\n\n`);
}

/**
 * One serving process: the public API, the portal API and the built kiosk. Alone, it prepares the
 * data folder and database, loads the fixture and prints the banner; as a cluster worker the
 * primary has done that, and the worker reports to it instead.
 */
async function serve(config: Config, worker: WorkerRole | undefined): Promise<void> {
  const { tls, database } = worker
    ? {
        tls: config.tls ? await loadTls(config.tls, config.dataDir) : undefined,
        database: await startupStep('database', config, () =>
          openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
        ),
      }
    : await prepare(config);
  const seeded = worker
    ? undefined
    : await seedAccount(database.db, config.fixture, new Date(), config.fixtureMode);
  const owner = worker ? undefined : await ensureOwner(config, database);
  const app = await buildApp(config, {
    db: database.db,
    dialect: database.dialect,
    groupCommit: database.groupCommit,
    databaseUrl: config.databaseUrl,
    poolStats: database.poolStats,
    https: tls,
    metricsText: worker?.metricsText,
  });
  worker?.shareMetrics(app.metrics.registries());
  if (seeded && seeded.differences.length > 0) {
    // add-only kept them, replace overwrote them: the operator asked for it, the log says what.
    app.log.warn(
      { fixture: config.fixture, mode: config.fixtureMode, differences: seeded.differences },
      "fixture loaded; it differs from the office's changes (kept in add-only, overwritten in replace)",
    );
  }
  let metricsServer: Server | undefined;
  const graceful = closeWithGrace(
    {
      delay: 10_000,
      logger: { error: (message: unknown) => app.log.error(String(message)) },
      // A worker hears Ctrl-C both directly and from the primary, in either order: it closes once
      // (below) instead of taking the second as "exit now". SIGHUP loads the fixture again (below).
      skip: worker ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : ['SIGHUP'],
    },
    async ({ err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      // Requests in flight get 3 s; a client that stalls (never reads its response) must not hold shutdown.
      const cut = setTimeout(() => app.server.closeAllConnections(), 3000);
      metricsServer?.close();
      await app.close();
      clearTimeout(cut);
      await database.close();
    },
  );
  // A failed fdatasync: stop as PostgreSQL does (group-commit.ts onBroken). Raised as an uncaught
  // error, so that the graceful close above runs and the process exits with 1 for its supervisor.
  database.groupCommit?.onBroken((err) => {
    setImmediate(() => {
      throw err;
    });
  });
  // SIGHUP loads the fixture again (docs/operations.md "Revocation"); a worker is told by the primary.
  const reload = () => void reloadFixture(app, config.fixture, config.fixtureMode, new Date());
  if (worker) {
    worker.onReload(reload);
    process.on('SIGHUP', () => undefined);
  } else {
    process.on('SIGHUP', reload);
  }
  // Other processes on this database forget what the fixture loaded at start no longer lists.
  if (config.fixture && (!worker || worker.index === 0)) announceCredentialsChanged(app.bus);
  if (worker) {
    let closing = false;
    const closeOnce = () => {
      if (closing) return;
      closing = true;
      void graceful.close();
    };
    process.on('SIGINT', closeOnce);
    process.on('SIGTERM', closeOnce);
    worker.onShutdown(closeOnce);
  }
  const address = await startupStep('listen', config, () =>
    app.listen({ port: config.port, host: config.host }),
  );
  if (config.metricsPort !== undefined && !worker) {
    const port = config.metricsPort;
    metricsServer = await startupStep('metrics', config, () =>
      serveMetrics(config.host, port, () => app.metrics.text()),
    );
  }
  const session = !worker || worker.index === 0 ? await createDemoSession(app) : undefined;
  if (worker) worker.ready({ address, session });
  else printBanner(config, { address, fixture: seeded?.source ?? '', session, tls, owner });
}

/** `npm start`: one process, or with `--workers N` a primary and N workers (PostgreSQL). */
async function main(worker: WorkerRole | undefined): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return;
  }
  if (argv.includes('--version')) {
    process.stdout.write(`portal ${packageJson.version}\n`);
    return;
  }
  const command = parseCommand(argv, process.env);
  if (command) {
    process.exitCode = await runCommand(command);
    return;
  }
  const config = parseConfig(argv, process.env);
  if (config.workers > 1 && cluster.isPrimary) {
    let fixture = '';
    let owner: OperatorLink | undefined;
    let tls: TlsMaterial | undefined;
    await runPrimary(
      config,
      async () => {
        // Migrate and load the fixture once, before the workers start.
        const prepared = await prepare(config);
        tls = prepared.tls;
        try {
          fixture = (await seedAccount(prepared.database.db, config.fixture, new Date(), config.fixtureMode))
            .source;
          owner = await ensureOwner(config, prepared.database);
        } finally {
          await prepared.database.close();
        }
      },
      (info) => printBanner(config, { ...info, fixture, tls, owner }),
    );
    return;
  }
  await serve(config, worker);
}

/**
 * `portal create-owner --email … [--name …]` and `portal reset-password --email …` (docs/office.md
 * "Signing in"): on the configured database (migrated first), print a one-time link that sets the
 * password, valid OWNER_LINK_HOURS. @returns the exit code: 0, or 2 for a bad or unknown address.
 */
async function runCommand({ command, email: typed, name, config }: OfficeCommand): Promise<number> {
  const email = officeEmail(typed ?? '');
  if (!email) {
    process.stderr.write(
      `portal ${command}: ${typed === undefined ? 'give --email <e-mail>' : `--email: "${typed}" is not an e-mail address`}\n`,
    );
    return 2;
  }
  if (!config.databaseUrl) await startupStep('data', config, () => ensureDataFolder(config.dataDir));
  const database = await startupStep('database', config, () =>
    openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
  );
  try {
    const run = runner(database);
    const link =
      command === 'create-owner'
        ? await makeOwner(run, email, config.portalUrl, name)
        : await operatorResetLink(run, email, config.portalUrl);
    if (!link) {
      process.stderr.write(`portal ${command}: no staff member has the e-mail address ${email}\n`);
      return 2;
    }
    const what =
      command === 'create-owner'
        ? `${'created' in link && link.created ? 'Made' : 'Now'} ${link.name} <${email}>: an owner of the office.`
        : `Reset link for ${link.name} <${email}>.`;
    process.stdout.write(
      `${what}\nSet the password at (once, within ${OWNER_LINK_HOURS} hours):\n${link.url}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** The one line a start-up failure prints: what is wrong and what to do; the stack only when debugging. */
function failureLine(err: unknown): string {
  if (err instanceof ConfigError || err instanceof FixtureError || err instanceof StartupError) {
    return err.message;
  }
  const debug =
    /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '') ||
    /(^| )--log-level[= ](debug|trace)( |$)/.test(process.argv.slice(2).join(' '));
  if (debug) return `failed to start: ${(err as Error).stack ?? String(err)}`;
  return `failed to start: ${(err as Error).message ?? String(err)} (--log-level debug shows where)`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const worker = workerRole();
  main(worker).catch(async (err: unknown) => {
    const line = failureLine(err);
    if (worker) await worker.failed(line);
    else process.stderr.write(`portal: ${line}\n`);
    process.exit(1);
  });
}
