import type { Selectable } from 'kysely';
import type { CreatePromotionBody, Promotion } from '../../../contract/public/promotions';
import type { Db, PromotionTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { ServiceError } from '../shared/errors';
import { jsonObject, newUuid } from '../shared/values';

/** A promotion row as stored (`attributes`: JSON of custom attribute values). */
export type PromotionRow = Selectable<PromotionTable>;

/** Spec "Promotion" for a row. */
export function promotionView(row: PromotionRow): Promotion {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    voucher_limit: row.voucher_limit,
    limit_per_contact: row.limit_per_contact,
    expiration_duration: row.expiration_duration,
    attributes: jsonObject(row.attributes),
    type: 'SINGLE_USE',
    redemptions_per_voucher: 1,
  };
}

/** Every promotion of the account, oldest first (spec "Promotions and vouchers" GET /promotions). */
export async function listPromotions(db: Db): Promise<Promotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id').execute();
  return rows.map(promotionView);
}

/** A promotion by uuid. @throws ServiceError 80002 when there is none. */
export async function promotionByUuid(db: Db, uuid: string): Promise<PromotionRow> {
  const row = await db.selectFrom('promotions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw new ServiceError(80002);
  return row;
}

/**
 * Creates a promotion (extension POST /promotions, the PHP SDK's `promotion->create()`); its
 * vouchers are made by POST /vouchers.
 */
export async function createPromotion(tx: Tx, input: CreatePromotionBody): Promise<Promotion> {
  const row = await tx.db
    .insertInto('promotions')
    .values({
      uuid: newUuid(),
      name: input.name,
      description: input.description ?? null,
      voucher_limit: input.voucher_limit ?? null,
      limit_per_contact: input.limit_per_contact ?? null,
      expiration_duration: input.expiration_duration ?? null,
      attributes: '{}',
      media: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return promotionView(row);
}
