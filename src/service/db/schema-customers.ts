import type { Generated } from 'kysely';

/**
 * A points correction made in the office (migration 0029, docs/office.md "Customer service"): the
 * credit reception it made, the customer, who made it, and the reason they gave.
 */
export interface CreditCorrectionTable {
  id: Generated<number>;
  credit_reception_id: number;
  contact_id: number;
  staff_id: number | null;
  reason: string;
  created_at: string;
}

/** The tables of customer service in the office. */
export interface CustomerServiceTables {
  credit_corrections: CreditCorrectionTable;
}
