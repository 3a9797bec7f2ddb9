import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let built: string | undefined;

/**
 * The CLI as `npm start` runs it: dist/service/main.js of the test command's build (PORTAL_DIST,
 * scripts/test.mjs), else built here once per test process (scripts/build-service.mjs) into
 * test-results/cli-<pid>/service/main.js; answers that file. No kiosk is served from there.
 */
export function buildCli(): string {
  if (built) return built;
  if (process.env.PORTAL_DIST) {
    built = resolve(process.env.PORTAL_DIST, 'service', 'main.js');
    return built;
  }
  const file = join(root, 'test-results', `cli-${process.pid}`, 'service', 'main.js');
  const result = spawnSync(process.execPath, ['scripts/build-service.mjs', file], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`building the CLI failed: ${result.stderr}`);
  built = file;
  return file;
}

/** Removes this process's CLI build (none when the test command's build is used). */
export function removeCliBuild(): void {
  rmSync(join(root, 'test-results', `cli-${process.pid}`), { recursive: true, force: true });
  built = undefined;
}

/** `from` at `to`: files hard-linked (copied across file systems), folders made anew. */
function linkTree(from: string, to: string): void {
  const stat = lstatSync(from);
  if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) linkTree(join(from, entry), join(to, entry));
  } else if (stat.isSymbolicLink()) {
    symlinkSync(readlinkSync(from), to);
  } else {
    try {
      linkSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      copyFileSync(from, to);
    }
  }
}

/**
 * The built CLI where any user may run it: its folder and the npm packages the product runs with
 * (the lockfile's non-dev packages) in a temp folder anyone may enter, for a test that runs it as
 * another user; a checkout may sit in a folder only its owner can enter (as `mktemp -d` makes one).
 * `remove()` deletes the copy.
 */
export function cliForAnyUser(): { main: string; remove(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'portal-cli-any-user-'));
  chmodSync(parent, 0o755);
  const service = dirname(buildCli());
  linkTree(service, join(parent, 'service'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Top-level packages only: a package's own node_modules comes with it. Optional ones of other
    // platforms (an Argon2 build for each) are in the lock but not installed.
    if (!entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && existsSync(join(root, path))) {
      linkTree(join(root, path), join(parent, path));
    }
  }
  return {
    main: join(parent, 'service', 'main.js'),
    remove: () => rmSync(parent, { recursive: true, force: true }),
  };
}

/**
 * For a test file of the built CLI: builds it before the file's tests and removes it after; answers
 * the list each test pushes its cleanups to (processes, folders), run newest first after each test.
 */
export function builtCliTests(): (() => unknown)[] {
  const cleanups: (() => unknown)[] = [];
  beforeAll(() => {
    buildCli();
  }, 60_000);
  afterAll(() => removeCliBuild());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A fresh data folder inside a temp folder anyone may enter (so a test can run the CLI as another
 * user); `remove()` deletes both.
 */
export function tempDataDir(): { dir: string; parent: string; remove(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  chmodSync(parent, 0o755);
  const dir = join(parent, 'data');
  mkdirSync(dir);
  return { dir, parent, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** A running CLI process and everything it printed so far. */
export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends `signal` (default SIGTERM) and waits for the exit; SIGKILL after 20 s. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts `node <built CLI> ...args` (no shell) with `env` added to a clean environment; `detached`
 * gives it a process group of its own (to send Ctrl-C's SIGINT to the whole group, as a terminal does);
 * `main` runs another copy of the CLI (cliForAnyUser), from its folder; `fileLimit` runs it under
 * `ulimit -n <fileLimit>` (through sh, which then execs node).
 */
export function spawnCli(
  args: string[],
  options: {
    env?: Record<string, string>;
    uid?: number;
    detached?: boolean;
    main?: string;
    fileLimit?: number;
  } = {},
): CliProcess {
  const main = options.main ?? buildCli();
  const [command, commandArgs] =
    options.fileLimit === undefined
      ? [process.execPath, [main, ...args]]
      : [
          '/bin/sh',
          ['-c', `ulimit -n ${options.fileLimit} && exec "$0" "$@"`, process.execPath, main, ...args],
        ];
  const child = spawn(command, commandArgs, {
    cwd: options.main ? dirname(options.main) : root,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | string>((resolveExit) => {
    child.on('exit', (code, signal) => resolveExit(code ?? signal ?? -1));
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Runs the CLI until it exits (45 s at most: several workers starting on a loaded 2-core CI machine
 * took 16 s); answers its exit code and output.
 */
export async function runCliToExit(
  args: string[],
  options: { env?: Record<string, string>; uid?: number; main?: string } = {},
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const cli = spawnCli(args, options);
  const timer = setTimeout(() => cli.child.kill('SIGKILL'), 45_000);
  const code = await cli.exited;
  clearTimeout(timer);
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

/**
 * Waits until the CLI has printed its banner (stderr "Portal service listening on <url>");
 * answers the URL. Throws with the output when it exits first or takes over 30 s.
 */
export async function waitForBanner(cli: CliProcess): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /Portal service listening on (\S+)/.exec(cli.stderr());
    // The banner is written in one piece; the kiosk line closes it when the demo account is loaded.
    if (match && /\n\n$/.test(cli.stderr())) return match[1]!;
    if (cli.child.exitCode !== null || cli.child.signalCode !== null || Date.now() > deadline) {
      throw new Error(`the CLI did not start:\n${cli.stderr()}\n${cli.stdout()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
