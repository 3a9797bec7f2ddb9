/**
 * `npm run bench:service`: requests/s and p50/p99 latency of the service's hot endpoints at 1, 8
 * and 32 connections, beside a bare Fastify route measured on the same machine in the same run
 * (the ratio is the figure). The service runs as built (`dist/service/main.js`) in its own process
 * on a fresh SQLite folder with the demo account; results go to bench/results/service.json.
 * BENCH_SECONDS (default 4) sets the duration of each measurement.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = [1, 8, 32];
const AUTH = { authorization: 'Bearer demo-api-key', 'content-type': 'application/json' };
const REGISTER = { authorization: 'Bearer demo-register-key', 'content-type': 'application/json' };
const SHOP = 'a0000000-0000-4000-8000-000000000001';
const ANNA = 'd0000000-0000-4000-8000-000000000001';

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status every response must have; anything else counts as an error. */
  expect: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'GET contact', method: 'GET', path: `/contacts/${ANNA}`, headers: AUTH, expect: 200 },
  {
    name: 'identifier find',
    method: 'GET',
    path: '/contact-identifiers/find?contact_identifier_value=CARD-0001',
    headers: AUTH,
    expect: 200,
  },
  {
    name: 'credit reception create',
    method: 'POST',
    path: '/credit-receptions',
    headers: REGISTER,
    body: JSON.stringify({ contact_uuid: ANNA, credits: 1 }),
    expect: 201,
  },
  {
    name: 'portal session create',
    method: 'POST',
    path: '/portal-sessions',
    headers: AUTH,
    body: JSON.stringify({ shop_uuid: SHOP, enable_email_identification: true }),
    expect: 201,
  },
  {
    name: 'giftcard transaction create',
    method: 'POST',
    path: '/giftcard-transactions',
    headers: REGISTER,
    body: JSON.stringify({ giftcard_uuid: 'f1000000-0000-4000-8000-000000000002', amount_in_cents: 1 }),
    expect: 201,
  },
  {
    name: 'prepaid transaction create',
    method: 'POST',
    path: '/prepaid-transactions',
    headers: REGISTER,
    body: JSON.stringify({ contact_uuid: ANNA, amount_in_cents: 1 }),
    expect: 201,
  },
];

function start(command: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    // The service prints its banner on stderr, the bare server on stdout.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(?:LISTENING|listening on) (http:\/\/[^\s]+)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code} before listening:\n${out}`)));
  });
}

async function measure(url: string, s: Scenario, connections: number) {
  const result = await autocannon({
    url: `${url}${s.path}`,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections,
    duration: SECONDS,
  });
  const wrong = result.non2xx + result.errors + result.timeouts;
  return {
    scenario: s.name,
    connections,
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: wrong,
  };
}

async function available(url: string, s: Scenario): Promise<boolean> {
  const response = await fetch(`${url}${s.path}`, { method: s.method, headers: s.headers, body: s.body });
  return response.status === s.expect;
}

async function main() {
  const build = spawnSync('npm', ['run', 'build:service'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build:service failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const service = await start('node', [
    'dist/service/main.js',
    '--port',
    '0',
    '--data',
    dataDir,
    '--rate-limit',
    '0',
    '--log-level',
    'silent',
  ]);
  // The second baseline answers exactly the body GET contact answers.
  const contact = await fetch(`${service.url}${SCENARIOS[0]!.path}`, { headers: AUTH }).then((r) => r.text());
  const bodyFile = join(dataDir, 'contact.json');
  writeFileSync(bodyFile, contact);
  process.env.BARE_BODY_FILE = bodyFile;
  const bare = await start('node', ['bench/bare-server.mjs']);
  const bodyBaseline = `bare route, contact-sized body (${contact.length} B)`;
  const rows = [];
  try {
    for (const connections of CONNECTIONS) {
      rows.push(
        await measure(
          bare.url,
          { name: 'bare Fastify route', method: 'GET', path: '/bare', headers: {}, expect: 200 },
          connections,
        ),
      );
    }
    for (const connections of CONNECTIONS) {
      rows.push(
        await measure(
          bare.url,
          { name: bodyBaseline, method: 'GET', path: '/bare-body', headers: {}, expect: 200 },
          connections,
        ),
      );
    }
    for (const s of SCENARIOS) {
      if (!(await available(service.url, s))) {
        console.log(`skipped: ${s.name} (endpoint not available)`);
        continue;
      }
      for (const connections of CONNECTIONS) rows.push(await measure(service.url, s, connections));
    }
  } finally {
    service.child.kill('SIGINT');
    bare.child.kill('SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bareAt = new Map(
    rows
      .filter((r) => r.scenario === 'bare Fastify route')
      .map((r) => [r.connections, r.requests_per_second]),
  );
  const bodyAt = new Map(
    rows.filter((r) => r.scenario === bodyBaseline).map((r) => [r.connections, r.requests_per_second]),
  );
  const ratio = (n: number, d: number | undefined) => Number((n / (d ?? 1)).toFixed(2));
  const table = rows.map((r) => ({
    ...r,
    ratio_to_bare: ratio(r.requests_per_second, bareAt.get(r.connections)),
    ratio_to_same_body: ratio(r.requests_per_second, bodyAt.get(r.connections)),
  }));
  console.table(table);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/service.json',
    `${JSON.stringify({ date: new Date().toISOString(), seconds_per_run: SECONDS, node: process.version, results: table }, null, 2)}\n`,
  );
  console.log('written to bench/results/service.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
