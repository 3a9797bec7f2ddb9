/**
 * `npm run bench:service`: requests/s and p50/p99 latency of the service's hot endpoints at 1, 8
 * and 32 connections, beside a bare Fastify route measured on the same machine in the same run
 * (the ratio is the figure). The service runs as built (`dist/service/main.js`) in its own process
 * on a fresh SQLite folder with the demo account; results go to bench/results/service.json.
 * BENCH_SECONDS (default 4) sets the duration of each measurement; BENCH_ONLY (a part of a
 * scenario's name, e.g. `credit reception create`) measures only the scenarios that contain it,
 * beside the bare routes.
 *
 * History: credit reception create and GET contact for contacts with 0, 10,000 and 100,000 credit
 * receptions (seeded through SQL, not HTTP), at 8 connections; the ratio to the fresh contact is
 * the figure. With BENCH_DATABASE_URL (a PostgreSQL server URL; the bench makes and drops a
 * database of its own) the same on PostgreSQL with one process, and with two (`--workers 2`).
 *
 * Besides the full table it prints docs/benchmarks.md's tables in Markdown (rates, p99, ratios), the
 * budgets met or not, and the machine's load average before and after: figures taken while other
 * work runs are noise.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/service/db/database';
import { isoTimestamp } from '../src/service/domain/values';
import { freePort } from '../test/helpers/cli';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = [1, 8, 32];
const AUTH = { authorization: 'Bearer demo-api-key', 'content-type': 'application/json' };
const REGISTER = { authorization: 'Bearer demo-register-key', 'content-type': 'application/json' };
const SHOP = 'a0000000-0000-4000-8000-000000000001';
const HISTORY = [0, 10_000, 100_000];
const DATABASE_SERVER = process.env.BENCH_DATABASE_URL;
const ONLY = process.env.BENCH_ONLY;
/** How each engine makes a write durable before answering (docs/design.md "Durability and group commit"). */
const SQLITE_COMMIT_MODE = 'SQLite WAL, group commit: one fdatasync of the log per batch, before answering';
const ANNA = 'd0000000-0000-4000-8000-000000000001';

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A second body each connection sends in turn with `body` (a top-up, then a payment). */
  alternate?: string;
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
    // One cent on, one cent off: the card never reaches its program's maximum (which refuses).
    alternate: JSON.stringify({ giftcard_uuid: 'f1000000-0000-4000-8000-000000000002', amount_in_cents: -1 }),
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

/** Whether BENCH_ONLY selects the scenario named `name` (every scenario without it). */
function selected(name: string): boolean {
  return !ONLY || name.includes(ONLY);
}

async function measure(url: string, s: Scenario, connections: number) {
  const result = await autocannon({
    url: `${url}${s.path}`,
    method: s.method,
    headers: s.headers,
    body: s.body,
    ...(s.alternate ? { requests: [{ body: s.body }, { body: s.alternate }] } : {}),
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

/**
 * New contacts with 0, 10,000 and 100,000 credit receptions at the demo shop: created over HTTP,
 * their history written straight into the database with its ledger entries and the totals the
 * contact row keeps (migration 0011), as the service would have.
 */
async function contactsWithHistory(
  url: string,
  database: { dataDir: string; databaseUrl?: string },
): Promise<{ receptions: number; uuid: string }[]> {
  const contacts = [];
  for (const receptions of HISTORY) {
    const response = await fetch(`${url}/contacts`, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify({ email: `bench-${receptions}-${randomBytes(4).toString('hex')}@example.com` }),
    });
    const body = (await response.json()) as { data: { uuid: string } };
    contacts.push({ receptions, uuid: body.data.uuid });
  }
  const { db, close } = await openDatabase(database);
  try {
    const shop = await db.selectFrom('shops').select('id').where('uuid', '=', SHOP).executeTakeFirstOrThrow();
    const unit = await db.selectFrom('units').select('id').orderBy('id').executeTakeFirstOrThrow();
    const at = isoTimestamp(new Date());
    for (const { receptions, uuid } of contacts) {
      if (receptions === 0) continue;
      const { id } = await db
        .selectFrom('contacts')
        .select('id')
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      const [n, contact] = [sql.lit(receptions), sql.lit(id)];
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})
        insert into credit_receptions (uuid, contact_id, shop_id, unit_id, credits_centi, created_at)
        select 'bench-' || ${contact} || '-' || i, ${contact}, ${sql.lit(shop.id)}, ${sql.lit(unit.id)}, 100, ${at}
        from n`.execute(db);
      await sql`insert into credit_entries (contact_id, credits_centi, source, source_id, created_at)
        select contact_id, credits_centi, 'credit_reception', id, created_at from credit_receptions
        where contact_id = ${contact}`.execute(db);
      await db
        .updateTable('contacts')
        .set({
          credit_balance_centi: receptions * 100,
          previous_credit_balance_centi: (receptions - 1) * 100,
          credit_receptions_count: receptions,
          received_credits_centi: receptions * 100,
          first_credit_reception_at: at,
          last_credit_reception_at: at,
        })
        .where('id', '=', id)
        .execute();
      await db.insertInto('contact_shops').values({ contact_id: id, shop_id: shop.id }).execute();
    }
  } finally {
    await close();
  }
  return contacts;
}

/** GET contact and credit reception create at 8 connections for each contact of contactsWithHistory. */
async function measureHistory(
  url: string,
  database: { dataDir: string; databaseUrl?: string },
  engine: string,
) {
  const rows = [];
  for (const { receptions, uuid } of await contactsWithHistory(url, database)) {
    const history = `${receptions.toLocaleString('en')} receptions`;
    const scenarios: Scenario[] = [
      {
        name: `${engine}: GET contact, ${history}`,
        method: 'GET',
        path: `/contacts/${uuid}`,
        headers: AUTH,
        expect: 200,
      },
      {
        name: `${engine}: credit reception create, ${history}`,
        method: 'POST',
        path: '/credit-receptions',
        headers: REGISTER,
        body: JSON.stringify({ contact_uuid: uuid, credits: 1 }),
        expect: 201,
      },
    ];
    for (const s of scenarios.filter((x) => selected(x.name))) rows.push(await measure(url, s, 8));
  }
  return rows;
}

/**
 * On a database of its own on BENCH_DATABASE_URL's server: the service with one process (the
 * history rows, plus GET contact and credit reception create of the demo contact), then with two.
 */
async function measurePostgres(server: string) {
  const name = `portal_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const rows = [];
  let commitMode = '';
  try {
    commitMode = `PostgreSQL synchronous_commit=${(await admin.query('show synchronous_commit')).rows[0].synchronous_commit}`;
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    for (const workers of [1, 2]) {
      const port = await freePort();
      const service = await start('node', [
        'dist/service/main.js',
        '--port',
        String(port),
        '--database-url',
        databaseUrl,
        '--workers',
        String(workers),
        '--rate-limit',
        '0',
        '--log-level',
        'silent',
      ]);
      const engine = `PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''}`;
      try {
        if (workers === 1)
          rows.push(...(await measureHistory(service.url, { dataDir: '', databaseUrl }, engine)));
        for (const s of SCENARIOS.filter(
          (x) =>
            (x.name === 'GET contact' || x.name === 'credit reception create') &&
            selected(`${engine}: ${x.name}`),
        )) {
          rows.push(await measure(service.url, { ...s, name: `${engine}: ${s.name}` }, 8));
        }
      } finally {
        service.child.kill('SIGINT');
        await new Promise((resolve) => service.child.once('exit', resolve));
      }
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return { rows, commitMode };
}

type Row = Awaited<ReturnType<typeof measure>>;

/** 2,556/s → "2.6k/s"; below 1,000 the number itself. */
function rate(perSecond: number | undefined): string {
  if (perSecond === undefined) return '–';
  return perSecond >= 1000 ? `${(perSecond / 1000).toFixed(1)}k/s` : `${perSecond}/s`;
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/**
 * docs/benchmarks.md's tables (Markdown, verbatim): the service at 1, 8 and 32 connections with p99 and
 * the share of the bare route, storage by history, and the issue's goals.
 */
function markdown(
  rows: Row[],
  bareAt: Map<number, number>,
  loads: { before: string; after: string },
): string {
  const at = (scenario: string, connections: number) =>
    rows.find((r) => r.scenario === scenario && r.connections === connections);
  // Reads also show their share of the bare route at the same connection count.
  const cell = (scenario: string, connections: number, share: boolean) => {
    const r = at(scenario, connections);
    if (!r) return '–';
    const pct = share
      ? ` (${Math.round((100 * r.requests_per_second) / (bareAt.get(connections) ?? 1))}%)`
      : '';
    return `${rate(r.requests_per_second)}${pct}, p99 ${r.p99_ms} ms${r.errors ? `, ${r.errors} errors` : ''}`;
  };
  const service = [...new Set(rows.filter((r) => !r.scenario.includes(':')).map((r) => r.scenario))];
  const lines = [
    `| Service (autocannon, ${SECONDS} s each) | 1 conn. | 8 conn. | 32 conn. |`,
    '|---|---|---|---|',
    ...service.map(
      (s) =>
        `| ${s} | ${CONNECTIONS.map((c) =>
          cell(
            s,
            c,
            SCENARIOS.some((x) => x.name === s && x.method === 'GET'),
          ),
        ).join(' | ')} |`,
    ),
    '',
    '| Storage (8 conn.) | fresh contact | 10,000 receptions | 100,000 receptions |',
    '|---|---|---|---|',
  ];
  const engines = [
    ...new Set(rows.map((r) => /^(.*): (.*), [\d,]+ receptions$/.exec(r.scenario)?.slice(1, 3).join(': '))),
  ];
  for (const name of engines.filter((e): e is string => e !== undefined)) {
    const cells = HISTORY.map((n, i) => {
      const r = rows.find((x) => x.scenario === `${name}, ${n.toLocaleString('en')} receptions`);
      const fresh = rows.find((x) => x.scenario === `${name}, 0 receptions`);
      if (!r) return '–';
      const ratio =
        i > 0 && fresh ? ` (${(r.requests_per_second / fresh.requests_per_second).toFixed(2)}×)` : '';
      return `${rate(r.requests_per_second)}${ratio}, p99 ${r.p99_ms} ms`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  const twoProcesses = rows.filter((r) => r.scenario.startsWith('PostgreSQL, 2 processes'));
  if (twoProcesses.length > 0) {
    lines.push('', '| PostgreSQL (8 conn., demo contact) | 1 process | 2 processes |', '|---|---|---|');
    for (const op of ['GET contact', 'credit reception create']) {
      const one = rows.find((r) => r.scenario === `PostgreSQL, 1 process: ${op}`);
      const two = rows.find((r) => r.scenario === `PostgreSQL, 2 processes: ${op}`);
      lines.push(
        `| ${op} | ${one ? `${rate(one.requests_per_second)}, p99 ${one.p99_ms} ms` : '–'} | ${two ? `${rate(two.requests_per_second)}, p99 ${two.p99_ms} ms` : '–'} |`,
      );
    }
  }
  const sqlite = at('credit reception create', 8);
  const postgres = rows.find((r) => r.scenario === 'PostgreSQL, 1 process: credit reception create');
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  lines.push(
    '',
    `Budgets, credit reception create at 8 connections, durable: SQLite ${rate(sqlite?.requests_per_second)}, p99 ${sqlite?.p99_ms ?? '–'} ms (≥ 3,000/s with p99 ≤ 20 ms: ${met(!!sqlite && sqlite.requests_per_second >= 3000 && sqlite.p99_ms <= 20)}); PostgreSQL, 1 process: ${postgres ? `${rate(postgres.requests_per_second)} (≥ 1,000/s: ${met(postgres.requests_per_second >= 1000)})` : 'not run (BENCH_DATABASE_URL)'}.`,
    `Machine: ${cpus().length} cores, Node ${process.version}; load average (1, 5, 15 min) ${loads.before} before, ${loads.after} after.`,
  );
  return lines.join('\n');
}

async function main() {
  const loadBefore = load();
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
  const rows: Row[] = [];
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
    for (const s of SCENARIOS.filter((x) => selected(x.name))) {
      if (!(await available(service.url, s))) {
        console.log(`skipped: ${s.name} (endpoint not available)`);
        continue;
      }
      for (const connections of CONNECTIONS) rows.push(await measure(service.url, s, connections));
    }
    rows.push(...(await measureHistory(service.url, { dataDir }, 'SQLite')));
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
  let postgres: Awaited<ReturnType<typeof measurePostgres>> | undefined;
  if (DATABASE_SERVER) postgres = await measurePostgres(DATABASE_SERVER);
  else console.log('skipped: PostgreSQL (set BENCH_DATABASE_URL to a server URL)');
  rows.push(...(postgres?.rows ?? []));
  const ratio = (n: number, d: number | undefined) => Number((n / (d ?? 1)).toFixed(2));
  // A contact with history against the fresh one, same engine and operation.
  const fresh = (scenario: string) => {
    const prefix = /^(.*), [\d,]+ receptions$/.exec(scenario)?.[1];
    return prefix && rows.find((r) => r.scenario === `${prefix}, 0 receptions`)?.requests_per_second;
  };
  const table = rows.map((r) => ({
    ...r,
    ratio_to_bare: ratio(r.requests_per_second, bareAt.get(r.connections)),
    ratio_to_same_body: ratio(r.requests_per_second, bodyAt.get(r.connections)),
    ratio_to_fresh_contact: fresh(r.scenario) ? ratio(r.requests_per_second, fresh(r.scenario) || 1) : null,
  }));
  const commitModes = [SQLITE_COMMIT_MODE, ...(postgres ? [postgres.commitMode] : [])];
  console.table(table);
  console.log(`commit mode: ${commitModes.join('; ')}`);
  console.log(
    `\nFor docs/benchmarks.md:\n\n${markdown(rows, bareAt, { before: loadBefore, after: load() })}\n`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/service.json',
    `${JSON.stringify({ date: new Date().toISOString(), seconds_per_run: SECONDS, node: process.version, commit_modes: commitModes, results: table }, null, 2)}\n`,
  );
  console.log('written to bench/results/service.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
