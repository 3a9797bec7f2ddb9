import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { DATA_FOLDER_MODE } from './db/database';

/**
 * A start-up failure explained in one line: what is wrong and what to do. The CLI prints it as
 * `portal: <message>` on stderr, without a stack trace, and exits 1.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** What the process was doing when a start-up step failed. */
export type StartupStep = 'data' | 'database' | 'listen' | 'metrics';

/**
 * Runs one start-up step; a failure with a known cause becomes a StartupError naming the problem
 * and the option to change (docs/operations.md). Unknown failures pass unchanged.
 */
export async function startupStep<T>(
  step: StartupStep,
  config: Config,
  work: () => Promise<T> | T,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw explain(err, step, config) ?? err;
  }
}

/**
 * Makes sure the data folder exists and is writable (SQLite, the mail outbox, the self-signed
 * certificate live there); a new one is this user's alone (0700). Root passes the access check on a
 * read-only folder, so this also relies on the database's own open for the final word.
 */
export function ensureDataFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_FOLDER_MODE });
  if (!statSync(dir).isDirectory()) throw Object.assign(new Error(`${dir} is a file`), { code: 'ENOTDIR' });
  accessSync(dir, constants.W_OK);
}

function codeOf(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

function innermostMessage(err: unknown): string {
  let e = err as { message?: string; cause?: unknown };
  while (e.cause instanceof Error) e = e.cause;
  return e.message ?? String(err);
}

function explain(err: unknown, step: StartupStep, config: Config): StartupError | undefined {
  const code = codeOf(err);
  const dataOption = 'choose another folder with --data (DATA_DIR)';
  const dir = config.dataDir;
  const notAFolder = `data folder ${dir} is not a folder (a file is in the way): move the file, or ${dataOption}`;
  const notWritable = (why: string) =>
    `data folder ${dir} is not writable (${why}): give this user write access, or ${dataOption}`;
  if (step === 'data') {
    if (code === 'EEXIST' || code === 'ENOTDIR') return new StartupError(notAFolder);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return new StartupError(notWritable(code));
    return undefined;
  }
  if (step === 'database' && !config.databaseUrl) {
    const file = join(dir, 'portal.sqlite');
    if (
      code === 'SQLITE_CANTOPEN' ||
      code === 'SQLITE_READONLY' ||
      code?.startsWith('SQLITE_READONLY_') ||
      code === 'EACCES' ||
      code === 'EPERM' ||
      code === 'EROFS'
    ) {
      return new StartupError(notWritable(code));
    }
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      return new StartupError(
        `${file} is not a usable SQLite database (${code}): move it away, or ${dataOption}`,
      );
    }
    if (code === 'SQLITE_BUSY') {
      return new StartupError(
        `${file} is locked by another process (is Portal already running on it?): stop it, or ${dataOption}`,
      );
    }
    return undefined;
  }
  if (step === 'database' && config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const at = `PostgreSQL at ${url.host}`;
    const fix = 'fix --database-url (DATABASE_URL)';
    const database = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
    switch (code) {
      case 'ECONNREFUSED':
        return new StartupError(`${at} refused the connection: start the server, or ${fix}`);
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return new StartupError(`PostgreSQL host ${url.hostname} not found: ${fix}`);
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return new StartupError(`${at} cannot be reached (${code}): check the network, or ${fix}`);
      case '28P01':
      case '28000':
        return new StartupError(`${at} refused the login (${innermostMessage(err)}): ${fix}`);
      case '3D000':
        return new StartupError(
          `${at} has no database "${database}": create it (createdb ${database}), or ${fix}`,
        );
      default:
        return new StartupError(`${at}: ${innermostMessage(err)}; check the server, or ${fix}`);
    }
  }
  if (step === 'listen' || step === 'metrics') {
    const option = step === 'listen' ? '--port (PORT)' : '--metrics-port (METRICS_PORT)';
    const port = step === 'listen' ? config.port : config.metricsPort;
    const what = step === 'listen' ? 'port' : 'metrics port';
    switch (code) {
      case 'EADDRINUSE':
        return new StartupError(
          `${what} ${port} on ${config.host} is already in use (another Portal?): stop that program, or choose another with ${option}`,
        );
      case 'EACCES':
        return new StartupError(
          `not allowed to listen on ${what} ${port} (ports below 1024 need privileges): choose another with ${option}`,
        );
      case 'EADDRNOTAVAIL':
      case 'ENOTFOUND':
        return new StartupError(
          `${config.host} is not an address of this machine: choose another with --host (HOST)`,
        );
      default:
        return undefined;
    }
  }
  return undefined;
}
