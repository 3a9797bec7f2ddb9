import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from './config';
import { serveMetrics } from './http/plugins/metrics';
import { startupStep } from './startup-errors';

/** Messages between the primary and its workers (besides prom-client's own). */
type FromWorker =
  | { type: 'portal:ready'; address: string; session?: string }
  | { type: 'portal:failed'; message: string }
  | { type: 'portal:metrics-request'; id: number };
type FromPrimary =
  | { type: 'portal:shutdown' }
  | { type: 'portal:reload' }
  | { type: 'portal:metrics'; id: number; text?: string; error?: string };

/** What a worker's start needs from the primary, and how it reports back. */
export interface WorkerRole {
  /** 0 … workers-1; worker 0 makes the banner's demo session. */
  index: number;
  /** Every worker's metrics, aggregated by the primary (GET /metrics with --metrics-token). */
  metricsText(): Promise<string>;
  /** Hands this worker's registries to the primary's aggregation. */
  shareMetrics(registries: Registry[]): void;
  /** Listening: the primary prints the banner once every worker is. */
  ready(info: { address: string; session?: string }): void;
  /** A start-up failure, printed once by the primary; resolves once the message is sent. */
  failed(message: string): Promise<void>;
  /** Runs `close` when the primary asks the workers to stop, or goes away. */
  onShutdown(close: () => void): void;
  /** Runs `reload` when the primary was told to load the fixture again (SIGHUP; one worker does). */
  onReload(reload: () => void): void;
}

/** This process's role when it is a cluster worker; undefined in the primary or a single process. */
export function workerRole(): WorkerRole | undefined {
  if (!cluster.isWorker) return undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
  const send = (message: FromWorker) => process.send?.(message);
  process.on('message', (message: FromPrimary) => {
    if (message.type !== 'portal:metrics') return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.text !== undefined) waiter?.resolve(message.text);
    else waiter?.reject(new Error(message.error ?? 'no metrics'));
  });
  return {
    index: Number(process.env.PORTAL_WORKER_INDEX ?? 0),
    metricsText: () =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        send({ type: 'portal:metrics-request', id });
      }),
    shareMetrics(registries) {
      // Constructing one installs prom-client's worker-side listener for the primary's requests.
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries(registries);
    },
    ready: (info) => send({ type: 'portal:ready', ...info }),
    failed: (message) =>
      new Promise((resolve) => {
        process.send?.({ type: 'portal:failed', message } satisfies FromWorker, undefined, {}, () =>
          resolve(),
        );
      }),
    onShutdown(close) {
      process.on('message', (message: FromPrimary) => {
        if (message.type === 'portal:shutdown') close();
      });
      // The primary died (kill -9): do not stay behind as an orphan.
      process.on('disconnect', close);
    },
    onReload(reload) {
      process.on('message', (message: FromPrimary) => {
        if (message.type === 'portal:reload') reload();
      });
    },
  };
}

/** Restarts of crashed workers tolerated within a minute before the primary gives up. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * `--workers N`: the primary process. It has already migrated the database and loaded the fixture
 * (`prepare`), so workers start without racing each other; it forks N workers that share the port
 * (node:cluster), prints the banner once all listen, serves the aggregated metrics on
 * `--metrics-port` (and to workers asked on the main port), restarts a worker that crashes, and on
 * SIGINT/SIGTERM asks every worker to finish its requests and waits for them (15 s at most); on
 * SIGHUP one worker loads the fixture again.
 * A worker's start-up failure is printed once and ends everything with exit code 1.
 */
export async function runPrimary(
  config: Config,
  prepare: () => Promise<void>,
  printBanner: (info: { address: string; session?: string; pids: number[] }) => void,
): Promise<void> {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  await prepare();
  const aggregator = new AggregatorRegistry();
  let metricsServer: Server | undefined;
  if (config.metricsPort !== undefined) {
    const port = config.metricsPort;
    metricsServer = await startupStep('metrics', config, () =>
      serveMetrics(config.host, port, () => aggregator.clusterMetrics()),
    );
  }

  const indexOf = new Map<Worker, number>();
  const ready = new Map<number, { address: string; session?: string }>();
  const listening = new Set<Worker>();
  const restarts: number[] = [];
  let started = false;
  let stopping = false;

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker) continue;
      // A worker still starting has no requests to finish (and may not listen for the message yet).
      if (listening.has(worker) && worker.isConnected())
        worker.send({ type: 'portal:shutdown' } satisfies FromPrimary);
      else worker.process.kill('SIGTERM');
    }
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, 15_000);
    force.unref();
    // A worker whose process exited before its IPC channel closed is still listed in cluster.workers
    // at its 'exit' event (node removes it at 'disconnect'): ask whether any worker is still alive.
    const finish = () => {
      if (Object.values(cluster.workers ?? {}).some((worker) => worker && !worker.isDead())) return;
      clearTimeout(force);
      metricsServer?.close();
      log.flush();
      process.exit(exitCode);
    };
    cluster.on('exit', finish);
    finish();
  };

  const fail = (message: string) => {
    if (stopping) return;
    process.stderr.write(`portal: ${message}\n`);
    stopAll(1);
  };

  const fork = (index: number) => {
    const worker = cluster.fork({ PORTAL_WORKER_INDEX: String(index) });
    indexOf.set(worker, index);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'portal:failed') {
        // After the first start, a replacement that cannot start is a crash like any other.
        if (started) log.error({ worker: index }, message.message);
        else fail(message.message);
      } else if (message.type === 'portal:ready') {
        listening.add(worker);
        ready.set(index, message);
        if (!started && ready.size === config.workers) {
          started = true;
          const pids = Object.values(cluster.workers ?? {}).flatMap((w) =>
            w?.process.pid ? [w.process.pid] : [],
          );
          printBanner({ address: message.address, session: ready.get(0)?.session, pids });
        }
      } else if (message.type === 'portal:metrics-request') {
        aggregator.clusterMetrics().then(
          (text) => worker.send({ type: 'portal:metrics', id: message.id, text } satisfies FromPrimary),
          (err: Error) =>
            worker.send({ type: 'portal:metrics', id: message.id, error: err.message } satisfies FromPrimary),
        );
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    listening.delete(worker);
    if (stopping) return;
    if (!started) {
      fail(`worker ${index} exited during start (${signal ?? `code ${code}`}); see the lines above`);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.fatal(
        { worker: index, code, signal },
        `workers crashed ${restarts.length} times within a minute; stopping`,
      );
      stopAll(1);
      return;
    }
    log.error({ worker: index, pid: worker.process.pid, code, signal }, 'worker exited; starting a new one');
    fork(index);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log.info({ signal }, 'shutting down: workers finish their requests');
      stopAll(0);
    });
  }
  // One worker loads the fixture again; the others hear what it revoked through PostgreSQL.
  process.on('SIGHUP', () => {
    const worker = [...listening].find((w) => w.isConnected());
    if (worker) worker.send({ type: 'portal:reload' } satisfies FromPrimary);
  });
  for (let index = 0; index < config.workers; index++) fork(index);
}
