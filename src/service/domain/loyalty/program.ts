import type { LoyaltyProgram } from '../../../contract/public/account';
import type { Db } from '../../db/schema';
import { fromCenti } from '../shared/values';

/**
 * Extension GET /loyalty-program: the account's one loyalty program — its name is the account's,
 * `max_amount` the most credits a reception may give (the fixture's max_credits_per_reception;
 * null without one).
 */
export async function getLoyaltyProgram(db: Db): Promise<LoyaltyProgram> {
  const account = await db
    .selectFrom('account')
    .select(['id', 'name', 'max_credits_per_reception_centi'])
    .executeTakeFirstOrThrow();
  const max = account.max_credits_per_reception_centi;
  return {
    id: account.id,
    name: account.name,
    max_amount: max === null ? null : fromCenti(Number(max)),
    custom_credit_name: null,
  };
}
