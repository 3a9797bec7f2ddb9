import type { Generated } from 'kysely';

/** One CSV file of members the office checked or imported (migration 0030; docs/office.md "Importing members"). */
export interface MemberImportTable {
  id: Generated<number>;
  uuid: string;
  staff_id: number | null;
  file_name: string;
  /** SHA-256 (hex) of the file's text, its byte order mark left out. */
  file_sha256: string;
  /** 1: a dry run (nothing written but this row and its audit entry); 0: an import. */
  dry_run: number;
  status: 'running' | 'done' | 'refused' | 'failed';
  rows_total: number;
  /** JSON of MemberImportOutcome (contract/office-import.ts); null while running. */
  outcome: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The tables of migration 0030, merged into `Database`. */
export interface ImportTables {
  member_imports: MemberImportTable;
}
