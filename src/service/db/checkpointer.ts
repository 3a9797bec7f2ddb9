import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What SQLite's `wal_checkpoint` answers: log frames, of which copied into the database. */
export interface CheckpointResult {
  /** 1 when a reader kept the checkpoint from copying every frame. */
  busy: number;
  log: number;
  checkpointed: number;
}

// The worker: its own connection to the database, one PASSIVE checkpoint per message. The
// checkpoint syncs the log before copying it and the database after, as SQLite always does.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 1000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ ok: true, result: db.pragma('wal_checkpoint(PASSIVE)')[0] });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error.message, code: error.code });
  }
});
`;

/**
 * Checkpoints an SQLite database's write-ahead log from a worker thread with a connection of its
 * own, so that copying the log into the database and the two syncs that takes never run on the
 * event loop (SQLite's automatic checkpoint runs inside the commit that crosses its threshold;
 * openDatabase turns it off). Budget it serves: GET /contacts/{uuid} p99 ≤ 10 ms while credit
 * receptions run (docs/benchmarks.md). It does not change the write rate (measured ×1.04 without
 * it), but the automatic checkpoint, some 1,000 pages and two fsyncs every ~100 receptions, held
 * the event loop: its worst delay per burst rose from 53 to 84 ms on a loaded machine (median of
 * 12 alternated bursts; about 19 ms per checkpoint there against 13 ms per unit of work). The worker starts on the first checkpoint. A checkpoint never loses
 * a committed transaction: the log keeps every frame until the database holds it on disk.
 */
export class Checkpointer {
  private worker: Worker | undefined;
  private waiting: { resolve(result: CheckpointResult): void; reject(error: Error): void }[] = [];

  constructor(private readonly file: string) {}

  /**
   * One PASSIVE checkpoint (it copies what no open read still needs, without waiting for
   * writers). Rejects with SQLite's error (its `code`, e.g. `SQLITE_IOERR_FSYNC`), or when the
   * worker cannot run.
   */
  run(): Promise<CheckpointResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      const worker = this.started();
      worker.ref();
      worker.postMessage('checkpoint');
    });
  }

  /** Closes the worker's connection and ends the worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER, { eval: true, workerData: { driver, file: this.file } });
    worker.on(
      'message',
      (answer: { ok: boolean; result?: CheckpointResult; message?: string; code?: string }) => {
        const next = this.waiting.shift();
        // Only while a checkpoint is awaited: an idle worker does not keep the process alive.
        if (this.waiting.length === 0) worker.unref();
        if (answer.ok) next?.resolve(answer.result!);
        else next?.reject(Object.assign(new Error(answer.message), { code: answer.code }));
      },
    );
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const next of this.waiting.splice(0)) next.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the checkpoint worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }
}
