import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Member imports (docs/office.md "Importing members"): one row per CSV file the office checked
 * (dry run) or imported, with its progress while it runs and its outcome (counts and the refused
 * rows by number and field; never the file's personal data). The file itself is not kept.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  let table = db.schema.createTable('member_imports');
  table =
    dialect === 'postgres'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    // No foreign key: the row outlives the staff member, as the audit log does.
    .addColumn('staff_id', 'integer')
    .addColumn('file_name', 'text', (c) => c.notNull())
    // SHA-256 (hex) of the file's text after its byte order mark.
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    // running, done (checked, or imported), refused (bad rows: nothing imported) or failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the summary and the refused rows (MemberImportOutcome); null while running.
    .addColumn('outcome', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('member_imports_status').on('member_imports').column('status').execute();
}
