/**
 * `npm run bench:service`: the service's budgets (docs/benchmarks.md "Service"), measured on an
 * account of realistic size (realistic-account.ts: 10,000 contacts, 200,000 credit receptions,
 * five shops), with every request on a contact and shop drawn at random. The service runs as built
 * (`dist/service/main.js`, rate limit off) in processes of its own: on SQLite, then with
 * BENCH_DATABASE_URL (a PostgreSQL server URL) on PostgreSQL with two processes (`--workers 2`),
 * each on a fresh copy of the account's template. Prints a table of the budgets, met or not, with
 * the machine's load average at each measurement (figures taken while other work runs are noise),
 * and writes every figure to bench/results/service.json.
 *
 * BENCH_SECONDS (default 10): each measurement's duration. BENCH_SERVICE: a built service
 * (main.js) to measure instead of building this checkout's (alternated runs of two builds).
 * BENCH_ONLY: only the measurements whose name contains it. BENCH_DETAIL=1: also the hot endpoints
 * at 1, 8 and 32 connections on SQLite beside a bare Fastify route, and PostgreSQL with one process.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchContact,
  CONTACTS,
  databaseUrl,
  postgresTemplate,
  RECEPTIONS,
  SHOPS,
  sqliteTemplate,
} from './realistic-account';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASE_SERVER = process.env.BENCH_DATABASE_URL;
const ONLY = process.env.BENCH_ONLY;
const DETAIL = process.env.BENCH_DETAIL === '1';
const SERVICE = process.env.BENCH_SERVICE ?? 'dist/service/main.js';
const AUTH = { authorization: 'Bearer demo-api-key', 'content-type': 'application/json' };
const REGISTER = { authorization: 'Bearer demo-register-key', 'content-type': 'application/json' };
/** Connections of the budgets' write load. */
const WRITERS = 8;
/** GET contact requests per second while the receptions run (on 2 connections of their own). */
const READS_PER_SECOND = 200;

/** One kind of request; `next` draws each request's path and body. */
interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  next(): { path: string; body?: string };
  /** The status every response must have; anything else counts as an error. */
  expect: number;
}

const pick = (n: number) => Math.floor(Math.random() * n);
const anyContact = () => benchContact(pick(CONTACTS));

/** A POS's credit reception: a purchase of € 0.01–60.00 at one of the five shops, by a random contact. */
const CREDIT_RECEPTION: Scenario = {
  name: 'credit reception create',
  method: 'POST',
  headers: AUTH,
  next: () => ({
    path: '/credit-receptions',
    body: JSON.stringify({
      contact_uuid: anyContact().uuid,
      shop_uuid: SHOPS[pick(SHOPS.length)],
      unit_value: (1 + pick(6000)) / 100,
    }),
  }),
  expect: 201,
};

const GET_CONTACT: Scenario = {
  name: 'GET contact',
  method: 'GET',
  headers: AUTH,
  next: () => ({ path: `/contacts/${anyContact().uuid}` }),
  expect: 200,
};

/** BENCH_DETAIL: the other hot endpoints. */
const DETAIL_SCENARIOS: Scenario[] = [
  GET_CONTACT,
  {
    name: 'identifier find',
    method: 'GET',
    headers: AUTH,
    next: () => ({ path: `/contact-identifiers/find?contact_identifier_value=${anyContact().card}` }),
    expect: 200,
  },
  CREDIT_RECEPTION,
  {
    name: 'portal session create',
    method: 'POST',
    headers: AUTH,
    next: () => ({
      path: '/portal-sessions',
      body: JSON.stringify({ shop_uuid: SHOPS[pick(SHOPS.length)], enable_email_identification: true }),
    }),
    expect: 201,
  },
  {
    name: 'giftcard transaction create',
    method: 'POST',
    headers: REGISTER,
    // One cent on or off a card with room both ways: never past its program's maximum or below zero.
    next: () => ({
      path: '/giftcard-transactions',
      body: JSON.stringify({
        giftcard_uuid: 'f1000000-0000-4000-8000-000000000002',
        amount_in_cents: pick(2) ? 1 : -1,
      }),
    }),
    expect: 201,
  },
  {
    name: 'prepaid transaction create',
    method: 'POST',
    headers: REGISTER,
    next: () => ({
      path: '/prepaid-transactions',
      body: JSON.stringify({ contact_uuid: anyContact().uuid, amount_in_cents: 1 }),
    }),
    expect: 201,
  },
];

/** One measured figure. */
interface Row {
  name: string;
  connections: number;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  /** The machine's 1-minute load average when the measurement started. */
  load: number;
  /**
   * CPU time the service's processes (not PostgreSQL's) spent per request, in ms (Linux): less
   * swayed by other work on the machine than the rate, so comparable across alternated runs.
   */
  cpu_ms_per_request?: number;
}

/** CPU seconds (user + system) used so far by process `pid` and its descendants (Linux /proc). */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stats = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => {
        try {
          // Fields after the command's closing parenthesis: state, ppid, …, utime (14th), stime.
          const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
          return {
            pid: Number(name),
            ppid: Number(fields[1]),
            ticks: Number(fields[11]) + Number(fields[12]),
          };
        } catch {
          return undefined;
        }
      })
      .filter((s) => s !== undefined);
    const tree = new Set([pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const s of stats)
        if (tree.has(s.ppid) && !tree.has(s.pid)) {
          tree.add(s.pid);
          grew = true;
        }
    }
    // Clock ticks of 1/100 s (USER_HZ on Linux).
    return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) / 100;
  } catch {
    return undefined;
  }
}

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

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

/** Whether BENCH_ONLY selects the measurement named `name` (every one without it). */
function selected(name: string): boolean {
  return !ONLY || name.includes(ONLY);
}

/** Runs `s` against `url` for SECONDS on `connections` (at `rate` requests/s in all, else flat out). */
async function load(
  url: string,
  s: Scenario,
  connections: number,
  name: string,
  rate?: number,
  pid?: number,
): Promise<Row> {
  const loadAverage = loadavg()[0]!;
  const cpuBefore = pid === undefined ? undefined : cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: s.method,
        headers: s.headers,
        setupRequest: (request: autocannon.Request) => ({ ...request, ...s.next() }),
      },
    ],
  });
  const wrong = result.non2xx + result.errors + result.timeouts;
  const cpuAfter = pid === undefined ? undefined : cpuSeconds(pid);
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? undefined
      : Number(((1000 * (cpuAfter - cpuBefore)) / result.requests.total).toFixed(3));
  return {
    name,
    connections,
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: wrong,
    load: Number(loadAverage.toFixed(2)),
    ...(cpu === undefined ? {} : { cpu_ms_per_request: cpu }),
  };
}

/** The budgets' measurements on one running service whose engine is named `engine`. */
async function measureBudgets(url: string, engine: string, pid: number | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  const writes = `${engine}: ${CREDIT_RECEPTION.name}`;
  if (selected(writes)) rows.push(await load(url, CREDIT_RECEPTION, WRITERS, writes, undefined, pid));
  // PostgreSQL: reads at full speed too (docs/benchmarks.md: GET /contacts/{uuid} ≥ 3,000/s).
  const readsAlone = `${engine}: GET contact`;
  if (engine.startsWith('PostgreSQL') && selected(readsAlone))
    rows.push(await load(url, GET_CONTACT, WRITERS, readsAlone, undefined, pid));
  const reads = `${engine}: GET contact while receptions run`;
  if (selected(reads)) {
    const [read, write] = await Promise.all([
      load(url, GET_CONTACT, 2, reads, READS_PER_SECOND),
      load(url, CREDIT_RECEPTION, WRITERS, `${engine}: credit reception create beside the reads`),
    ]);
    rows.push(read, write);
  }
  return rows;
}

/** SQLite: the service on a fresh copy of the template in a data folder of its own. */
async function measureSqlite(): Promise<Row[]> {
  const template = await sqliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  copyFileSync(template, join(dataDir, 'portal.sqlite'));
  const service = await start('node', [
    SERVICE,
    '--port',
    '0',
    '--data',
    dataDir,
    '--rate-limit',
    '0',
    '--log-level',
    'silent',
  ]);
  try {
    const rows = await measureBudgets(service.url, 'SQLite', service.child.pid);
    if (DETAIL) rows.push(...(await measureDetail(service.url)));
    return rows;
  } finally {
    await stop(service.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The machine's own speed: a bare Fastify route (no database, no service) at 8 connections. The
 * budgets were set on a machine where it answered about 80,000/s; on a slower one every figure
 * here is slower in proportion, which this line lets a reader see.
 */
async function measureMachine(): Promise<Row> {
  const bare = await start('node', ['bench/bare-server.mjs']);
  try {
    const name = 'bare Fastify route (the machine)';
    return await load(
      bare.url,
      { name, method: 'GET', headers: {}, next: () => ({ path: '/bare' }), expect: 200 },
      8,
      name,
    );
  } finally {
    await stop(bare.child);
  }
}

/** BENCH_DETAIL: every hot endpoint at 1, 8 and 32 connections, and the bare Fastify routes. */
async function measureDetail(url: string): Promise<Row[]> {
  const rows: Row[] = [];
  const contact = await fetch(`${url}/contacts/${benchContact(0).uuid}`, { headers: AUTH }).then((r) =>
    r.text(),
  );
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-bare-'));
  const bodyFile = join(dir, 'contact.json');
  writeFileSync(bodyFile, contact);
  process.env.BARE_BODY_FILE = bodyFile;
  const bare = await start('node', ['bench/bare-server.mjs']);
  try {
    const bareRoutes: [string, string][] = [
      ['bare Fastify route', '/bare'],
      [`bare route, contact-sized body (${contact.length} B)`, '/bare-body'],
    ];
    for (const [name, path] of bareRoutes) {
      const s: Scenario = { name, method: 'GET', headers: {}, next: () => ({ path }), expect: 200 };
      for (const c of [1, 8, 32]) rows.push(await load(bare.url, s, c, name));
    }
  } finally {
    await stop(bare.child);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const s of DETAIL_SCENARIOS.filter((x) => selected(x.name))) {
    for (const c of [1, 8, 32]) rows.push(await load(url, s, c, s.name));
  }
  return rows;
}

/**
 * PostgreSQL: on a database of its own on BENCH_DATABASE_URL's server, made from the template,
 * the service with two processes (and with BENCH_DETAIL with one, on another copy).
 */
async function measurePostgres(server: string): Promise<{ rows: Row[]; commitMode: string }> {
  const template = await postgresTemplate(server);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const rows: Row[] = [];
  const commitMode = `PostgreSQL synchronous_commit=${(await admin.query('show synchronous_commit')).rows[0].synchronous_commit}`;
  try {
    for (const workers of DETAIL ? [2, 1] : [2]) {
      const name = `portal_bench_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${name} template ${template}`);
      try {
        const service = await start('node', [
          SERVICE,
          '--port',
          '0',
          '--database-url',
          databaseUrl(server, name),
          '--workers',
          String(workers),
          '--rate-limit',
          '0',
          '--log-level',
          'silent',
        ]);
        try {
          rows.push(
            ...(await measureBudgets(
              service.url,
              `PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''}`,
              service.child.pid,
            )),
          );
        } finally {
          await stop(service.child);
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
  return { rows, commitMode };
}

/** 2,556/s → "2.6k/s"; below 1,000 the number itself. */
function rate(perSecond: number): string {
  return perSecond >= 1000 ? `${(perSecond / 1000).toFixed(1)}k/s` : `${perSecond}/s`;
}

const figure = (r: Row) =>
  `${rate(r.requests_per_second)}, p99 ${r.p99_ms} ms${r.errors ? `, ${r.errors} errors` : ''}${r.cpu_ms_per_request === undefined ? '' : `; service CPU ${r.cpu_ms_per_request} ms/request`}`;

/** The budgets (docs/benchmarks.md), each with the figure it is judged by. */
const BUDGETS: { row: string; goal: string; met(r: Row): boolean }[] = [
  {
    row: 'SQLite: credit reception create',
    goal: '≥ 2,000/s, p99 ≤ 20 ms',
    met: (r) => r.requests_per_second >= 2000 && r.p99_ms <= 20,
  },
  { row: 'SQLite: GET contact while receptions run', goal: 'p99 ≤ 10 ms', met: (r) => r.p99_ms <= 10 },
  {
    row: 'PostgreSQL, 2 processes: credit reception create',
    goal: '≥ 1,000/s, p99 ≤ 50 ms',
    met: (r) => r.requests_per_second >= 1000 && r.p99_ms <= 50,
  },
  {
    row: 'PostgreSQL, 2 processes: GET contact',
    goal: '≥ 3,000/s, p99 ≤ 50 ms',
    met: (r) => r.requests_per_second >= 3000 && r.p99_ms <= 50,
  },
];

/** docs/benchmarks.md's tables in Markdown, verbatim. */
function markdown(rows: Row[], loads: { before: string; after: string }, machine: Row): string {
  const find = (name: string, connections?: number) =>
    rows.find((r) => r.name === name && (connections === undefined || r.connections === connections));
  const lines = [
    `| Budget (${CONTACTS.toLocaleString('en')} contacts, ${RECEPTIONS.toLocaleString('en')} receptions, ${SHOPS.length} shops; ${WRITERS} conn., ${SECONDS} s) | figure | budget | | load |`,
    '|---|---|---|---|---|',
  ];
  for (const b of BUDGETS) {
    const r = find(b.row);
    if (!r) continue;
    const beside = b.row.includes('while')
      ? find(b.row.replace('GET contact while receptions run', 'credit reception create beside the reads'))
      : undefined;
    const text = b.row.includes('while')
      ? `p99 ${r.p99_ms} ms (${rate(r.requests_per_second)}; receptions meanwhile ${beside ? figure(beside) : '–'})`
      : figure(r);
    lines.push(
      `| ${b.row} | ${text} | ${b.goal} | ${b.met(r) && !r.errors ? 'met' : 'NOT met'} | ${r.load} |`,
    );
  }
  for (const r of rows.filter((x) => x.name.includes('while') && !BUDGETS.some((b) => b.row === x.name))) {
    lines.push(`| ${r.name} | p99 ${r.p99_ms} ms (${rate(r.requests_per_second)}) | – | | ${r.load} |`);
  }
  for (const r of rows.filter(
    (x) =>
      x.name.startsWith('PostgreSQL') &&
      x.name.endsWith(': credit reception create') &&
      !BUDGETS.some((b) => b.row === x.name),
  )) {
    lines.push(`| ${r.name} | ${figure(r)} | – | | ${r.load} |`);
  }
  const detail = [...new Set(rows.filter((r) => !r.name.includes(':')).map((r) => r.name))];
  if (detail.length > 0) {
    lines.push(
      '',
      `| Service on SQLite (autocannon, ${SECONDS} s each) | 1 conn. | 8 conn. | 32 conn. |`,
      '|---|---|---|---|',
    );
    for (const name of detail)
      lines.push(
        `| ${name} | ${[1, 8, 32]
          .map((c) => {
            const r = find(name, c);
            return r ? figure(r) : '–';
          })
          .join(' | ')} |`,
      );
  }
  lines.push(
    '',
    `Machine: ${cpus().length} cores, Node ${process.version}; load average (1, 5, 15 min) ${loads.before} before, ${loads.after} after; ` +
      `a bare Fastify route answers ${rate(machine.requests_per_second)} at 8 connections here (about 80k/s where the budgets were set).`,
  );
  return lines.join('\n');
}

function loadAverages(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

async function main() {
  const before = loadAverages();
  if (!process.env.BENCH_SERVICE) {
    const build = spawnSync('npm', ['run', 'build:service'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build:service failed');
  }
  const machine = await measureMachine();
  const rows = await measureSqlite();
  let commitModes = ['SQLite WAL: each write answered after an fdatasync of the log'];
  if (DATABASE_SERVER) {
    const postgres = await measurePostgres(DATABASE_SERVER);
    rows.push(...postgres.rows);
    commitModes = [...commitModes, postgres.commitMode];
  } else console.log('skipped: PostgreSQL (set BENCH_DATABASE_URL to a server URL)');
  console.table(rows);
  console.log(`commit mode: ${commitModes.join('; ')}`);
  console.log(`\nFor docs/benchmarks.md:\n\n${markdown(rows, { before, after: loadAverages() }, machine)}\n`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/service.json',
    `${JSON.stringify({ date: new Date().toISOString(), seconds_per_run: SECONDS, service: SERVICE, node: process.version, commit_modes: commitModes, machine, results: rows }, null, 2)}\n`,
  );
  console.log('written to bench/results/service.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
