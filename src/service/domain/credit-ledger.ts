import { sql } from 'kysely';
import type { CreditEntryTable } from '../db/schema';
import type { Tx } from '../db/transaction';
import { isoTimestamp } from './values';

/**
 * Moves a contact's credit balance by `creditsCenti` (hundredths of a credit, negative to spend)
 * and writes its ledger entry, in `tx`. In the same conditional UPDATE of the contact row it keeps
 * what the contact shows (migration 0011): the balance before this entry, and for a credit
 * reception (`reception`) the number of receptions, the credits received, the first and last
 * reception's time and the shops received at. Every read and write is so O(1) in the contact's
 * history, and concurrent entries cannot lose an update.
 * @returns false, having written nothing, when the balance would go below zero.
 */
export async function postCreditEntry(
  tx: Tx,
  entry: {
    contactId: number;
    creditsCenti: number;
    source: CreditEntryTable['source'];
    sourceId: number | null;
    /** The shop of the credit reception this entry is for. */
    reception?: { shopId: number };
  },
): Promise<boolean> {
  const at = isoTimestamp(tx.now);
  const credits = entry.creditsCenti;
  // Right-hand sides read the row as it was before this UPDATE, on SQLite and PostgreSQL alike.
  const reception = entry.reception
    ? {
        credit_receptions_count: sql<number>`credit_receptions_count + 1`,
        received_credits_centi: sql<number>`received_credits_centi + ${Math.max(credits, 0)}`,
        first_credit_reception_at: sql<string>`case when first_credit_reception_at is null
          or first_credit_reception_at > ${at} then ${at} else first_credit_reception_at end`,
        last_credit_reception_at: sql<string>`case when last_credit_reception_at is null
          or last_credit_reception_at < ${at} then ${at} else last_credit_reception_at end`,
      }
    : {};
  const moved = await tx.db
    .updateTable('contacts')
    .set({
      credit_balance_centi: sql<number>`credit_balance_centi + ${credits}`,
      previous_credit_balance_centi: sql<number>`credit_balance_centi`,
      ...reception,
    })
    .where('id', '=', entry.contactId)
    .where(sql<number>`credit_balance_centi + ${credits}`, '>=', 0)
    .executeTakeFirst();
  if (moved.numUpdatedRows === 0n) return false;
  await tx.db
    .insertInto('credit_entries')
    .values({
      contact_id: entry.contactId,
      credits_centi: credits,
      source: entry.source,
      source_id: entry.sourceId,
      created_at: at,
    })
    .execute();
  if (entry.reception) {
    await tx.db
      .insertInto('contact_shops')
      .values({ contact_id: entry.contactId, shop_id: entry.reception.shopId })
      .onConflict((oc) => oc.columns(['contact_id', 'shop_id']).doNothing())
      .execute();
  }
  return true;
}
