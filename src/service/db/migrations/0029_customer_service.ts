import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Customer service in the office (docs/office.md "Customer service"): a card (contact identifier)
 * the office blocked has `blocked_at` (when; it is also inactive, so every API refuses it), and a
 * points correction made there keeps its reason and who made it beside its credit reception.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('contact_identifiers').addColumn('blocked_at', 'text').execute();
  let table = db.schema.createTable('credit_corrections');
  table =
    dialect === 'postgres'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('credit_reception_id', 'integer', (c) =>
      c.notNull().unique().references('credit_receptions.id'),
    )
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_corrections_contact')
    .on('credit_corrections')
    .column('contact_id')
    .execute();
}
