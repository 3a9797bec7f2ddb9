import type { PaginatorMeta } from '../../../contract/envelope';
import type {
  LoyaltyTransaction,
  LoyaltyTransactionsQuery,
} from '../../../contract/public/loyalty-transactions';
import type { Db } from '../../db/schema';
import { contactByUuid } from '../contacts/contacts';
import { rewardReceptionView } from '../rewards/reward-receptions';
import { ServiceError } from '../shared/errors';
import { pageWindow, paginatorMeta } from '../shared/pagination';
import { creditReceptionView } from './credit-receptions';

/**
 * Extension GET /contacts/{uuid}/loyalty-transactions and GET /loyalty-transactions: one page of a
 * contact's credit receptions and reward receptions, newest first, in the order of the contact's
 * credit ledger (the opening balance is not a transaction), each as its own resource; filtered by
 * `type` (`credit_reception`, `reward_reception`) and the shop. Reward receptions of a reward that
 * no longer exists are left out. Meta: the real platform's paginator meta.
 * @throws ServiceError 55031 unknown contact; 1008 unknown shop_uuid.
 */
export async function listLoyaltyTransactions(
  db: Db,
  query: LoyaltyTransactionsQuery & { contact_uuid: string },
): Promise<{ items: LoyaltyTransaction[]; meta: PaginatorMeta }> {
  const contact = await contactByUuid(db, query.contact_uuid);
  let shopId: number | undefined;
  if (query.shop_uuid !== undefined) {
    const shop = await db
      .selectFrom('shops')
      .select('id')
      .where('uuid', '=', query.shop_uuid)
      .executeTakeFirst();
    if (!shop) throw new ServiceError(1008);
    shopId = shop.id;
  }
  let base = db
    .selectFrom('credit_entries')
    .leftJoin('credit_receptions', (join) =>
      join
        .onRef('credit_receptions.id', '=', 'credit_entries.source_id')
        .on('credit_entries.source', '=', 'credit_reception'),
    )
    .leftJoin('reward_receptions', (join) =>
      join
        .onRef('reward_receptions.id', '=', 'credit_entries.source_id')
        .on('credit_entries.source', '=', 'reward_reception'),
    )
    .where('credit_entries.contact_id', '=', contact.id)
    .where((eb) =>
      eb.or([
        eb('credit_entries.source', '=', 'credit_reception'),
        eb.and([
          eb('credit_entries.source', '=', 'reward_reception'),
          eb('reward_receptions.reward_id', 'is not', null),
        ]),
      ]),
    );
  if (query.type !== undefined) base = base.where('credit_entries.source', '=', query.type);
  if (shopId !== undefined) {
    const id = shopId;
    base = base.where((eb) =>
      eb.or([eb('credit_receptions.shop_id', '=', id), eb('reward_receptions.shop_id', '=', id)]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const { offset } = pageWindow(query.page, query.limit, Number(total));
  const rows = await base
    .select(['credit_entries.source', 'credit_entries.source_id'])
    .orderBy('credit_entries.id', 'desc')
    .limit(query.limit)
    .offset(offset)
    .execute();
  const items: LoyaltyTransaction[] = [];
  for (const row of rows) {
    const id = row.source_id!;
    items.push(
      row.source === 'credit_reception'
        ? await creditReceptionView(db, id)
        : await rewardReceptionView(db, id),
    );
  }
  return { items, meta: paginatorMeta(query.page, query.limit, Number(total), items.length) };
}
