import type { Kysely } from 'kysely';

/**
 * Indexes for the office's reports (domain/reports/, docs/office.md "Reports"): each day's figures
 * are read by a range of `created_at` (a voucher's `redeemed_at`), so a period of a large account
 * reads only its own rows. The liability reads every ledger row up to a day, which no index
 * shortens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const indexes = [
    ['reports_credit_entries_created', 'credit_entries', 'created_at'],
    ['reports_prepaid_transactions_created', 'prepaid_transactions', 'created_at'],
    ['reports_giftcard_transactions_created', 'giftcard_transactions', 'created_at'],
    ['reports_reward_receptions_created', 'reward_receptions', 'created_at'],
    ['reports_vouchers_redeemed', 'vouchers', 'redeemed_at'],
    ['reports_contacts_created', 'contacts', 'created_at'],
    ['reports_portal_sessions_created', 'portal_sessions', 'created_at'],
    ['reports_cashier_actions_created', 'cashier_actions', 'created_at'],
  ] as const;
  for (const [name, table, column] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).column(column).execute();
  }
}
