import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * What a contact shows, kept on the contact row with each ledger entry (loyalty/credit-ledger.ts) instead of
 * being aggregated from its history on every read: the number of credit receptions, the credits
 * received, the first and last reception's time, the balance before the latest ledger entry, and
 * the shops the contact received credits at. Existing contacts are filled from their history.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  const columns = [
    ['credit_receptions_count', 'bigint', true],
    ['received_credits_centi', 'bigint', true],
    ['previous_credit_balance_centi', 'bigint', true],
    ['first_credit_reception_at', 'text', false],
    ['last_credit_reception_at', 'text', false],
  ] as const;
  for (const [name, type, counter] of columns) {
    await db.schema
      .alterTable('contacts')
      .addColumn(name, type, (c) => (counter ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  await db.schema
    .createTable('contact_shops')
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addPrimaryKeyConstraint('contact_shops_pk', ['contact_id', 'shop_id'])
    .execute();

  await sql`
    update contacts set
      credit_receptions_count = (select count(*) from credit_receptions r where r.contact_id = contacts.id),
      received_credits_centi = (select coalesce(sum(r.credits_centi), 0) from credit_receptions r
        where r.contact_id = contacts.id and r.credits_centi > 0),
      first_credit_reception_at = (select min(r.created_at) from credit_receptions r
        where r.contact_id = contacts.id),
      last_credit_reception_at = (select max(r.created_at) from credit_receptions r
        where r.contact_id = contacts.id),
      previous_credit_balance_centi = coalesce((select contacts.credit_balance_centi - e.credits_centi
        from credit_entries e where e.contact_id = contacts.id order by e.id desc limit 1), 0)
  `.execute(db);
  await sql`
    insert into contact_shops (contact_id, shop_id)
    select distinct contact_id, shop_id from credit_receptions
  `.execute(db);
}
