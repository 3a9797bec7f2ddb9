import type { Kysely } from 'kysely';

/**
 * Budgets of wrong guesses (domain/contacts/guess-budgets.ts): per subject — a contact, or a client
 * address (hashed) — the wrong six-digit codes or card numbers of the window that ends at
 * `window_ends_at`. In the database, so that every service process counts against one budget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guess_budgets')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guess_budgets_window').on('guess_budgets').column('window_ends_at').execute();
}
