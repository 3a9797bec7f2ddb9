/**
 * `npm run bench:import`: importing 100,000 members from a CSV file in the office (docs/benchmarks.md
 * "Member import"; budget: under a minute). The service's app runs in this process on the demo
 * account, on SQLite, then with BENCH_DATABASE_URL (a PostgreSQL server URL) on a fresh database
 * there. Through the office API as the page calls it (POST /office/api/member-imports with the
 * file's text, then GET …/{uuid} every 100 ms until it ends): a dry run, the import, and the same
 * file again. Prints a Markdown table with the machine and its load average (each phase's time, the
 * process's peak memory) and writes it to bench/results/member-import.json. Checks that every
 * balance equals its ledger after the import and that the second import changed nothing.
 *
 * BENCH_ROWS (default 100000): members in the file. BENCH_ONLY=PostgreSQL: PostgreSQL only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { OFFICE_COOKIE } from '../src/contract/office';
import type { MemberImport } from '../src/contract/office-import';
import { buildApp } from '../src/service/app';
import { parseConfig } from '../src/service/config';
import { openDatabase } from '../src/service/db/database';
import type { Database } from '../src/service/db/schema';
import { hashToken, newSecret } from '../src/service/domain/shared/tokens';
import { isoTimestamp } from '../src/service/domain/shared/values';
import { loadFixture } from '../src/service/fixture/load';
import { demoAccountFixture } from '../src/service/fixture/seed';
import { databaseUrl } from './realistic-account';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DATABASE_SERVER = process.env.BENCH_DATABASE_URL;
const BUDGET_MS = 60_000;

/** A file of `rows` members as another system exports it: `;`, decimal commas, a BOM, 1 or 2 cards. */
function memberFile(rows: number): string {
  const run = randomBytes(3).toString('hex');
  const lines = ['\ufeffemail;firstname;lastname;cards;points;prepaid'];
  for (let i = 0; i < rows; i++) {
    const cards = i % 5 === 0 ? `B${run}${i}|C${run}${i}` : `B${run}${i}`;
    lines.push(
      `member${i}.${run}@example.com;First${i};Last ${i};${cards};${i % 1000};${i % 50},${String(i % 100).padStart(2, '0')}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface Run {
  what: string;
  totalMs: number;
  /** When each phase was first seen by a poll, from the POST (ms). */
  phases: Record<string, number>;
  peakRssMb: number;
  job: MemberImport;
}

async function measure(engine: string, url: string | undefined): Promise<Run[]> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
  const database = await openDatabase({ dataDir: dir, databaseUrl: url });
  const now = () => new Date();
  await loadFixture(database.db, demoAccountFixture(), now());
  const config = parseConfig(['--data', dir, '--log-level', 'silent', '--rate-limit', '0'], {});
  const app = await buildApp(config, {
    db: database.db,
    dialect: database.dialect,
    groupCommit: database.groupCommit,
    databaseUrl: url,
    kioskDir: join(dir, 'none'),
    cashierDir: join(dir, 'none'),
    meDir: join(dir, 'none'),
    officeDir: join(dir, 'none'),
  });
  await app.ready();
  const cookie = await ownerCookie(database.db);
  const content = memberFile(ROWS);
  console.log(`${engine}: a file of ${ROWS} members, ${(content.length / 1024 / 1024).toFixed(1)} MiB`);
  const runs: Run[] = [];
  const call = async (dryRun: boolean, what: string) => {
    let peak = process.memoryUsage().rss;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/office/api/member-imports',
      cookies: { [OFFICE_COOKIE]: cookie },
      payload: { file_name: 'members.csv', content, dry_run: dryRun },
    });
    if (res.statusCode !== 202) throw new Error(`POST answered ${res.statusCode}: ${res.body}`);
    const { uuid } = res.json<MemberImport>();
    const phases: Record<string, number> = {};
    for (;;) {
      const poll = await app.inject({
        method: 'GET',
        url: `/office/api/member-imports/${uuid}`,
        cookies: { [OFFICE_COOKIE]: cookie },
      });
      const job = poll.json<MemberImport>();
      phases[job.phase] ??= performance.now() - started;
      peak = Math.max(peak, process.memoryUsage().rss);
      if (job.status !== 'running') {
        const run = {
          what,
          totalMs: performance.now() - started,
          phases,
          peakRssMb: peak / 1024 / 1024,
          job,
        };
        console.log(`${engine}: ${what}: ${(run.totalMs / 1000).toFixed(1)} s, ${job.status}`);
        if (job.problems_total > 0)
          throw new Error(`refused rows: ${JSON.stringify(job.problems.slice(0, 5))}`);
        runs.push(run);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    await call(true, 'dry run');
    await call(false, 'import');
    await expectBalanced(database.db);
    const before = await counts(database.db);
    await call(false, 'the same file again');
    const after = await counts(database.db);
    if (JSON.stringify(before) !== JSON.stringify(after))
      throw new Error(`the second import changed ${JSON.stringify({ before, after })}`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

async function ownerCookie(db: Kysely<Database>): Promise<string> {
  const at = isoTimestamp(new Date());
  const { id } = await db
    .insertInto('staff')
    .values({
      uuid: randomUUID(),
      name: 'Bench Owner',
      email: 'bench-owner@example.com',
      role: 'owner',
      password_hash: null,
      passcode_hash: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cookie = newSecret();
  await db
    .insertInto('office_sessions')
    .values({
      secret_hash: hashToken(cookie),
      staff_id: id,
      created_at: at,
      expires_at: isoTimestamp(new Date(Date.now() + 3600_000)),
    })
    .execute();
  return cookie;
}

/** Every contact's credit and prepaid balance equals the sum of its ledger. */
async function expectBalanced(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ off: number }>`
    select count(*) as off from contacts c
    where c.credit_balance_centi <> coalesce((select sum(e.credits_centi) from credit_entries e where e.contact_id = c.id), 0)
       or c.prepaid_balance_in_cents <> coalesce((select sum(p.amount_in_cents) from prepaid_transactions p where p.contact_id = c.id), 0)
  `.execute(db);
  if (Number(rows[0]!.off) !== 0) throw new Error(`${rows[0]!.off} balances differ from their ledgers`);
}

async function counts(db: Kysely<Database>) {
  const out: Record<string, number> = {};
  for (const table of [
    'contacts',
    'contact_identifiers',
    'credit_entries',
    'prepaid_transactions',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

async function freshPostgres(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrl(server, name),
    async drop() {
      const again = new pg.Client({ connectionString: server });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);

async function main() {
  const load = loadavg()[0]!.toFixed(1);
  const results: Record<string, Run[]> = {};
  if (process.env.BENCH_ONLY !== 'PostgreSQL') results.SQLite = await measure('SQLite', undefined);
  if (DATABASE_SERVER) {
    const pgDb = await freshPostgres(DATABASE_SERVER);
    try {
      results.PostgreSQL = await measure('PostgreSQL', pgDb.url);
    } finally {
      await pgDb.drop();
    }
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${load} before, ${loadavg()[0]!.toFixed(1)} after`;
  const lines = [
    `Member import of ${ROWS.toLocaleString('en')} members (${machine})`,
    '',
    '| engine | run | total | checking from | writing from | peak memory (process) | goal | |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const [engine, runs] of Object.entries(results)) {
    for (const run of runs) {
      const goal = run.what === 'import';
      lines.push(
        `| ${engine} | ${run.what} | ${seconds(run.totalMs)} | ${seconds(run.phases.checking)} | ${seconds(run.phases.writing)} | ${run.peakRssMb.toFixed(0)} MB | ${goal ? '< 60 s' : ''} | ${goal ? (run.totalMs < BUDGET_MS ? 'met' : 'NOT MET') : ''} |`,
      );
    }
  }
  console.log(`\n${lines.join('\n')}\n`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/member-import.json',
    `${JSON.stringify(
      {
        rows: ROWS,
        machine,
        results: Object.fromEntries(
          Object.entries(results).map(([engine, runs]) => [
            engine,
            runs.map(({ job, ...run }) => ({ ...run, summary: job.summary })),
          ]),
        ),
      },
      null,
      2,
    )}\n`,
  );
}

await main();
