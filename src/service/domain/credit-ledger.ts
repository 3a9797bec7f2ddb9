import { sql } from 'kysely';
import type { CreditEntryTable } from '../db/schema';
import type { Tx } from '../db/transaction';
import { isoTimestamp } from './values';

/** What a credit entry leaves of its contact: the balance after it, and what a reception shows. */
export interface ContactAfterEntry {
  id: number;
  uuid: string;
  email: string;
  credit_balance_centi: number;
}

/** The columns postCreditEntry and its one-statement form return of the contact they move. */
export const CONTACT_AFTER_ENTRY = ['id', 'uuid', 'email', 'credit_balance_centi'] as const;

/**
 * The SET of the contact row for a ledger entry of `creditsCenti` at `at` (migration 0011): the
 * balance and the balance before it, and for a credit reception the number of receptions, the
 * credits received and the first and last reception's time. Right-hand sides read the row as it
 * was before the UPDATE, on SQLite and PostgreSQL alike. Apply it only where
 * `creditBalanceStaysPositive` holds, so concurrent entries can neither lose an update nor
 * overdraw.
 */
export function contactTotalsChange(creditsCenti: number, at: string, isReception: boolean) {
  const reception = isReception
    ? {
        credit_receptions_count: sql<number>`credit_receptions_count + 1`,
        received_credits_centi: sql<number>`received_credits_centi + ${Math.max(creditsCenti, 0)}`,
        first_credit_reception_at: sql<string>`case when first_credit_reception_at is null
          or first_credit_reception_at > ${at} then ${at} else first_credit_reception_at end`,
        last_credit_reception_at: sql<string>`case when last_credit_reception_at is null
          or last_credit_reception_at < ${at} then ${at} else last_credit_reception_at end`,
      }
    : {};
  return {
    credit_balance_centi: sql<number>`credit_balance_centi + ${creditsCenti}`,
    previous_credit_balance_centi: sql<number>`credit_balance_centi`,
    ...reception,
  };
}

/** The WHERE condition of contactTotalsChange: the balance stays at or above zero. */
export function creditBalanceStaysPositive(creditsCenti: number) {
  return sql<boolean>`credit_balance_centi + ${creditsCenti} >= 0`;
}

/**
 * Moves a contact's credit balance by `creditsCenti` (hundredths of a credit, negative to spend)
 * and writes its ledger entry, in `tx`. In the same conditional UPDATE of the contact row it keeps
 * what the contact shows (contactTotalsChange): for a credit reception (`reception`) also the
 * shops received at. Every read and write is so O(1) in the contact's history, and concurrent
 * entries cannot lose an update.
 * @returns the contact after the entry; undefined, having written nothing, when the balance would
 * go below zero.
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
): Promise<ContactAfterEntry | undefined> {
  const at = isoTimestamp(tx.now);
  const credits = entry.creditsCenti;
  const contact = await tx.db
    .updateTable('contacts')
    .set(contactTotalsChange(credits, at, entry.reception !== undefined))
    .where('id', '=', entry.contactId)
    .where(creditBalanceStaysPositive(credits))
    .returning(CONTACT_AFTER_ENTRY)
    .executeTakeFirst();
  if (!contact) return undefined;
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
  return contact;
}
