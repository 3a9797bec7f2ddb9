import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import { Checkpointer } from './checkpointer';
import { GroupCommit, walFile } from './group-commit';
import * as initial from './migrations/0001_initial';
import * as catalog from './migrations/0002_catalog_rewards_bookings';
import * as oauthClients from './migrations/0004_oauth_clients';
import * as cashierDevices from './migrations/0005_cashier_devices';
import * as mediaFiles from './migrations/0006_media_files';
import * as sessionExpiry from './migrations/0009_session_expiry';
import * as rateLimitCounters from './migrations/0010_rate_limit_counters';
import * as contactTotals from './migrations/0011_contact_totals';
import * as sessionProof from './migrations/0012_session_proof';
import * as termsAcceptances from './migrations/0013_terms_acceptances';
import * as eventTimestamps from './migrations/0014_event_timestamps';
import * as registers from './migrations/0017_registers_attribute_placeholders';
import * as webhooks from './migrations/0018_webhooks';
import * as loyaltyTokenClaims from './migrations/0019_loyalty_token_claims';
import * as meSessions from './migrations/0020_me_sessions';
import * as customerProof from './migrations/0021_customer_proof';
import * as guessBudgets from './migrations/0022_guess_budgets';
import * as termsPending from './migrations/0023_terms_pending';
import * as office from './migrations/0024_office';
import * as officeAuth from './migrations/0025_officeauth';
import * as fixtureKeys from './migrations/0026_fixture_keys';
import * as programmeRewards from './migrations/0027_programme_rewards';
import * as customerService from './migrations/0029_customer_service';
import * as memberImport from './migrations/0030_member_import';
import * as reports from './migrations/0031_reports';
import { survivingOutages } from './outage';
import type { Database } from './schema';

/** Which SQL engine a database runs on. */
export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely handle, its dialect and how to close it. */
export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's counts, for metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** SQLite only: how its transactions commit (batches, fdatasync calls); pass it to inTransaction. */
  groupCommit?: GroupCommit;
}

// Versioned migrations, applied in name order; never edit one that has shipped, add the next.
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, dialect: DialectName): Promise<void> }> = {
  '0001_initial': initial,
  '0002_catalog_rewards_bookings': catalog,
  '0004_oauth_clients': oauthClients,
  '0005_cashier_devices': cashierDevices,
  '0006_media_files': mediaFiles,
  '0009_session_expiry': sessionExpiry,
  '0010_rate_limit_counters': rateLimitCounters,
  '0011_contact_totals': contactTotals,
  '0012_session_proof': sessionProof,
  '0013_terms_acceptances': termsAcceptances,
  '0014_event_timestamps': eventTimestamps,
  '0017_registers_attribute_placeholders': registers,
  '0018_webhooks': webhooks,
  '0019_loyalty_token_claims': loyaltyTokenClaims,
  '0020_me_sessions': meSessions,
  '0021_customer_proof': customerProof,
  '0022_guess_budgets': guessBudgets,
  '0023_terms_pending': termsPending,
  '0024_office': office,
  '0025_officeauth': officeAuth,
  '0026_fixture_keys': fixtureKeys,
  '0027_programme_rewards': programmeRewards,
  '0031_reports': reports,
  '0030_member_import': memberImport,
  '0029_customer_service': customerService,
};

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir/portal.sqlite`
 * (created on first use, WAL mode, durable group commit), and brings its schema up to date.
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<OpenDatabase> {
  let db: Kysely<Database>;
  let dialect: DialectName;
  let poolStats: OpenDatabase['poolStats'];
  let groupCommit: GroupCommit | undefined;
  let sqlite: SQLite.Database | undefined;
  if (options.databaseUrl) {
    dialect = 'postgres';
    // Counts, sums and bigint columns arrive as numbers, as from SQLite (values stay below 2^53).
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    // A request waits at most 5 s for a connection, then answers 503 (outage.ts).
    const pool = survivingOutages(
      new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 }),
      (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  } else {
    dialect = 'sqlite';
    mkdirSync(options.dataDir, { recursive: true, mode: DATA_FOLDER_MODE });
    const file = join(options.dataDir, 'portal.sqlite');
    keepPrivate(file);
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    // NORMAL: SQLite's commit does not wait for the disk; the group commit syncs the log once per
    // batch before answering (group-commit.ts), which makes every commit durable as FULL would.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // The group commit has the log checkpointed by a worker thread, between two batches.
    sqlite.pragma('wal_autocheckpoint = 0');
    // 64 MiB of page cache instead of SQLite's 2 MiB: an account of 10,000 contacts does not fit
    // in 2 MiB, and every miss is a read of the file (docs/benchmarks.md "Service").
    sqlite.pragma('cache_size = -65536');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    groupCommit = new GroupCommit(db, walFile(`${file}-wal`), new Checkpointer(file));
  }
  await migrate(db, dialect);
  const close = async () => {
    await groupCommit?.close();
    await db.destroy();
  };
  return { db, dialect, close, poolStats, groupCommit };
}

/** A data folder the service creates is its user's alone. */
export const DATA_FOLDER_MODE = 0o700;
/** The database files hold customers and token hashes: read and written by the service's user only. */
const DATABASE_FILE_MODE = 0o600;

/**
 * Makes the SQLite database `file` its user's alone: created 0600 when missing (SQLite gives its log
 * and shared-memory files the database file's mode), and those of an older start set to 0600.
 */
function keepPrivate(file: string): void {
  closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(path) || (statSync(path).mode & 0o777) === DATABASE_FILE_MODE) continue;
    try {
      chmodSync(path, DATABASE_FILE_MODE);
    } catch {
      // Another user's file (its owner chose its mode): the service still uses it.
    }
  }
}

// SQL text → prepared statement name, shared by every connection of the process.
const statementNames = new Map<string, string>();

/**
 * The pool as Kysely's PostgresDialect takes it (its PostgresPool interface), with every query
 * Kysely sends named (node-postgres's `{name, text, values}`): Kysely sends them unnamed, so
 * PostgreSQL would parse and plan each anew; named, each connection prepares a text once and then
 * only binds and executes it (node-postgres keeps which it prepared). Texts past the first 2,000
 * stay unnamed, so the server's memory stays bounded. Other users of `pool` are not affected.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let stale = false;
      const query = async (text: string, values: ReadonlyArray<unknown>) => {
        let name = statementNames.get(text);
        if (!name && statementNames.size < 2000) {
          name = `portal_${statementNames.size}`;
          statementNames.set(text, name);
        }
        try {
          return await client.query({ name, text, values: [...values] });
        } catch (err) {
          // A schema change by another process (a newer version migrating) invalidates prepared
          // statements whose result columns changed (0A000): the connection is then dropped on
          // release, and the pool opens a fresh one that prepares them anew.
          if ((err as { code?: string }).code === '0A000') stale = true;
          throw err;
        }
      };
      return {
        // Only the (sql, parameters) form: the cursor form serves streaming, which needs a cursor
        // class given to the dialect (none is).
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(stale),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * better-sqlite3 as Kysely's SqliteDialect takes it (its SqliteDatabase interface), keeping one
 * prepared statement per SQL text: Kysely prepares every query anew, and preparing costs more
 * than running the hot paths' statements (14 to 40 us each). Safe because the driver runs one
 * query at a time and nothing here streams. At most 2,000 texts are kept.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      let statement = cache.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        if (cache.size < 2000) cache.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

function migrator(db: Kysely<Database>, dialect: DialectName): Migrator {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (k) => m.up(k, dialect) };
      return out;
    },
  };
  // Migrations are numbered ahead and may land out of order (0005 before 0004); each is independent
  // of the others, so a database that has a later one still gets an earlier one that arrives after.
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

/**
 * Names of this version's migrations not yet applied to the database (readiness: empty when the
 * schema is up to date). Throws when the database cannot be reached.
 */
export async function pendingMigrations(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrations = await migrator(db, dialect).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

async function migrate(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const { error, results } = await migrator(db, dialect).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
