import { type Kysely, sql } from 'kysely';

/**
 * What opens a customer's account (docs/trust-model.md): when the customer themselves proved it is
 * them in a portal session — a scan of their card or app code, or their e-mailed code
 * (`customer_proven_at`; null: not yet, even when the POS named them). Sessions open at the upgrade
 * whose customer proved it at the screen (any source but the POS's) keep that proof.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('portal_sessions').addColumn('customer_proven_at', 'text').execute();
  await sql`
    update portal_sessions set customer_proven_at = contact_proven_at
    where contact_proven_at is not null and contact_source <> 'pos'
  `.execute(db);
}
