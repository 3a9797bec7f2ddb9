// Starts the real built service (dist/service/main.js) as a child process on a free port and a
// fresh temp data folder (demo fixture), for the e2e suite and bench:kiosk.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** Runs a command in the repository with inherited output; resolves with its exit code. */
export function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Whether `port` can be listened on, on loopback, right now. */
function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

let nextInRange = 0;

/**
 * A TCP port free on loopback right now: one the system picks, or, with PORTAL_PORTS=FROM-TO (a
 * machine shared by several runs, each given its own range), the next free one of that range.
 */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.PORTAL_PORTS ?? '');
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    for (let tried = 0; tried <= to - from; tried++) {
      const port = from + (nextInRange++ % (to - from + 1));
      if (await portFree(port)) return port;
    }
    throw new Error(`no free port in PORTAL_PORTS=${process.env.PORTAL_PORTS}`);
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Copies the build (dist/service, dist/kiosk, dist/cashier, dist/me, dist/office) to test-results/<name>-dist and returns that folder:
 * a run tests one build even when dist/ is rebuilt while it runs.
 */
export function snapshotBuild(name) {
  const target = join(root, 'test-results', `${name}-dist`);
  rmSync(target, { recursive: true, force: true });
  for (const part of ['service', 'kiosk', 'cashier', 'me', 'office'])
    cpSync(join(root, 'dist', part), join(target, part), { recursive: true });
  return target;
}

/**
 * The product's build for a test run: PORTAL_DIST when the caller made one (npm test builds once for
 * every step), else `npm run build` now, copied as snapshotBuild(name) does. Throws when the build fails.
 */
export async function productBuild(name) {
  if (process.env.PORTAL_DIST) return process.env.PORTAL_DIST;
  const code = await run('npm', ['run', 'build', '--silent']);
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code})`);
  return snapshotBuild(name);
}

/**
 * Starts `node dist/service/main.js --port <free> --data <temp> --log-level warn --rate-limit 0
 * ...extraArgs` and waits (30 s at most) until it answers. `stop()` ends it and removes its data.
 * `dist`: the build folder (with service/ and kiosk/), default PORTAL_DIST or dist; `port`: a given
 * port (a restarted service keeps its address), else a free one; `onLog`: gets the service's log
 * (its standard output) as it comes, else it is dropped.
 */
export async function startService(
  name,
  extraArgs = [],
  dist = process.env.PORTAL_DIST ?? 'dist',
  port,
  { onLog } = {},
) {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const main = join(dist, 'service', 'main.js');
  const args = [main, '--port', String(port), '--data', dataDir, '--log-level', 'warn'];
  const child = spawn(process.execPath, [...args, '--rate-limit', '0', ...extraArgs], {
    cwd: root,
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
  });
  child.stdout?.setEncoding('utf8').on('data', onLog);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`the ${name} service exited during start`);
    try {
      const response = await fetch(`${url}/openapi.json`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the ${name} service did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    /** Sends SIGHUP: the service loads its --fixture again. */
    reload() {
      child.kill('SIGHUP');
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 6000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
