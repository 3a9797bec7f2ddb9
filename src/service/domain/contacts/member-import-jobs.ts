/*
 * Member imports as jobs (docs/office.md "Importing members"): the office sends a file, gets the
 * job's uuid at once, and polls its phase and progress while the job reads, checks and (not on a
 * dry run) writes the file. One job at a time: a file holds at most 50 MiB and 200,000 rows, and only
 * one is in memory. Each job ends with its outcome stored and one audit entry (counts, file name
 * and hash; no personal data), written in the import's own transaction.
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  MemberImport,
  MemberImportPhase,
  MemberImportProblem,
  MemberImportRequest,
  MemberImportSummary,
} from '../../../contract/office-import';
import { MEMBER_IMPORT_MAX_PROBLEMS } from '../../../contract/office-import';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { MemberImportTable } from '../../db/schema-import';
import type { Tx } from '../../db/transaction';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { planMemberImport, readMemberFile, writeMemberImport } from './member-import';

/** What a job needs of the service: its database, a unit of work, and the time. */
export interface MemberImportDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  clock: () => Date;
}

/** The stored outcome of a job (member_imports.outcome). */
interface Outcome {
  summary: MemberImportSummary | null;
  problems: MemberImportProblem[];
  problems_total: number;
  failure: string | null;
}

/** What a job keeps of its request once it has read the file. */
type JobMeta = Omit<MemberImportRequest, 'content'>;

/** A job of another process (or a stopped one) older than this counts as stopped. */
const STALE_MS = 30 * 60_000;

// The share of the progress bar each phase fills (reading, checking, writing): the write is the
// longest on an import; a dry run's check fills the bar.
const SHARE = {
  import: { reading: [0, 0.15], checking: [0.15, 0.4], writing: [0.4, 1] },
  dry: { reading: [0, 0.4], checking: [0.4, 1], writing: [1, 1] },
} as const;

interface Running {
  phase: MemberImportPhase;
  progress: number;
  rowsTotal: number;
}

/**
 * The member import jobs of one service process: their progress in memory while they run (a
 * process answers a poll of its own job from memory, so polls never wait for the database; another
 * process's poll shows the stored row, running until it ends).
 */
export class MemberImports {
  private readonly running = new Map<string, Running>();
  private current: Promise<void> = Promise.resolve();
  private starting = false;

  constructor(private readonly deps: MemberImportDeps) {}

  /**
   * Starts a dry run or an import of `request.content` for an owner: stores the job and answers it
   * (status running) before reading the file.
   * @throws ServiceError office_not_allowed (403) unless the actor is an owner; member_import_busy
   * (409) while another job runs.
   */
  async start(actor: OfficeActor, request: MemberImportRequest): Promise<MemberImport> {
    requireOwner(actor);
    const busy = () =>
      refusal('member_import_busy', {
        en: 'Another import is running: wait until it ends',
        nl: 'Er loopt al een import: wacht tot die klaar is',
      });
    // A job is running while its row says so (in every process); this process's own start in
    // between its check and its row is held off here.
    if (this.starting) throw busy();
    const uuid = newUuid();
    const busySince = isoTimestamp(new Date(this.deps.clock().getTime() - STALE_MS));
    this.starting = true;
    try {
      await this.deps.tx(async (tx) => {
        // The account's row: two processes starting a job at once take turns (PostgreSQL).
        const account = await tx.db.selectFrom('account').select('id').executeTakeFirst();
        if (account) await tx.lock('account', account.id);
        const other = await tx.db
          .selectFrom('member_imports')
          .select('id')
          .where('status', '=', 'running')
          .where('created_at', '>', busySince)
          .executeTakeFirst();
        if (other) throw busy();
        await tx.db
          .insertInto('member_imports')
          .values({
            uuid,
            staff_id: actor.staffId,
            file_name: request.file_name,
            // Known once the file is read (off this request).
            file_sha256: '',
            dry_run: request.dry_run ? 1 : 0,
            status: 'running',
            rows_total: 0,
            outcome: null,
            created_at: isoTimestamp(tx.now),
            finished_at: null,
          })
          .execute();
      });
      this.running.set(uuid, { phase: 'reading', progress: 0, rowsTotal: 0 });
    } finally {
      this.starting = false;
    }
    const { content, ...meta } = request;
    const job = this.run(uuid, actor, meta, content);
    this.current = this.current.then(() => job);
    return this.view(actor, uuid);
  }

  /**
   * A job as the office shows it. @throws ServiceError office_not_allowed (403) unless the actor is
   * an owner; member_import_not_found (404).
   */
  async view(actor: OfficeActor, uuid: string): Promise<MemberImport> {
    requireOwner(actor);
    const row = await this.deps.db
      .selectFrom('member_imports')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw refusal('member_import_not_found', 'Member import not found');
    return this.viewOf(row);
  }

  /** Resolves once every job started so far has ended (the service's close). */
  idle(): Promise<void> {
    return this.current;
  }

  private viewOf(row: Selectable<MemberImportTable>): MemberImport {
    const live = this.running.get(row.uuid);
    const stale =
      row.status === 'running' &&
      !live &&
      this.deps.clock().getTime() - Date.parse(row.created_at) > STALE_MS;
    const outcome: Outcome = row.outcome
      ? (JSON.parse(row.outcome) as Outcome)
      : { summary: null, problems: [], problems_total: 0, failure: null };
    const status = stale ? 'failed' : row.status;
    return {
      uuid: row.uuid,
      file_name: row.file_name,
      file_sha256: row.file_sha256,
      dry_run: row.dry_run === 1,
      status,
      phase: status === 'running' ? (live?.phase ?? 'checking') : 'finished',
      progress: status === 'running' ? (live?.progress ?? 0) : 1,
      rows_total: live?.rowsTotal ?? row.rows_total,
      created_at: apiTimestamp(row.created_at),
      finished_at: row.finished_at ? apiTimestamp(row.finished_at) : null,
      summary: outcome.summary,
      problems: outcome.problems,
      problems_total: outcome.problems_total,
      failure: stale ? 'The import stopped (the service restarted): nothing was imported.' : outcome.failure,
    };
  }

  /** Reads, checks and (an import without problems) writes the file; stores the outcome. */
  private async run(uuid: string, actor: OfficeActor, request: JobMeta, content: string): Promise<void> {
    const state = this.running.get(uuid)!;
    const share = request.dry_run ? SHARE.dry : SHARE.import;
    const phase =
      (name: 'reading' | 'checking' | 'writing') =>
      (done: number, total: number): void => {
        const [from, to] = share[name];
        state.phase = name;
        state.progress = from + (to - from) * (total === 0 ? 1 : Math.min(done / total, 1));
      };
    let sha256 = '';
    let rowsTotal = 0;
    try {
      // Off the request that started it: its answer goes out first.
      await new Promise((resolve) => setImmediate(resolve));
      const file = readMemberFile(content, phase('reading'));
      // The text is no longer needed: only the rows stay in memory while the job runs.
      content = '';
      sha256 = file.sha256;
      rowsTotal = state.rowsTotal = file.rowsTotal;
      const plan = await planMemberImport(this.deps.db, file, phase('checking'));
      const outcome: Outcome = {
        summary: plan.summary,
        problems: plan.problems.slice(0, MEMBER_IMPORT_MAX_PROBLEMS),
        problems_total: plan.problems.length,
        failure: null,
      };
      const refused = plan.problems.length > 0;
      await this.deps.tx(async (tx) => {
        if (!request.dry_run && !refused) await writeMemberImport(tx, plan, phase('writing'));
        await this.finish(tx, actor, uuid, {
          status: refused && !request.dry_run ? 'refused' : 'done',
          action: request.dry_run ? 'checked' : refused ? 'refused' : 'imported',
          request,
          sha256,
          rowsTotal,
          outcome,
        });
      });
      // PostgreSQL plans by its statistics of a table, which a bulk write leaves behind until
      // autovacuum comes by: the next check's lookups by e-mail and card would scan whole tables.
      if (!request.dry_run && !refused && this.deps.dialect === 'postgres')
        await sql`analyze contacts, contact_identifiers, credit_entries, prepaid_transactions`.execute(
          this.deps.db,
        );
    } catch (err) {
      const failure =
        err instanceof ServiceError ? err.message : 'The import failed on our side: nothing was imported.';
      if (!(err instanceof ServiceError)) process.emitWarning(`member import ${uuid} failed: ${String(err)}`);
      await this.deps
        .tx((tx) =>
          this.finish(tx, actor, uuid, {
            status: 'failed',
            action: 'failed',
            request,
            sha256,
            rowsTotal,
            outcome: { summary: null, problems: [], problems_total: 0, failure },
          }),
        )
        .catch((e) => process.emitWarning(`member import ${uuid} could not be stored: ${String(e)}`));
    } finally {
      this.running.delete(uuid);
    }
  }

  /** Stores a job's end and its one audit entry (counts, file name and hash), in `tx`. */
  private async finish(
    tx: Tx,
    actor: OfficeActor,
    uuid: string,
    end: {
      status: 'done' | 'refused' | 'failed';
      action: 'checked' | 'imported' | 'refused' | 'failed';
      request: JobMeta;
      sha256: string;
      rowsTotal: number;
      outcome: Outcome;
    },
  ): Promise<void> {
    await tx.db
      .updateTable('member_imports')
      .set({
        status: end.status,
        file_sha256: end.sha256,
        rows_total: end.rowsTotal,
        outcome: JSON.stringify(end.outcome),
        finished_at: isoTimestamp(tx.now),
      })
      .where('uuid', '=', uuid)
      .execute();
    await recordAudit(tx, officeAuditBy(actor), {
      action: `member_import.${end.action}`,
      subjectType: 'member_import',
      subjectUuid: uuid,
      shopId: null,
      before: null,
      after: {
        file_name: end.request.file_name,
        file_sha256: end.sha256,
        dry_run: end.request.dry_run,
        rows: end.rowsTotal,
        ...(end.outcome.summary ?? {}),
        problems: end.outcome.problems_total,
      },
    });
  }
}
