import { sql } from 'kysely';
import { precompile } from '../../db/precompiled';
import type { CreditEntryTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { isoTimestamp } from '../shared/values';

/** What a credit entry leaves of its contact: the balance after it, and what a reception shows. */
export interface ContactAfterEntry {
  id: number;
  uuid: string;
  email: string;
  credit_balance_centi: number;
}

/** The columns postCreditEntry returns of the contact it moves. */
const CONTACT_AFTER_ENTRY = ['id', 'uuid', 'email', 'credit_balance_centi'] as const;

/** A ledger entry's move of its contact's totals (hundredths of a credit; `at` an ISO timestamp). */
interface TotalsChange {
  creditsCenti: number;
  /** What counts as received: the credits when positive, else 0 (a refund receives nothing). */
  receivedCenti: number;
  at: string;
}

/** The totals change of a ledger entry of `creditsCenti` at `at` (an ISO timestamp). */
function totalsChange(creditsCenti: number, at: string): TotalsChange {
  return { creditsCenti, receivedCenti: Math.max(creditsCenti, 0), at };
}

/**
 * The SET of the contact row for a ledger entry (migration 0011): the balance and the balance
 * before it, and for a credit reception the number of receptions, the credits received and the
 * first and last reception's time. Right-hand sides read the row as it was before the UPDATE, on
 * SQLite and PostgreSQL alike. Apply it only where `creditBalanceStaysPositive` holds, so
 * concurrent entries can neither lose an update nor overdraw.
 */
function contactTotalsChange({ creditsCenti, receivedCenti, at }: TotalsChange, isReception: boolean) {
  const reception = isReception
    ? {
        credit_receptions_count: sql<number>`credit_receptions_count + 1`,
        received_credits_centi: sql<number>`received_credits_centi + ${receivedCenti}`,
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
function creditBalanceStaysPositive(creditsCenti: number) {
  return sql<boolean>`credit_balance_centi + ${creditsCenti} >= 0`;
}

/**
 * Moves a contact's credit balance by `creditsCenti` (hundredths of a credit, negative to spend)
 * and writes its ledger entry, in `tx`. In the same conditional UPDATE of the contact row it keeps
 * what the contact shows (contactTotalsChange): for a credit reception (`reception`) also the
 * shops received at. Every read and write is so O(1) in the contact's history, and concurrent
 * entries cannot lose an update.
 * @returns the contact after the entry; undefined when the balance would go below zero, and the
 * caller must then fail its unit of work, which takes the shop link back.
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
  const { contactId, creditsCenti } = entry;
  // The shop link before the contact's row: on PostgreSQL that row's UPDATE holds its lock until
  // commit, and every other write for this contact waits that long. The entry after it: the
  // ledger's order is the order the balance moved in.
  if (entry.reception) await linkShop.execute(tx.db, { contactId, shopId: entry.reception.shopId });
  const change = { contactId, ...totalsChange(creditsCenti, at) };
  const contact = await (entry.reception ? moveReceptionTotals : moveBalance).first(tx.db, change);
  if (!contact) return undefined;
  await insertEntry.execute(tx.db, {
    contactId,
    creditsCenti,
    source: entry.source,
    sourceId: entry.sourceId,
    at,
  });
  return contact;
}

// postCreditEntry's statements, built once (precompiled.ts): they run on every write of credits.
const moveTotals = (isReception: boolean) =>
  precompile((db, p: TotalsChange & { contactId: number }) =>
    db
      .updateTable('contacts')
      .set(contactTotalsChange(p, isReception))
      .where('id', '=', p.contactId)
      .where(creditBalanceStaysPositive(p.creditsCenti))
      .returning(CONTACT_AFTER_ENTRY),
  );
const moveBalance = moveTotals(false);
const moveReceptionTotals = moveTotals(true);

const insertEntry = precompile(
  (
    db,
    p: {
      contactId: number;
      creditsCenti: number;
      source: CreditEntryTable['source'];
      sourceId: number | null;
      at: string;
    },
  ) =>
    db.insertInto('credit_entries').values({
      contact_id: p.contactId,
      credits_centi: p.creditsCenti,
      source: p.source,
      source_id: p.sourceId,
      created_at: p.at,
    }),
);

const linkShop = precompile((db, p: { contactId: number; shopId: number }) =>
  db
    .insertInto('contact_shops')
    .values({ contact_id: p.contactId, shop_id: p.shopId })
    .onConflict((oc) => oc.columns(['contact_id', 'shop_id']).doNothing()),
);
