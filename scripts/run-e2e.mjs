// `npm run test:e2e`: builds the product, starts the real built service on a fresh data folder
// (demo fixture), runs Playwright against it and exits with Playwright's code. Two service
// instances: the main one, and one with a 1-minute session lifetime for the expiry spec.
// E2E_SKIP_BUILD=1 reuses dist/ (while iterating); extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** Runs a command with inherited output; resolves with its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
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

/** Starts `node dist/service/main.js` on a free port and a temp data folder; waits until it answers. */
async function startService(name, extraArgs = []) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `portal-e2e-${name}-`));
  const args = ['dist/service/main.js', '--port', String(port), '--data', dataDir, '--log-level', 'warn'];
  const child = spawn(process.execPath, [...args, '--rate-limit', '0', ...extraArgs], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`the ${name} service exited during start`);
    try {
      if ((await fetch(`${url}/openapi.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the ${name} service did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const built = await run('npm', ['run', 'build']);
  if (built !== 0) process.exit(built);
}

const services = [];
let code = 1;
try {
  const main = await startService('main');
  services.push(main);
  const shortTtl = await startService('short-ttl', ['--session-ttl', '1']);
  services.push(shortTtl);
  code = await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    ...process.env,
    E2E_BASE_URL: main.url,
    E2E_SHORT_TTL_BASE_URL: shortTtl.url,
  });
} catch (error) {
  process.stderr.write(`run-e2e: ${error.message}\n`);
} finally {
  await Promise.all(services.map((service) => service.stop()));
}
process.exit(code);
