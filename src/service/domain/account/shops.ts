import type { Selectable } from 'kysely';
import type { Shop } from '../../../contract/public/account';
import { accountCached } from '../../db/account-cache';
import type { Db, ShopTable } from '../../db/schema';
import { type Actor, actsForShop } from '../shared/actor';
import { ServiceError } from '../shared/errors';

/** A shop row as the API shows it in most places: `{id, uuid, reference, name}` plus its address. */
export interface ShopRecord {
  id: number;
  uuid: string;
  name: string;
  reference: string | null;
  address: Record<string, unknown> | null;
  /** When the office closed it (docs/office.md "Shops"); null while open. */
  closed_at: string | null;
}

function shopRecord(row: Selectable<ShopTable>): ShopRecord {
  return { ...row, address: row.address ? (JSON.parse(row.address) as Record<string, unknown>) : null };
}

async function shopBy(
  db: Db,
  column: 'id' | 'uuid',
  value: number | string,
): Promise<ShopRecord | undefined> {
  const shops = await everyShop(db);
  return column === 'id' ? shops.byId.get(value as number) : shops.byUuid.get(value as string);
}

// Every write of a shop-bound key and every standby screen reads its shop: the account's shops are
// kept per process (db/account-cache.ts), one read of them all, not one per uuid asked for.
function everyShop(db: Db) {
  return accountCached(db, 'shops', async () => {
    const rows = (await db.selectFrom('shops').selectAll().execute()).map(shopRecord);
    return {
      byId: new Map(rows.map((shop) => [shop.id, shop])),
      byUuid: new Map(rows.map((shop) => [shop.uuid, shop])),
    };
  });
}

/** Extension GET /shops: every open shop of the account, by id (a closed one takes no new business). */
export async function listShops(db: Db): Promise<Shop[]> {
  const rows = await db
    .selectFrom('shops')
    .selectAll()
    .where('closed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => shopView(shopRecord(row)));
}

/**
 * Extension GET /shops/{shop_uuid}, a closed shop too (receptions made there still name it).
 * @throws ServiceError 1008 when there is none.
 */
export async function getShop(db: Db, uuid: string): Promise<Shop> {
  const shop = await shopBy(db, 'uuid', uuid);
  if (!shop) throw new ServiceError(1008);
  return shopView(shop);
}

/** A shop as GET /shops shows it: the receptions' shop object with its reference. */
export function shopView(shop: ShopRecord): Shop {
  return { ...shopWithAddress(shop), reference: shop.reference };
}

/**
 * The shop a call acts for: the named `shopUuid`, else the shop the actor's API key is bound to.
 * A key bound to a shop cannot act for another one, and nobody acts for a closed shop (docs/office.md
 * "Shops": no new sessions, receptions or transactions there).
 * @throws ServiceError 1008 when neither names a shop, the shop does not exist or is closed, or the
 * key is bound elsewhere.
 */
export async function resolveShop(db: Db, actor: Actor, shopUuid: string | undefined): Promise<ShopRecord> {
  const shop = shopUuid
    ? await shopBy(db, 'uuid', shopUuid)
    : actor.shopId
      ? await shopBy(db, 'id', actor.shopId)
      : undefined;
  if (!shop || shop.closed_at !== null || !actsForShop(actor, shop.id)) throw new ServiceError(1008);
  return shop;
}

/** A shop by its id (for rendering rows that reference it). */
export async function shopById(db: Db, id: number): Promise<ShopRecord> {
  const shop = await shopBy(db, 'id', id);
  if (!shop) throw new ServiceError(1008);
  return shop;
}

/** The spec's shop object of portal sessions: `{id, uuid, reference, name}`. */
export function shopRef(shop: ShopRecord) {
  return { id: shop.id, uuid: shop.uuid, reference: shop.reference, name: shop.name };
}

/** The spec's shop object of credit and reward receptions: `{id, uuid, type, name, address}`. */
export function shopWithAddress(shop: ShopRecord) {
  const a = shop.address ?? {};
  return {
    id: shop.id,
    uuid: shop.uuid,
    type: 'shop',
    name: shop.name,
    address: {
      id: shop.id,
      shop_id: shop.id,
      street: a.street ?? null,
      housenumber: a.housenumber ?? null,
      postalcode: a.postalcode ?? null,
      city: a.city ?? null,
      state: a.state ?? null,
      country: a.country ?? null,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
      house_number: a.housenumber ?? null,
      postal_code: a.postalcode ?? null,
    },
  };
}
