import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/service/db/schema';

/**
 * What a refused call must leave as it was, read back from the database: every contact's balances
 * and profile, the three ledgers, cards (which contact holds them), vouchers, reward receptions and
 * subscriptions. Compare two with `expectUnchanged`.
 */
export async function accountSnapshot(db: Kysely<Database>) {
  const [contacts, credit, prepaid, giftcards, giftcardLedger, cards, vouchers, rewards, subscriptions] =
    await Promise.all([
      db
        .selectFrom('contacts')
        .select([
          'uuid',
          'email',
          'firstname',
          'lastname',
          'attributes',
          'credit_balance_centi',
          'prepaid_balance_in_cents',
        ])
        .orderBy('id')
        .execute(),
      db.selectFrom('credit_entries').select(['contact_id', 'credits_centi']).orderBy('id').execute(),
      db.selectFrom('prepaid_transactions').select(['contact_id', 'amount_in_cents']).orderBy('id').execute(),
      db.selectFrom('giftcards').select(['hash', 'balance_in_cents']).orderBy('id').execute(),
      db
        .selectFrom('giftcard_transactions')
        .select(['giftcard_id', 'amount_in_cents'])
        .orderBy('id')
        .execute(),
      db.selectFrom('contact_identifiers').select(['value', 'contact_id', 'active']).orderBy('id').execute(),
      db
        .selectFrom('vouchers')
        .select(['code', 'status', 'contact_id', 'redeemed_at'])
        .orderBy('id')
        .execute(),
      db.selectFrom('reward_receptions').select(['contact_id', 'credits_centi']).orderBy('id').execute(),
      db
        .selectFrom('contact_subscriptions')
        .select(['contact_id', 'subscription_type_id', 'status'])
        .orderBy('contact_id')
        .orderBy('subscription_type_id')
        .execute(),
    ]);
  return { contacts, credit, prepaid, giftcards, giftcardLedger, cards, vouchers, rewards, subscriptions };
}

export type AccountSnapshot = Awaited<ReturnType<typeof accountSnapshot>>;

/** Expects the account to read back exactly as `before`: nothing a refused call could change changed. */
export async function expectUnchanged(db: Kysely<Database>, before: AccountSnapshot): Promise<void> {
  expect(await accountSnapshot(db)).toEqual(before);
}
