import { type FileHandle, open } from 'node:fs/promises';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Checkpointer } from './checkpointer';
import type { Database } from './schema';

interface Pending {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  outcome?: Outcome;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

// Run once per unit of work: compiled once.
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit');
// Rows inserted, updated or deleted on the connection so far (run twice per batch).
const TOTAL_CHANGES = CompiledQuery.raw('select total_changes() as n') as CompiledQuery<{ n: number }>;

/**
 * Batches committed between two checkpoints of the log: a batch of credit receptions adds some
 * ten pages to it, so about as often as SQLite's automatic checkpoint (every 1,000 pages) runs.
 */
const BATCHES_PER_CHECKPOINT = 50;

/**
 * Log frames (pages) past which the next checkpoint holds the batches back until it is done, so
 * that the log starts over from its beginning instead of growing (8 MB of 4 KB pages).
 */
const RESTART_FRAMES = 2000;

/** fdatasync calls on the log at once, at most (Node's thread pool has 4 threads by default). */
const CONCURRENT_SYNCS = 2;

/** What a group commit has done so far (bench and tests). */
export interface GroupCommitStats {
  /** Units of work run (committed or rolled back alone). */
  units: number;
  /** Transactions committed, each holding one or more units. */
  batches: number;
  /** fdatasync calls on the write-ahead log (none for a batch that changed no row). */
  syncs: number;
  /** Checkpoints of the log run by the checkpointer. */
  checkpoints: number;
}

/**
 * Why a group commit refuses all work: an fdatasync of the log failed, so what the log holds can
 * no longer be trusted to reach the disk (code `EDURABILITY`; answered 503, http/plugins/errors.ts).
 */
export class DurabilityLost extends Error {
  readonly code = 'EDURABILITY';
  constructor(cause: unknown) {
    super(`the write-ahead log could not be made durable: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/** The write-ahead log, as the group commit makes it durable. */
export interface DurableLog {
  /** Makes everything written to the log so far durable (fdatasync). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The log file of an SQLite database in WAL mode (`<file>-wal`), synced with fdatasync. */
export function walFile(path: string): DurableLog {
  // The log exists from the first commit on and stays while the database is open.
  let handle: Promise<FileHandle> | undefined;
  return {
    async sync() {
      handle ??= open(path, 'r+');
      await (await handle).datasync();
    },
    async close() {
      const opened = handle;
      handle = undefined;
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}

/**
 * Group commit for embedded SQLite (docs/design.md "Durability"). Budget it serves: SQLite ≥ 2,000
 * durable credit receptions/s with p99 ≤ 20 ms at 8 connections (docs/benchmarks.md). Measured
 * against plain transactions with `synchronous = FULL` (an fsync on the event loop per commit):
 * 0.34–0.38× the rate; against a transaction per unit with shared off-loop syncs: 1.3× less CPU
 * per unit in the database layer, as a batch writes the pages its units share once.
 *
 * The units of work of concurrent
 * requests run one after the other in one transaction, each inside its own SAVEPOINT (a failing
 * unit rolls back alone), and commit together. SQLite runs WAL with `synchronous = NORMAL` (its
 * commit writes the log without waiting for the disk); the log is then made durable by one
 * `fdatasync` per batch, off the event loop, before any unit of the batch is answered. That is
 * what `synchronous = FULL` adds to NORMAL in WAL mode (a log sync after each commit), paid once
 * per batch and without blocking the process. A batch that changed no row (read-only units, or
 * only refused ones) is not synced: its units are answered once every earlier batch is on disk.
 * Every transaction of the process goes through here. A unit that awaits anything but the
 * database (a timer, the network) holds the batch, and so every write and read of the process,
 * until it returns, as on PostgreSQL it holds its connection and locks: do such work before or
 * after the unit.
 */
export class GroupCommit {
  readonly stats: GroupCommitStats = { units: 0, batches: 0, syncs: 0, checkpoints: 0 };
  private queue: Pending[] = [];
  private scheduled = false;
  private syncsInFlight = 0;
  /** Called when a sync ends (the commits waiting for a free one). */
  private syncEnded: (() => void)[] = [];
  private nextSync: Promise<void> | undefined;
  private brokenListeners: ((error: DurabilityLost) => void)[] = [];
  /** Set for good once an fdatasync failed (see onBroken). */
  private broken: DurabilityLost | undefined;
  /** Settles once the latest batch started is on disk (or failed). */
  private latest: Promise<void> = Promise.resolve();
  private batchesSinceCheckpoint = 0;
  /** The checkpoint under way; with `hold`, every batch waits for it. */
  private checkpointing: { done: Promise<void>; hold: boolean } | undefined;
  /** Frames in the log at the last checkpoint. */
  private logFrames = 0;

  constructor(
    private readonly db: Kysely<Database>,
    /** The database's write-ahead log (walFile). */
    private readonly log: DurableLog,
    /**
     * Checkpoints the log off the event loop; the connection's automatic checkpoint must be off.
     * Without one SQLite's automatic checkpoint runs (inside the commit that crosses it).
     */
    private readonly checkpointer?: Checkpointer,
  ) {}

  /**
   * Runs `work` in the next batch. Resolves with its result once the batch is on disk; rejects
   * with its error (its savepoint rolled back, the rest of the batch unaffected), or with the
   * commit's or the sync's error, in which case nothing of the batch may be taken as written.
   */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) this.schedule();
    });
  }

  private schedule(): void {
    this.scheduled = true;
    // After the poll phase: every request that arrived with this one joins the batch.
    setImmediate(() => this.start());
  }

  private start(): void {
    this.scheduled = false;
    if (this.broken) {
      for (const unit of this.queue.splice(0)) unit.reject(this.broken);
      return;
    }
    // A batch started earlier may still be syncing: settled() waits for both.
    this.latest = Promise.all([this.latest, this.flush()]).then(() => undefined);
  }

  /**
   * Settles once everything committed so far is on disk, so that a read never answers data a
   * crash could still take back.
   */
  settled(): Promise<void> {
    return this.broken ? Promise.reject(this.broken) : this.latest;
  }

  /** Why every unit is refused, once an fdatasync failed; undefined while all is well (readiness). */
  get failure(): DurabilityLost | undefined {
    return this.broken;
  }

  /**
   * Calls `listener` once if an fdatasync of the log fails. From then on every unit and read is
   * refused (DurabilityLost), as PostgreSQL stops on a failed fsync: after one, the kernel may have
   * dropped the unwritten pages and a later fdatasync can succeed without them, so no later commit
   * could be called durable. The process should then exit, so that a restart recovers from what
   * the disk holds (main.ts).
   */
  onBroken(listener: (error: DurabilityLost) => void): void {
    this.brokenListeners.push(listener);
  }

  /** Closes the log's file handle and the checkpointer (the database is closed by its owner). */
  async close(): Promise<void> {
    await this.checkpointer?.close();
    await this.log.close();
  }

  private async flush(): Promise<void> {
    // Every batch committed before this one: a batch that writes nothing answers once they are on disk.
    const earlier = this.latest;
    if (this.checkpointer && this.batchesSinceCheckpoint >= BATCHES_PER_CHECKPOINT && !this.checkpointing) {
      this.batchesSinceCheckpoint = 0;
      const done = this.checkpoint(this.checkpointer).finally(() => {
        this.checkpointing = undefined;
      });
      this.checkpointing = { done, hold: this.logFrames >= RESTART_FRAMES };
    }
    if (this.checkpointing?.hold) {
      await this.checkpointing.done;
      if (this.broken) {
        for (const unit of this.queue.splice(0)) unit.reject(this.broken);
        return;
      }
    }
    const batch: Pending[] = [];
    let wrote = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        const before = (await trx.executeQuery(TOTAL_CHANGES)).rows[0]!.n;
        // Units queued while this batch runs join it; the queue is empty when it commits.
        for (let unit = this.queue.shift(); unit; unit = this.queue.shift()) {
          batch.push(unit);
          await trx.executeQuery(SAVEPOINT);
          unit.outcome = await this.settle(unit, trx);
          if (!unit.outcome.ok) await trx.executeQuery(ROLLBACK_TO);
          await trx.executeQuery(RELEASE);
        }
        // Rows that units rolled back count too: such a batch syncs, needlessly but safely.
        wrote =
          batch.some((unit) => unit.outcome!.ok) &&
          (await trx.executeQuery(TOTAL_CHANGES)).rows[0]!.n > before;
      });
      // An earlier batch took every unit queued for this one: nothing was written.
      if (batch.length === 0) return;
      this.stats.batches += 1;
      this.stats.units += batch.length;
      if (wrote) {
        this.batchesSinceCheckpoint += 1;
        await this.durable();
      } else {
        // What the units read may come from a batch still syncing.
        await earlier;
      }
    } catch (error) {
      for (const unit of batch) unit.reject(error);
      // A failed batch leaves the units it had not reached queued: they go in the next one.
      if (this.queue.length > 0 && !this.scheduled) this.schedule();
      return;
    }
    for (const unit of batch) {
      const outcome = unit.outcome!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    }
  }

  /** Runs one unit of work to its outcome. */
  private async settle(unit: Pending, trx: Transaction<Database>): Promise<Outcome> {
    try {
      return { ok: true, value: await unit.work(trx) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /**
   * Resolves once every commit made before the call is on disk. Up to CONCURRENT_SYNCS fdatasync
   * calls run at once (the disk serves them in parallel; each covers every commit made before it
   * began), so a batch rarely waits for a sync that began before its commit.
   */
  private durable(): Promise<void> {
    if (this.syncsInFlight < CONCURRENT_SYNCS) {
      this.syncsInFlight += 1;
      return this.syncWal().finally(() => {
        this.syncsInFlight -= 1;
        for (const wake of this.syncEnded.splice(0)) wake();
      });
    }
    // Every sync in flight may have begun before this commit: the next one, started when one of
    // them ends, covers it and every other commit made meanwhile.
    this.nextSync ??= new Promise<void>((resolve) => this.syncEnded.push(resolve)).then(() => {
      this.nextSync = undefined;
      return this.durable();
    });
    return this.nextSync;
  }

  /**
   * Checkpoints the log in the checkpointer's thread while batches go on committing (the event
   * loop stays free). Frames committed meanwhile stay in the log, so it grows; once it holds
   * RESTART_FRAMES, the checkpoint runs while no batch writes (`hold`), copies every frame, and
   * the next commit starts the log over from its beginning. A failed sync inside the checkpoint
   * breaks the group commit as a failed fdatasync does; any other failure (the worker, a busy
   * lock) leaves the frames in the log for the next checkpoint.
   */
  private async checkpoint(checkpointer: Checkpointer): Promise<void> {
    try {
      this.logFrames = (await checkpointer.run()).log;
      this.stats.checkpoints += 1;
    } catch (error) {
      if (String((error as { code?: unknown }).code).startsWith('SQLITE_IOERR')) this.fail(error);
      else process.emitWarning(`SQLite checkpoint failed, retried later: ${(error as Error).message}`);
    }
  }

  private async syncWal(): Promise<void> {
    if (this.broken) throw this.broken;
    try {
      await this.log.sync();
    } catch (error) {
      this.fail(error);
      throw error;
    }
    this.stats.syncs += 1;
  }

  /** Refuses all work from now on and tells the listeners (see onBroken). */
  private fail(error: unknown): void {
    if (this.broken) return;
    this.broken = new DurabilityLost(error);
    for (const listener of this.brokenListeners) listener(this.broken);
    this.brokenListeners = [];
  }
}
