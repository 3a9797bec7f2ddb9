import type { Db } from '../../db/schema';
import { officeShopRow } from '../account/office-shops';
import type { OfficeActor } from '../office/access';

/*
 * Whose figures a report shows (docs/office.md "Reports"): an owner the whole account (every shop,
 * and what no shop is attributed) or one shop; a manager the shops they run, or one of them. A
 * manager is never shown the account's total, nor what belongs to no shop.
 */

/** A shop a report has a row for. */
export interface ReportShop {
  id: number;
  uuid: string;
  name: string;
}

/** The rows a report covers. */
export interface ReportScope {
  /** `account`: every shop and what no shop is attributed; `shops`: only `shops`. */
  kind: 'account' | 'shops';
  /** The shops it covers (closed ones too), by id. */
  shops: ReportShop[];
}

/**
 * The scope of a report for `actor`: `shopUuid` one shop, else everything the actor may read (the
 * account for an owner, their shops for a manager).
 * @throws ServiceError office_not_allowed (403) for a manager naming a shop they do not run (known
 * or not); 1008 (404) for an owner naming no shop.
 */
export async function reportScopeOf(
  db: Db,
  actor: OfficeActor,
  shopUuid: string | undefined,
): Promise<ReportScope> {
  if (shopUuid !== undefined) {
    const shop = await officeShopRow(db, actor, shopUuid);
    return { kind: 'shops', shops: [{ id: shop.id, uuid: shop.uuid, name: shop.name }] };
  }
  if (actor.role === 'owner') {
    const shops = await db.selectFrom('shops').select(['id', 'uuid', 'name']).orderBy('id').execute();
    return { kind: 'account', shops };
  }
  if (actor.shopIds.length === 0) return { kind: 'shops', shops: [] };
  const shops = await db
    .selectFrom('shops')
    .select(['id', 'uuid', 'name'])
    .where('id', 'in', actor.shopIds)
    .orderBy('id')
    .execute();
  return { kind: 'shops', shops };
}

/**
 * Whether a figure attributed to `shopId` (null: no shop) counts in `scope`: in the account's all
 * do; in some shops', those of theirs.
 */
export function inScope(scope: ReportScope, shopId: number | null): boolean {
  if (scope.kind === 'account') return true;
  return shopId !== null && scope.shops.some((s) => s.id === Number(shopId));
}
