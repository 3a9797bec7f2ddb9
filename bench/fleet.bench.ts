/**
 * `npm run bench:fleet`: a chain at its peak, measured end to end (docs/benchmarks.md "Fleet").
 * The service runs as built on a PostgreSQL database of its own (`--workers 2`), with a fleet
 * fixture: N standby tablets (2 a shop) and M paired consoles, each shop's devices from one loopback
 * address of their own (127.1.x.y: the shop's NAT address). Every tablet and console holds its
 * event streams for the whole run; customers go through whole sessions at a steady rate, a coffee
 * chain's mix (fleet/fleet.ts SESSION_MIX), through the calls the POS, the kiosk and the console
 * make. It stops by itself and prints a Markdown table per run; JSON goes to bench/results/fleet.json.
 *
 * Runs (`--only direct,proxy,kill`, all by default): `direct`, the devices straight to the
 * service; `proxy`, every device behind one reverse proxy (fleet/proxy.ts) and the service started
 * with `--trust-proxy 127.0.0.1`; `kill`, direct, with one worker killed (SIGKILL) halfway: its
 * streams reconnect to the other and catch up. `--ramp` instead raises the rate step by step on one
 * service until a budget breaks, and says at which rate and why.
 *
 * Flags (defaults): --standby 500 --consoles 100 --rate 20 (sessions/s) --seconds 60 (measured,
 * after --warmup 10) --workers 2 --think-ms 300 (a customer's pause between steps) --contacts 2000
 * --standby-per-shop 2; --ramp-from 10 --ramp-step 10 --step-seconds 20 --ramp-max 200.
 * BENCH_DATABASE_URL: the PostgreSQL server (default the test server, postgres://portal_ci:…);
 * BENCH_SKIP_BUILD=1 reuses dist/. Extra service flags after `--` (e.g. `-- --max-streams 400`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../test/helpers/cli';
import { CallLog, Device } from './fleet/client';
import { writeFleetFixture } from './fleet/fixture';
import { Fleet, type SessionRun } from './fleet/fleet';
import { callTable, childrenOf, gaps, losses, refusals, Sampler, spread } from './fleet/measure';

const { values: flags, positionals: serviceFlags } = parseArgs({
  allowPositionals: true,
  options: {
    standby: { type: 'string', default: '500' },
    consoles: { type: 'string', default: '100' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    'think-ms': { type: 'string', default: '300' },
    contacts: { type: 'string', default: '2000' },
    'standby-per-shop': { type: 'string', default: '2' },
    only: { type: 'string', default: 'direct,proxy,kill' },
    ramp: { type: 'boolean', default: false },
    'ramp-from': { type: 'string', default: '10' },
    'ramp-step': { type: 'string', default: '10' },
    'step-seconds': { type: 'string', default: '20' },
    'ramp-max': { type: 'string', default: '200' },
  },
});
const num = (name: keyof typeof flags) => Number(flags[name]);
const OPTIONS = {
  standby: num('standby'),
  consoles: num('consoles'),
  rate: num('rate'),
  seconds: num('seconds'),
  warmup: num('warmup'),
  workers: num('workers'),
  thinkMs: num('think-ms'),
  contacts: num('contacts'),
  standbyPerShop: num('standby-per-shop'),
};
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres';
const RESULTS = 'bench/results/fleet.json';

/** docs/benchmarks.md "Fleet" budgets. */
const BUDGET = { switchP99Ms: 300, callP99Ms: 100, rssGrowth: 0.1 };

type Mode = 'direct' | 'proxy' | 'kill';

/** What to undo however the bench ends (the service and proxy, their databases). */
const cleanups = new Set<() => Promise<void>>();

const children = new Set<ChildProcess>();

async function cleanUp(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => undefined);
  cleanups.clear();
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/** Starts `command` and waits for `listening on http://…` on its stdout or stderr. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string) {
  return new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const log = createWriteStream(logFile);
    let out = '';
    let found = false;
    const read = (chunk: Buffer) => {
      log.write(chunk);
      if (found) return;
      out += chunk.toString();
      const match = /(?:LISTENING|listening on) (http:\/\/[^\s]+)/.exec(out);
      if (match?.[1]) {
        found = true;
        resolve({ child, url: match[1] });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      if (!found) reject(new Error(`${command} exited with ${code} before listening:\n${out.slice(-2000)}`));
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(force);
}

/** Starts sessions at `rate` a second for `seconds`; answers how many found every counter busy. */
async function drive(fleet: Fleet, rate: number, seconds: number, at?: { second: number; run(): void }) {
  const began = performance.now();
  let started = 0;
  let noCounter = 0;
  let fired = false;
  for (;;) {
    const elapsed = (performance.now() - began) / 1000;
    if (elapsed >= seconds) break;
    if (at && !fired && elapsed >= at.second) {
      fired = true;
      at.run();
    }
    while (started < elapsed * rate) {
      started++;
      if (!fleet.start()) noCounter++;
    }
    await sleep(Math.max(1, 1000 / rate / 2));
  }
  return { noCounter };
}

/** Waits (30 s at most) until no session is under way. */
async function drain(fleet: Fleet): Promise<void> {
  const until = performance.now() + 30_000;
  while (fleet.inFlight > 0 && performance.now() < until) await sleep(100);
  // The last completions reach the consoles' Today.
  await sleep(1500);
}

/** Every session's event ids as stored, read through the public API with the chain's key. */
async function storedEvents(base: URL, apiKey: string, runs: SessionRun[], log: CallLog) {
  const reader = new Device(base, '127.0.0.1', log, { authorization: `Bearer ${apiKey}` });
  const events = new Map<string, string[]>();
  let index = 0;
  const list = runs.filter((r) => r.uuid);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (index < list.length) {
        const run = list[index++]!;
        const answer = await reader.call('verify', 'GET', `/portal-sessions/${run.uuid}/events`);
        if (answer.status === 200)
          events.set(
            run.uuid,
            (answer.body as { data: { uuid: string }[] }).data.map((e) => e.uuid),
          );
      }
    }),
  );
  reader.close();
  return events;
}

/** What one measured window came to, and its budgets. */
async function conclude(
  fleet: Fleet,
  runs: SessionRun[],
  log: CallLog,
  base: URL,
  apiKey: string,
  since: number,
  extra: { noCounter: number; cpu: Awaited<ReturnType<Sampler['stop']>>; samples: Sampler['samples'] },
) {
  const verifyLog = new CallLog();
  const events = await storedEvents(base, apiKey, runs, verifyLog);
  const switched = runs.flatMap((r) => [...r.switched.values()].map((t) => t - r.createSent));
  const counterSwitched = runs.flatMap((r) => {
    const counter = fleet.tablets.find((t) => t.shop === r.shop && t.counter);
    const at = counter ? r.switched.get(counter.token) : undefined;
    return at === undefined ? [] : [at - r.createSent];
  });
  const today = runs.flatMap((r) =>
    r.completed === undefined ? [] : [...r.todayUpdated.values()].map((t) => t - r.completed!),
  );
  const wholeSession = runs.flatMap((r) => (r.completed === undefined ? [] : [r.completed - r.createSent]));
  const failures: Record<string, number> = {};
  for (const r of runs) {
    if (!r.failed) continue;
    const key = r.failed.replace(/[0-9a-f-]{36}/g, '…');
    failures[key] = (failures[key] ?? 0) + 1;
  }
  const lost = losses(fleet, runs, events);
  const longLived = [...fleet.tablets.map((t) => t.stream), ...fleet.consoles.map((c) => c.stream)];
  const calls = callTable(log);
  // RSS of the service's processes together: the mean of the last third against the first third.
  const rss = extra.samples.map((s) =>
    s.processes.filter((p) => p.role !== 'proxy').reduce((sum, p) => sum + p.rss_mb, 0),
  );
  const third = Math.max(1, Math.floor(rss.length / 3));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rssFirst = mean(rss.slice(0, third));
  const rssLast = mean(rss.slice(-third));
  const result = {
    sessions: {
      started: runs.length,
      completed: runs.filter((r) => r.completed !== undefined).length,
      failed: runs.filter((r) => r.failed).length,
      failures,
      no_free_counter: extra.noCounter,
    },
    steps: {
      'create sent → counter tablet shows it': spread(counterSwitched),
      'create sent → every standby tablet of the shop shows it': spread(switched),
      'complete answered → every console of the shop has it in Today': spread(today),
      'whole session (create → complete answered)': spread(wholeSession),
    },
    calls,
    events: lost,
    streams: {
      long_lived: longLived.length,
      session_streams: fleet.sessionStreams.length,
      ...refusals([...longLived, ...fleet.sessionStreams]),
      drops: gaps(longLived, since),
      session_stream_drops: gaps(fleet.sessionStreams, since),
    },
    cpu_seconds: Object.fromEntries(Object.entries(extra.cpu).map(([k, v]) => [k, Math.round(v * 10) / 10])),
    memory: {
      service_rss_mb_first_third: Math.round(rssFirst),
      service_rss_mb_last_third: Math.round(rssLast),
      growth: Number(((rssLast - rssFirst) / Math.max(1, rssFirst)).toFixed(3)),
      max_open_files: Math.max(0, ...extra.samples.flatMap((s) => s.processes.map((p) => p.open_files))),
    },
    db_connections: {
      max_total: Math.max(0, ...extra.samples.map((s) => s.db_connections.total)),
      max_active: Math.max(0, ...extra.samples.map((s) => s.db_connections.active)),
    },
    samples: extra.samples,
  };
  const worstCall = calls
    .filter((c) => !c.call.includes('(open)') && c.p99_ms !== null)
    .sort((a, b) => (b.p99_ms ?? 0) - (a.p99_ms ?? 0))[0];
  const lostTotal = lost.standby.lost + lost.shop.lost + lost.session.lost;
  const duplicatedTotal = lost.standby.duplicated + lost.shop.duplicated + lost.session.duplicated;
  const switchP99 =
    result.steps['create sent → every standby tablet of the shop shows it'].p99_ms ?? Infinity;
  const budgets = {
    [`standby switch p99 ≤ ${BUDGET.switchP99Ms} ms`]: switchP99 <= BUDGET.switchP99Ms,
    [`every call's p99 ≤ ${BUDGET.callP99Ms} ms (worst: ${worstCall?.call} ${worstCall?.p99_ms} ms)`]:
      (worstCall?.p99_ms ?? 0) <= BUDGET.callP99Ms,
    'zero events lost or duplicated': lostTotal === 0 && duplicatedTotal === 0,
    'every session started completed':
      result.sessions.completed === result.sessions.started && extra.noCounter === 0,
    'no stream refused': Object.keys(result.streams.refused).length === 0,
    [`memory flat (service RSS growth ≤ ${BUDGET.rssGrowth * 100}%)`]:
      result.memory.growth <= BUDGET.rssGrowth,
  };
  return { ...result, budgets };
}

type Conclusion = Awaited<ReturnType<typeof conclude>>;

/** One run's table in Markdown (docs/benchmarks.md). */
function markdown(title: string, r: Conclusion, context: string): string {
  const ms = (s: { p50_ms: number | null; p99_ms: number | null; max_ms: number | null; count: number }) =>
    s.count === 0 ? '–' : `${s.p50_ms} / ${s.p99_ms} / ${s.max_ms} ms`;
  const lines = [
    `### ${title}`,
    '',
    context,
    '',
    '| Step | p50 / p99 / max | n |',
    '|---|---|---|',
    ...Object.entries(r.steps).map(([name, s]) => `| ${name} | ${ms(s)} | ${s.count} |`),
    ...r.calls.map(
      (c) =>
        `| ${c.call} | ${ms(c)} | ${c.count}${Object.keys(c.failed).length ? ` (failed: ${JSON.stringify(c.failed)})` : ''} |`,
    ),
    '',
    `Sessions: ${r.sessions.started} started, ${r.sessions.completed} completed, ${r.sessions.failed} failed${
      r.sessions.failed ? ` ${JSON.stringify(r.sessions.failures)}` : ''
    }${r.sessions.no_free_counter ? `, ${r.sessions.no_free_counter} not started (every counter busy)` : ''}.`,
    `Events lost / duplicated (checked): standby ${r.events.standby.lost} / ${r.events.standby.duplicated} (${r.events.standby.checked}), console shop streams ${r.events.shop.lost} / ${r.events.shop.duplicated} (${r.events.shop.checked}), session streams ${r.events.session.lost} / ${r.events.session.duplicated} (${r.events.session.checked}).${[
      ...r.events.standby.examples,
      ...r.events.shop.examples,
      ...r.events.session.examples,
    ]
      .slice(0, 5)
      .map((e) => `\n  - ${e}`)
      .join('')}`,
    `Streams: ${r.streams.long_lived} long-lived, ${r.streams.session_streams} session streams; refused ${JSON.stringify(r.streams.refused)}, network errors ${r.streams.network_errors}; long-lived drops ${r.streams.drops.dropped} (reconnected ${r.streams.drops.reconnected}, gap ${ms(r.streams.drops.gap)}).`,
    `CPU seconds over ${r.cpu_seconds.wall} s: service ${r.cpu_seconds.service}, PostgreSQL backends ${r.cpu_seconds.postgres}, load generator ${r.cpu_seconds.generator}${r.cpu_seconds.proxy ? `, proxy ${r.cpu_seconds.proxy}` : ''}.`,
    `Service RSS ${r.memory.service_rss_mb_first_third} → ${r.memory.service_rss_mb_last_third} MB (first → last third, all processes), open files ≤ ${r.memory.max_open_files} a process; database connections ≤ ${r.db_connections.max_total} (active ≤ ${r.db_connections.max_active}).`,
    '',
    ...Object.entries(r.budgets).map(([name, met]) => `- ${name}: ${met ? 'met' : '**NOT met**'}`),
  ];
  return lines.join('\n');
}

/** Starts the service (and proxy) for one run on a database of its own; answers how to reach and stop it. */
async function startService(mode: Mode, admin: pg.Client, fixturePath: string, tag: string) {
  const name = `portal_fleet_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const port = await freePort();
  const logFile = `bench/results/fleet-${tag}-service.log`;
  const dropDatabase = async () => {
    cleanups.delete(dropDatabase);
    await admin.query(`drop database if exists ${name} with (force)`);
  };
  cleanups.add(dropDatabase);
  const service = await start(
    'node',
    [
      'dist/service/main.js',
      '--port',
      String(port),
      '--database-url',
      url.toString(),
      '--workers',
      String(OPTIONS.workers),
      '--fixture',
      fixturePath,
      '--log-level',
      'warn',
      ...(mode === 'proxy' ? ['--trust-proxy', '127.0.0.1'] : []),
      ...serviceFlags,
    ],
    {},
    logFile,
  );
  let proxy: { child: ChildProcess; url: string } | undefined;
  if (mode === 'proxy')
    proxy = await start(
      'node',
      ['--import', 'tsx', 'bench/fleet/proxy.ts'],
      { UPSTREAM: service.url },
      `bench/results/fleet-${tag}-proxy.log`,
    );
  const stopAll = async () => {
    await stop(proxy?.child);
    await stop(service.child);
    await dropDatabase();
  };
  return {
    database: name,
    service,
    proxy,
    base: new URL(proxy?.url ?? service.url),
    stop: stopAll,
  };
}

async function runOnce(mode: Mode, admin: pg.Client) {
  const fleetFixture = writeFleetFixture(OPTIONS);
  const started = await startService(mode, admin, fleetFixture.fixturePath, mode);
  const log = new CallLog();
  const fleet = new Fleet(started.base, log, fleetFixture.shops, fleetFixture.cards, OPTIONS.thinkMs);
  const loadBefore = load();
  try {
    const connecting = performance.now();
    await fleet.connect();
    console.log(
      `${mode}: ${fleet.tablets.length} standby tablets and ${fleet.consoles.length} consoles connected in ${((performance.now() - connecting) / 1000).toFixed(1)} s`,
    );
    await drive(fleet, OPTIONS.rate, OPTIONS.warmup);
    log.reset();
    const sampler = new Sampler(
      admin,
      started.database,
      started.service.child.pid!,
      started.proxy?.child.pid,
    );
    const since = performance.now();
    const first = fleet.runs.length;
    sampler.start();
    let killed: { pid: number; at: number } | undefined;
    const { noCounter } = await drive(
      fleet,
      OPTIONS.rate,
      OPTIONS.seconds,
      mode === 'kill'
        ? {
            second: OPTIONS.seconds / 2,
            run: () => {
              const pid = childrenOf(started.service.child.pid!)[0];
              if (pid) {
                process.kill(pid, 'SIGKILL');
                killed = { pid, at: performance.now() };
                console.log(`kill: worker ${pid} killed at ${(OPTIONS.seconds / 2).toFixed(0)} s`);
              }
            },
          }
        : undefined,
    );
    await drain(fleet);
    const cpu = await sampler.stop();
    const runs = fleet.runs.slice(first);
    const result = await conclude(fleet, runs, log, started.base, fleetFixture.apiKey, killed?.at ?? since, {
      noCounter,
      cpu,
      samples: sampler.samples,
    });
    const context = `${OPTIONS.standby} standby tablets, ${OPTIONS.consoles} consoles, ${fleet.shops.length} shops, ${OPTIONS.rate} sessions/s for ${OPTIONS.seconds} s (after ${OPTIONS.warmup} s warm-up), ${OPTIONS.workers} workers${mode === 'proxy' ? ', every device behind one reverse proxy (--trust-proxy 127.0.0.1)' : ''}${killed ? `, worker ${killed.pid} killed (SIGKILL) at ${OPTIONS.seconds / 2} s` : ''}. Machine: ${cpus().length} cores, Node ${process.version}; load average ${loadBefore} before, ${load()} after.`;
    return { mode, context, killed: killed !== undefined, ...result };
  } finally {
    fleet.close();
    await started.stop();
    rmSync(dirname(fleetFixture.fixturePath), { recursive: true, force: true });
  }
}

/** Raises the rate step by step on one service until a budget breaks. */
async function ramp(admin: pg.Client) {
  const fleetFixture = writeFleetFixture(OPTIONS);
  const started = await startService('direct', admin, fleetFixture.fixturePath, 'ramp');
  const log = new CallLog();
  const fleet = new Fleet(started.base, log, fleetFixture.shops, fleetFixture.cards, OPTIONS.thinkMs);
  const steps = [];
  let broke: { rate: number; why: string[] } | undefined;
  try {
    await fleet.connect();
    await drive(fleet, num('ramp-from'), OPTIONS.warmup);
    await drain(fleet);
    for (let rate = num('ramp-from'); rate <= num('ramp-max'); rate += num('ramp-step')) {
      log.reset();
      const sampler = new Sampler(admin, started.database, started.service.child.pid!, undefined);
      const since = performance.now();
      const first = fleet.runs.length;
      sampler.start();
      const { noCounter } = await drive(fleet, rate, num('step-seconds'));
      await drain(fleet);
      const cpu = await sampler.stop();
      const result = await conclude(
        fleet,
        fleet.runs.slice(first),
        log,
        started.base,
        fleetFixture.apiKey,
        since,
        {
          noCounter,
          cpu,
          samples: sampler.samples,
        },
      );
      // Memory is judged over a whole run, not a step.
      const failed = Object.entries(result.budgets)
        .filter(([name, met]) => !met && !name.startsWith('memory'))
        .map(([name]) => name);
      steps.push({ rate, load: load(), ...result, samples: undefined });
      console.log(
        `ramp: ${rate}/s — switch p99 ${result.steps['create sent → every standby tablet of the shop shows it'].p99_ms} ms, ${result.sessions.completed}/${result.sessions.started} completed${failed.length ? `; broke: ${failed.join('; ')}` : ''}`,
      );
      if (failed.length) {
        broke = { rate, why: failed };
        break;
      }
    }
  } finally {
    fleet.close();
    await started.stop();
    rmSync(dirname(fleetFixture.fixturePath), { recursive: true, force: true });
  }
  return { steps, broke };
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build:service'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build:service failed');
  }
  mkdirSync('bench/results', { recursive: true });
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const output: Record<string, unknown> = {
    date: new Date().toISOString(),
    options: OPTIONS,
    service_flags: serviceFlags,
  };
  try {
    if (flags.ramp) {
      const result = await ramp(admin);
      output.ramp = result;
      const last = result.steps.at(-1);
      console.log(
        result.broke
          ? `\nRamp: budgets held up to ${result.broke.rate - num('ramp-step')} sessions/s; at ${result.broke.rate}/s: ${result.broke.why.join('; ')}.`
          : `\nRamp: budgets held up to ${last?.rate} sessions/s (--ramp-max).`,
      );
    } else {
      const runs = [];
      for (const mode of (flags.only ?? '').split(',').filter(Boolean) as Mode[]) {
        const result = await runOnce(mode, admin);
        runs.push(result);
        const title = {
          direct: 'Devices straight to the service',
          proxy: 'Every device behind one reverse proxy',
          kill: 'A worker killed halfway',
        }[mode];
        console.log(`\n${markdown(title, result, result.context)}\n`);
      }
      output.runs = runs;
    }
  } finally {
    await admin.end();
  }
  writeFileSync(RESULTS, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`written to ${RESULTS}`);
}

const fail = (err: unknown) => {
  console.error(err);
  void cleanUp().finally(() => process.exit(1));
};
process.on('unhandledRejection', fail);
process.on('SIGINT', () => fail(new Error('interrupted')));
main().then(() => process.exit(0), fail);
