import { X509Certificate } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DEMO, dropTestDatabase } from '../helpers/app';
import {
  builtCliTests,
  type CliProcess,
  cliForAnyUser,
  freePort,
  runCliToExit,
  spawnCli,
  tempDataDir,
  waitForBanner,
} from '../helpers/cli';

// The built CLI, spawned as `npm start` runs it: logs, start-up failures and TLS.

const cleanups = builtCliTests();

function data() {
  const folder = tempDataDir();
  cleanups.push(folder.remove);
  return folder;
}

async function start(args: string[]): Promise<{ cli: CliProcess; url: string }> {
  const cli = spawnCli(args);
  cleanups.push(() => cli.stop('SIGKILL'));
  return { cli, url: await waitForBanner(cli) };
}

/** A start-up failure: exit code 1 and ONE line on stderr, `portal: …`, without a stack trace. */
function expectOneLineFailure(
  result: { code: number | string; stderr: string; stdout: string },
  ...parts: string[]
) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^portal: /);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stdout.split('\n').filter((l) => l && !l.startsWith('{'))).toEqual([]);
}

describe('logs', () => {
  it('stdout carries only JSON lines, one per request, naming the credential but never a token; the banner is on stderr', async () => {
    const port = await freePort();
    const { cli, url } = await start(['--port', String(port), '--data', data().dir]);
    await fetch(`${url}/healthz`).then((r) => r.text());
    await fetch(`${url}/contacts/${DEMO.anna}`, { headers: { authorization: `Bearer ${DEMO.apiKey}` } }).then(
      (r) => r.text(),
    );
    await fetch(`${url}/contacts/%zz`).then((r) => r.text());
    await fetch(`${url}/portal/api/devices/demo-device-amsterdam`).then((r) => r.text());
    expect(await cli.stop('SIGTERM')).toBe(0);

    const lines = cli.stdout().trimEnd().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((e) => e.msg === 'request');
    // The banner's demo session (made through the app) and the four requests above.
    expect(requests.map((e) => `${e.method} ${e.route} ${e.status}`)).toEqual([
      'POST /portal-sessions 201',
      'GET /healthz 200',
      'GET /contacts/:contact_uuid 200',
      'GET unmatched 400',
      'GET /portal/api/devices/:token 200',
    ]);
    for (const entry of requests) {
      expect(entry).toMatchObject({ level: 30, duration_ms: expect.any(Number), reqId: expect.any(String) });
    }
    expect(requests[2]!.credential).toMatch(/^[0-9a-f]{12}$/);
    expect(requests[1]!.credential).toBeUndefined();
    expect(cli.stdout()).not.toContain(DEMO.apiKey);
    expect(cli.stdout()).not.toContain('demo-device-amsterdam');
    expect(cli.stderr()).toContain(`Portal service listening on ${url}`);
    expect(cli.stderr()).toContain(`health       ${url}/healthz`);
    expect(cli.stderr()).not.toMatch(/Deprecation|Warning|FSTDEP/);
  });

  it('at --log-level warn, requests write nothing', async () => {
    const { cli, url } = await start([
      '--port',
      String(await freePort()),
      '--data',
      data().dir,
      '--log-level',
      'warn',
    ]);
    await fetch(`${url}/healthz`).then((r) => r.text());
    expect(await cli.stop()).toBe(0);
    expect(cli.stdout()).toBe('');
  });
});

describe('--help and --version', { timeout: 60_000 }, () => {
  it('--help prints every option with its variable and exits 0, starting nothing', async () => {
    const result = await runCliToExit(['--help', '--port', 'not-a-port']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm start -- \[options\]/);
    for (const [flag, variable] of [
      ['--port <value>', '[PORT]'],
      ['--database-url <value>', '[DATABASE_URL]'],
      ['--tls-self-signed ', '[TLS_SELF_SIGNED]'],
      ['--auth-failure-limit <value>', '[AUTH_FAILURE_LIMIT]'],
    ] as const) {
      const line = result.stdout.split('\n').find((l) => l.trimStart().startsWith(flag));
      expect(line, flag).toContain(variable);
    }
    expect(result.stderr).toBe('');
  });

  it('--version prints the version of package.json', async () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
    const result = await runCliToExit(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `portal ${version}\n` });
  });
});

// Each of these spawns the CLI once or more; on a loaded 2-core CI machine a start takes seconds.
describe('start-up failures', { timeout: 60_000 }, () => {
  let blocker: Server;
  let busyPort: number;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    busyPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('port in use', async () => {
    const result = await runCliToExit(['--port', String(busyPort), '--data', data().dir]);
    expectOneLineFailure(result, `port ${busyPort} on 127.0.0.1 is already in use`, '--port (PORT)');
  });

  it('metrics port in use', async () => {
    const args = [
      '--port',
      String(await freePort()),
      '--metrics-port',
      String(busyPort),
      '--data',
      data().dir,
    ];
    expectOneLineFailure(
      await runCliToExit(args),
      `metrics port ${busyPort}`,
      '--metrics-port (METRICS_PORT)',
    );
  });

  it('database unreachable', async () => {
    const closed = await freePort();
    const args = [
      '--port',
      String(await freePort()),
      '--database-url',
      `postgres://u:secret@127.0.0.1:${closed}/portal`,
    ];
    const result = await runCliToExit(args, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    expectOneLineFailure(
      result,
      `PostgreSQL at 127.0.0.1:${closed} refused the connection`,
      '--database-url',
    );
    expect(result.stderr).not.toContain('secret');
  });

  it('data folder that is a file', async () => {
    const file = join(data().parent, 'a-file');
    writeFileSync(file, 'not a folder');
    expectOneLineFailure(
      await runCliToExit(['--port', String(await freePort()), '--data', file]),
      `data folder ${file} is not a folder`,
      '--data (DATA_DIR)',
    );
    expectOneLineFailure(
      await runCliToExit(['--port', String(await freePort()), '--data', join(file, 'sub')]),
      'is not a folder',
    );
  });

  it('read-only data folder', async () => {
    const folder = data();
    chmodSync(folder.dir, 0o555);
    // root may write anywhere: run as nobody then, a copy of the CLI nobody can read.
    const asRoot = process.getuid?.() === 0;
    const copy = asRoot ? cliForAnyUser() : undefined;
    if (copy) cleanups.push(copy.remove);
    const result = await runCliToExit(['--port', String(await freePort()), '--data', folder.dir], {
      uid: asRoot ? 65534 : undefined,
      main: copy?.main,
    });
    expectOneLineFailure(result, `data folder ${folder.dir} is not writable`, '--data (DATA_DIR)');
  });

  it('bad TLS files', async () => {
    const folder = data();
    const port = String(await freePort());
    expectOneLineFailure(
      await runCliToExit([
        '--port',
        port,
        '--data',
        folder.dir,
        '--tls-cert',
        'nope.pem',
        '--tls-key',
        'nope.key',
      ]),
      '--tls-cert nope.pem: file not found',
    );
    const junk = join(folder.parent, 'junk.pem');
    writeFileSync(junk, 'not a certificate');
    expectOneLineFailure(
      await runCliToExit(['--port', port, '--data', folder.dir, '--tls-cert', junk, '--tls-key', junk]),
      `--tls-cert ${junk}: not a PEM certificate`,
    );
    // A key of another certificate.
    const [one, two] = await Promise.all([generate(), generate()]);
    const cert = join(folder.parent, 'one-cert.pem');
    const wrongKey = join(folder.parent, 'two-key.pem');
    writeFileSync(cert, one.cert);
    writeFileSync(wrongKey, two.private);
    expectOneLineFailure(
      await runCliToExit(['--port', port, '--data', folder.dir, '--tls-cert', cert, '--tls-key', wrongKey]),
      `--tls-key ${wrongKey} does not belong to the certificate --tls-cert ${cert}`,
    );
  });

  it('more than one worker on SQLite', async () => {
    expectOneLineFailure(
      await runCliToExit(['--workers', '2', '--data', data().dir]),
      '--workers / WORKERS: more than one process needs PostgreSQL (--database-url)',
    );
  });
});

/** GET over https trusting only `ca`; answers status, body and the server certificate's fingerprint. */
function httpsGet(url: string, ca: string): Promise<{ status: number; body: string; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        const fingerprint = (
          res.socket as unknown as { getPeerX509Certificate(): X509Certificate }
        ).getPeerX509Certificate().fingerprint256;
        resolve({ status: res.statusCode ?? 0, body, fingerprint });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('TLS', { timeout: 60_000 }, () => {
  it('--tls-self-signed: https with a certificate kept in the data folder; the banner prints its fingerprint and https URLs', async () => {
    const folder = data();
    const port = await freePort();
    const { cli, url } = await start(['--port', String(port), '--data', folder.dir, '--tls-self-signed']);
    expect(url).toBe(`https://127.0.0.1:${port}`);
    const certFile = join(folder.dir, 'tls', 'self-signed-cert.pem');
    const cert = readFileSync(certFile, 'utf8');
    const fingerprint = new X509Certificate(cert).fingerprint256;
    const banner = cli.stderr();
    expect(banner).toContain(`SHA-256 ${fingerprint}`);
    expect(banner).toContain(`kiosk        https://127.0.0.1:${port}/portal/?uuid=`);
    expect(banner).toContain(`curl --cacert ${certFile}`);
    // Valid for 127.0.0.1 and localhost: a client that trusts only this certificate accepts it.
    for (const host of ['127.0.0.1', 'localhost']) {
      const res = await httpsGet(`https://${host}:${port}/healthz`, cert);
      expect(res).toEqual({ status: 200, body: '{"status":"ok"}', fingerprint });
    }
    // Session urls use https.
    const created = await new Promise<string>((resolve, reject) => {
      const req = httpsRequest(
        `${url}/portal-sessions`,
        {
          method: 'POST',
          ca: cert,
          headers: { authorization: `Bearer ${DEMO.apiKey}`, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ shop_uuid: DEMO.shop }));
    });
    expect(JSON.parse(created).data.url).toMatch(
      new RegExp(`^https://127\\.0\\.0\\.1:${port}/portal/\\?uuid=`),
    );
    expect(await cli.stop()).toBe(0);

    // A restart keeps the certificate, so a tablet that accepted it once is not asked again.
    const again = await start(['--port', String(port), '--data', folder.dir, '--tls-self-signed']);
    expect(again.cli.stderr()).toContain(`SHA-256 ${fingerprint}`);
    expect(readFileSync(certFile, 'utf8')).toBe(cert);
    expect(await again.cli.stop()).toBe(0);
  });

  it('--tls-cert/--tls-key: serves the given certificate; plain http is not answered on that port', async () => {
    const folder = data();
    // Make a certificate with the self-signed option, then hand its files over as given ones.
    const made = await start(['--port', String(await freePort()), '--data', folder.dir, '--tls-self-signed']);
    await made.cli.stop();
    const certFile = join(folder.dir, 'tls', 'self-signed-cert.pem');
    const keyFile = join(folder.dir, 'tls', 'self-signed-key.pem');
    const cert = readFileSync(certFile, 'utf8');
    const port = await freePort();
    const { cli } = await start([
      '--port',
      String(port),
      '--data',
      folder.dir,
      '--tls-cert',
      certFile,
      '--tls-key',
      keyFile,
    ]);
    expect(cli.stderr()).toContain('certificate from --tls-cert');
    expect((await httpsGet(`https://127.0.0.1:${port}/readyz`, cert)).status).toBe(200);
    const protocol = await new Promise<string | null>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, ca: cert, ALPNProtocols: ['http/1.1'] }, () => {
        resolve(socket.getProtocol());
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(protocol).toMatch(/^TLSv1\.[23]$/);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});

/** GET on a new connection each time (no keep-alive), so the cluster spreads the requests. */
function getOnce(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sum of a Prometheus counter's samples whose labels include `match`. */
function total(text: string, name: string, match: string): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(match))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('--workers (PostgreSQL)', () => {
  const metricsToken = 'cluster-metrics-token-0123';

  async function startCluster(workers: number, extra: string[] = []) {
    const databaseUrl = (await createTestDatabase())!;
    cleanups.push(() => dropTestDatabase(databaseUrl));
    const port = await freePort();
    const metricsPort = await freePort();
    const args = ['--port', String(port), '--workers', String(workers), '--database-url', databaseUrl];
    const cli = spawnCli([...args, '--metrics-port', String(metricsPort), '--data', data().dir, ...extra], {
      detached: true,
      env: { METRICS_TOKEN: metricsToken },
    });
    cleanups.push(async () => {
      if (cli.child.exitCode === null && cli.child.signalCode === null)
        process.kill(-cli.child.pid!, 'SIGKILL');
      await cli.exited;
    });
    const url = await waitForBanner(cli);
    const pids = /workers {6}(\d+) processes \(pids ([\d, ]+)\)/.exec(cli.stderr());
    expect(pids?.[1]).toBe(String(workers));
    return { cli, url, metricsPort, pids: pids![2]!.split(', ').map(Number) };
  }

  it('N processes share the port; metrics add up across them; a crashed worker is replaced; Ctrl-C stops all', async () => {
    const { cli, url, metricsPort, pids } = await startCluster(2);
    expect(pids).toHaveLength(2);
    for (let i = 0; i < 40; i++) expect((await getOnce(`${url}/readyz`)).status).toBe(200);
    const served = new Set(
      cli
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; route?: string; pid: number })
        .filter((e) => e.msg === 'request' && e.route === '/readyz')
        .map((e) => e.pid),
    );
    expect([...served].sort()).toEqual([...pids].sort());

    const scraped = await getOnce(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(total(scraped.body, 'portal_http_requests_total', 'route="/readyz"')).toBe(40);
    expect(scraped.body).toMatch(/^portal_sessions_open 1$/m);
    // The same figures through a worker on the main port, with the token.
    const viaWorker = await getOnce(`${url}/metrics`, { authorization: `Bearer ${metricsToken}` });
    expect(viaWorker.status).toBe(200);
    expect(total(viaWorker.body, 'portal_http_requests_total', 'route="/readyz"')).toBe(40);

    process.kill(pids[0]!, 'SIGKILL');
    await expect
      .poll(() => /worker exited; starting a new one/.test(cli.stdout()), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => (cli.stdout().match(/Server listening at/g) ?? []).length, { timeout: 20_000 })
      .toBe(3);
    for (let i = 0; i < 6; i++) expect((await getOnce(`${url}/healthz`)).status).toBe(200);

    // Ctrl-C in a terminal: SIGINT to the whole process group.
    const workers = Object.values(
      cli
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { pid: number; msg: string })
        .filter((e) => e.msg.startsWith('Server listening'))
        .map((e) => e.pid),
    );
    process.kill(-cli.child.pid!, 'SIGINT');
    expect(await cli.exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
    expect(cli.stdout()).not.toMatch(/second SIGINT|killed by timeout/);
  }, 90_000);

  it('SIGTERM to the primary alone stops every worker, each finishing its requests', async () => {
    const { cli, url, pids } = await startCluster(2);
    expect((await getOnce(`${url}/readyz`)).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  }, 60_000);

  it('a worker that cannot start stops the whole start with one line', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const databaseUrl = (await createTestDatabase())!;
      cleanups.push(() => dropTestDatabase(databaseUrl));
      const result = await runCliToExit(
        ['--port', String(busy), '--workers', '3', '--database-url', databaseUrl, '--data', data().dir],
        {},
      );
      expectOneLineFailure(result, `port ${busy} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
