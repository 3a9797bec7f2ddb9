/**
 * What `npm run bench:fleet` samples while it runs (every process's RSS, open files and CPU time,
 * the database's connections) and what it concludes afterwards from what the fleet saw: latencies
 * per step and per call, events lost or received twice on every stream, reconnection gaps.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { type CallLog, type EventSourceClient, percentile } from './client';
import type { Fleet, SessionRun } from './fleet';

const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return undefined;
  }
}

function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function openFiles(pid: number): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

/** The pids of `pid`'s children (a cluster primary's workers). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export interface Sample {
  /** Seconds since the window began. */
  t: number;
  load1: number;
  processes: { pid: number; role: string; rss_mb: number; open_files: number }[];
  db_connections: { total: number; active: number; idle: number; idle_in_transaction: number };
}

/** CPU seconds of one group of processes, counted from the first sample of each process on. */
class CpuAccount {
  private last = new Map<number, number>();
  seconds = 0;

  add(pid: number, fromZero: boolean): void {
    const now = cpuSeconds(pid);
    if (now === undefined) return;
    const before = this.last.get(pid) ?? (fromZero ? 0 : now);
    this.seconds += Math.max(0, now - before);
    this.last.set(pid, now);
  }
}

/**
 * Samples the service (its primary `primaryPid` and workers), the proxy, PostgreSQL's backends of
 * `database` and this process once a second; CPU seconds per group between start() and stop().
 */
export class Sampler {
  readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private generatorCpu = process.cpuUsage();
  private readonly cpu = { service: new CpuAccount(), postgres: new CpuAccount(), proxy: new CpuAccount() };
  private sampling = false;

  constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
    private readonly primaryPid: number,
    private readonly proxyPid: number | undefined,
  ) {}

  start(): void {
    this.samples.length = 0;
    this.started = performance.now();
    this.generatorCpu = process.cpuUsage();
    this.cpu.service = new CpuAccount();
    this.cpu.postgres = new CpuAccount();
    this.cpu.proxy = new CpuAccount();
    void this.sample(false);
    this.timer = setInterval(() => void this.sample(true), 1000);
  }

  /** Stops sampling and answers the CPU seconds each group used. */
  async stop(): Promise<{
    service: number;
    postgres: number;
    generator: number;
    proxy: number;
    wall: number;
  }> {
    clearInterval(this.timer);
    await this.sample(true);
    const used = process.cpuUsage(this.generatorCpu);
    return {
      service: this.cpu.service.seconds,
      postgres: this.cpu.postgres.seconds,
      proxy: this.cpu.proxy.seconds,
      generator: (used.user + used.system) / 1e6,
      wall: (performance.now() - this.started) / 1000,
    };
  }

  private async sample(later: boolean): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    try {
      const service = [
        { pid: this.primaryPid, role: 'primary' },
        ...childrenOf(this.primaryPid).map((pid) => ({ pid, role: 'worker' })),
      ];
      for (const { pid } of service) this.cpu.service.add(pid, later);
      if (this.proxyPid) this.cpu.proxy.add(this.proxyPid, later);
      const backends = await this.admin.query<{ pid: number; state: string | null }>(
        'select pid, state from pg_stat_activity where datname = $1',
        [this.database],
      );
      for (const { pid } of backends.rows) this.cpu.postgres.add(pid, later);
      const state = (s: string) => backends.rows.filter((r) => r.state === s).length;
      this.samples.push({
        t: Math.round((performance.now() - this.started) / 100) / 10,
        load1: Number(loadavg()[0]!.toFixed(2)),
        processes: [...service, ...(this.proxyPid ? [{ pid: this.proxyPid, role: 'proxy' }] : [])].flatMap(
          ({ pid, role }) => {
            const rss = rssMb(pid);
            const files = openFiles(pid);
            return rss === undefined ? [] : [{ pid, role, rss_mb: Math.round(rss), open_files: files ?? 0 }];
          },
        ),
        db_connections: {
          total: backends.rows.length,
          active: state('active'),
          idle: state('idle'),
          idle_in_transaction: state('idle in transaction'),
        },
      });
    } catch {
      // The database is busy or away for a moment: the next sample tries again.
    } finally {
      this.sampling = false;
    }
  }
}

/** p50, p99 and max of `values` in ms, rounded. */
export function spread(values: number[]) {
  const round = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
  return {
    count: values.length,
    p50_ms: round(percentile(values, 50)),
    p99_ms: round(percentile(values, 99)),
    max_ms: round(values.length ? Math.max(...values) : undefined),
  };
}

/** Whether `stream` was open, on one connection, from `from` to `to`; answers that connection's index. */
function connectedThroughout(stream: EventSourceClient, from: number, to: number): number | undefined {
  const index = stream.history.connected.findIndex(
    ([open, close]) => open <= from && (close ?? Infinity) >= to,
  );
  return index < 0 ? undefined : index;
}

export interface Losses {
  /** Messages a stream connected throughout should have had, and did not. */
  lost: number;
  /** Messages received twice (on one connection; a session stream: across all of them). */
  duplicated: number;
  /** Messages checked. */
  checked: number;
  examples: string[];
}

const noLosses = (): Losses => ({ lost: 0, duplicated: 0, checked: 0, examples: [] });

function note(losses: Losses, text: string): void {
  if (losses.examples.length < 5) losses.examples.push(text);
}

/**
 * Lost and duplicated messages of the completed sessions `runs`, on every kind of stream:
 * - standby: each tablet of the shop shows each session once, if its device stream was open from the
 *   create to the complete (a tablet other than the counter's only if the session lasted 1 s longer
 *   than the slowest switch of the run: a shorter one may rightly be skipped, the screen shows the
 *   present);
 * - console shop stream: `open` and `completed` of each session once, if open from create to complete;
 * - session streams (tablets', consoles'): exactly the session's events, `events[uuid]`.
 */
export function losses(fleet: Fleet, runs: SessionRun[], events: Map<string, string[]>) {
  const standby = noLosses();
  const shop = noLosses();
  const session = noLosses();
  // The slowest switch seen: a session that ended sooner may rightly never show on a tablet whose
  // state was read after its end (the screen shows the present), however busy the service.
  const slowest = Math.max(
    0,
    ...runs.flatMap((r) => [...r.switched.values()].map((at) => at - r.createSent)),
  );
  for (const run of runs) {
    if (run.completed === undefined || run.completeSent === undefined) continue;
    for (const tablet of fleet.tablets.filter((t) => t.shop === run.shop)) {
      const received = tablet.received.sessions.get(run.uuid) ?? [];
      const perConnection = new Map<number, number>();
      for (const { connection } of received)
        perConnection.set(connection, (perConnection.get(connection) ?? 0) + 1);
      for (const [connection, n] of perConnection)
        if (n > 1) {
          standby.duplicated += n - 1;
          note(standby, `${tablet.token} showed ${run.uuid} ${n}× on connection ${connection}`);
        }
      const connection = connectedThroughout(tablet.stream, run.createSent, run.completed);
      const required =
        connection !== undefined && (tablet.counter || run.completeSent - run.createSent > slowest + 1000);
      if (!required) continue;
      standby.checked++;
      if (!perConnection.has(connection)) {
        standby.lost++;
        note(standby, `${tablet.token} never showed ${run.kind} ${run.uuid}`);
      }
    }
    for (const console of fleet.consoles.filter((c) => c.shop === run.shop)) {
      const connection = connectedThroughout(console.stream, run.createSent, run.completed);
      for (const status of ['open', 'completed']) {
        const got = console.changes.get(`${run.uuid} ${status}`) ?? [];
        if (got.length > 1) {
          shop.duplicated += got.length - 1;
          note(shop, `${console.token} got ${run.uuid} ${status} ${got.length}×`);
        }
        if (connection === undefined) continue;
        shop.checked++;
        if (!got.includes(connection)) {
          shop.lost++;
          note(shop, `${console.token} missed ${run.uuid} ${status}`);
        }
      }
    }
    const expected = events.get(run.uuid);
    if (!expected) continue;
    const followers = [
      ...fleet.tablets
        .filter((t) => t.shop === run.shop)
        .map((t) => ({ who: t.token, got: t.sessionEvents.get(run.uuid) })),
      ...fleet.consoles
        .filter((c) => c.shop === run.shop)
        .map((c) => ({ who: c.token, got: c.sessionEvents.get(run.uuid) })),
    ];
    for (const { who, got } of followers) {
      if (!got?.opened) continue;
      const ids = new Set(got.ids);
      session.checked += expected.length;
      if (ids.size < got.ids.length) {
        session.duplicated += got.ids.length - ids.size;
        note(session, `${who}: ${got.ids.length - ids.size} events of ${run.uuid} twice`);
      }
      const missing = expected.filter((id) => !ids.has(id));
      if (missing.length > 0) {
        session.lost += missing.length;
        note(session, `${who}: ${missing.length} of ${expected.length} events of ${run.uuid} missing`);
      }
    }
  }
  return { standby, shop, session };
}

/** Drops of long-lived streams after `since`, and how long each stayed away (drop → open again). */
export function gaps(streams: EventSourceClient[], since: number) {
  const away: number[] = [];
  let stillAway = 0;
  let dropped = 0;
  for (const stream of streams) {
    const connected = stream.history.connected;
    connected.forEach(([, close], i) => {
      if (close === undefined || close < since || stream.ended) return;
      dropped++;
      const next = connected[i + 1];
      if (next) away.push(next[0] - close);
      else stillAway++;
    });
  }
  return { dropped, reconnected: away.length, still_away: stillAway, gap: spread(away) };
}

/**
 * Refusals of stream opens by status (429 past a cap, 503), and network errors apart (no answer:
 * refused or reset while a process died).
 */
export function refusals(streams: EventSourceClient[]): {
  refused: Record<string, number>;
  network_errors: number;
} {
  const refused: Record<string, number> = {};
  let networkErrors = 0;
  for (const stream of streams)
    for (const [status, n] of stream.history.refused) {
      if (status === 0) networkErrors += n;
      else refused[status] = (refused[status] ?? 0) + n;
    }
  return { refused, network_errors: networkErrors };
}

/** Every call's latency spread and failures, by name. */
export function callTable(log: CallLog) {
  return [...log.latencies.entries()]
    .map(([name, values]) => ({
      call: name,
      ...spread(values),
      failed: Object.fromEntries(log.failures.get(name) ?? new Map()),
    }))
    .sort((a, b) => a.call.localeCompare(b.call));
}
