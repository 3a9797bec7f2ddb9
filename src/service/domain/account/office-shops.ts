import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { OfficeShop, shopRequest } from '../../../contract/office';
import { ACCOUNT_CHANGED_TOPIC } from '../../db/account-cache';
import type { Db, ShopTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { mayManageShop, notAllowed, type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { endSession } from '../portal-sessions/sessions';
import { refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp, newUuid } from '../shared/values';
import { announceRevocation, cashierSessionHolder, credentialHolder, deviceHolder } from './credentials';

/*
 * The shops as the office runs them (docs/office.md "Shops"): the owner adds, edits and closes
 * them; a manager sees the shops they are given. Closing a shop stops its devices and register
 * keys at once, while everything made there stays.
 */

export type ShopInput = z.infer<typeof shopRequest>;

/** A closed shop takes no changes, devices or keys: error 1003, HTTP 409 (shop_closed). */
export function shopClosed(): ServiceError {
  return refusal('shop_closed', {
    en: 'This shop is closed',
    nl: 'Deze winkel is gesloten',
  });
}

const ADDRESS_FIELDS = ['street', 'housenumber', 'postalcode', 'city', 'country'] as const;

/** The address lines the office edits (a fixture's coordinates are not shown). */
function addressView(text: string | null): OfficeShop['address'] {
  if (!text) return null;
  const stored = JSON.parse(text) as Record<string, unknown>;
  const lines = Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, typeof stored[field] === 'string' ? stored[field] : null]),
  );
  return Object.values(lines).some((v) => v !== null) ? lines : null;
}

function officeShopView(row: Selectable<ShopTable>): OfficeShop {
  return {
    uuid: row.uuid,
    name: row.name,
    reference: row.reference,
    address: addressView(row.address),
    closed_at: apiTimestamp(row.closed_at),
  };
}

/** What the audit log keeps of a shop. */
function audited(shop: OfficeShop): Record<string, unknown> {
  return { name: shop.name, reference: shop.reference, address: shop.address, closed_at: shop.closed_at };
}

/** Office GET /shops: the shops the actor runs (every shop for an owner, closed ones too), by id. */
export async function officeShops(db: Db, actor: OfficeActor): Promise<OfficeShop[]> {
  if (actor.shopIds.length === 0) return [];
  const rows = await db
    .selectFrom('shops')
    .selectAll()
    .where('id', 'in', actor.shopIds)
    .orderBy('id')
    .execute();
  return rows.map(officeShopView);
}

/**
 * The shop `uuid` for an actor who names it: 404 (1008) for none, 403 (office_not_allowed) for a
 * manager who does not run it, unknown or not (a manager learns nothing of other shops).
 */
export async function officeShopRow(
  db: Db,
  actor: OfficeActor,
  uuid: string,
): Promise<Selectable<ShopTable>> {
  const row = await db.selectFrom('shops').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (actor.role !== 'owner' && (!row || !mayManageShop(actor, row.id))) throw notAllowed();
  if (!row) throw new ServiceError(1008);
  return row;
}

function addressText(address: ShopInput['address']): string | null {
  if (!address) return null;
  const kept = Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined && v !== null));
  return Object.keys(kept).length === 0 ? null : JSON.stringify(kept);
}

/**
 * Office POST /shops (owner only): a new shop with the next integer id and a new uuid; `shop.created`.
 * @throws ServiceError office_not_allowed (403) for a manager.
 */
export async function createShop(tx: Tx, actor: OfficeActor, input: ShopInput): Promise<OfficeShop> {
  requireOwner(actor);
  // One new id at a time: the account row is the lock every process takes (PostgreSQL).
  const account = await tx.db.selectFrom('account').select('id').executeTakeFirst();
  if (account) await tx.lock('account', account.id);
  const last = await tx.db
    .selectFrom('shops')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const row: Selectable<ShopTable> = {
    id: Number(last?.id ?? 0) + 1,
    uuid: newUuid(),
    name: input.name,
    reference: input.reference || null,
    address: addressText(input.address),
    closed_at: null,
  };
  await tx.db.insertInto('shops').values(row).execute();
  const shop = officeShopView(row);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'shop.created',
    subjectType: 'shop',
    subjectUuid: shop.uuid,
    shopId: row.id,
    before: null,
    after: audited(shop),
  });
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'shops' });
  return shop;
}

/**
 * Office PUT /shops/{uuid} (owner only): its name, and its reference and address where given (null
 * clears them; an address given replaces the stored one whole, coordinates too);
 * `shop.changed` with the values before and after.
 * @throws ServiceError office_not_allowed (403) for a manager; 1008 (404) for no such shop;
 * shop_closed (409) for a closed one.
 */
export async function changeShop(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  input: ShopInput,
): Promise<OfficeShop> {
  requireOwner(actor);
  const row = await officeShopRow(tx.db, actor, uuid);
  if (row.closed_at !== null) throw shopClosed();
  const next: Selectable<ShopTable> = {
    ...row,
    name: input.name,
    reference: input.reference === undefined ? row.reference : input.reference || null,
    address: input.address === undefined ? row.address : addressText(input.address),
  };
  await tx.db
    .updateTable('shops')
    .set({ name: next.name, reference: next.reference, address: next.address })
    .where('id', '=', row.id)
    .execute();
  const before = officeShopView(row);
  const after = officeShopView(next);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'shop.changed',
    subjectType: 'shop',
    subjectUuid: uuid,
    shopId: row.id,
    before: audited(before),
    after: audited(after),
  });
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'shops' });
  return after;
}

/**
 * Office POST /shops/{uuid}/close (owner only): the shop is closed and, at once, its counter
 * tablets and console phones are revoked (their console sessions end) and its register keys
 * deleted, each announced so that their next request is refused and their streams end in every
 * process; its open portal sessions end as cancelled (`by: office`). Its sessions, receptions and
 * log stay. `shop.closed`, naming how many of each stopped.
 * @throws ServiceError office_not_allowed (403) for a manager; 1008 (404) for no such shop;
 * shop_closed (409) when it is closed already.
 */
export async function closeShop(tx: Tx, actor: OfficeActor, uuid: string): Promise<OfficeShop> {
  requireOwner(actor);
  const row = await officeShopRow(tx.db, actor, uuid);
  if (row.closed_at !== null) throw shopClosed();
  const at = isoTimestamp(tx.now);
  const db = tx.db;
  await db.updateTable('shops').set({ closed_at: at }).where('id', '=', row.id).execute();

  const tablets = await db
    .selectFrom('devices')
    .select('token_hash')
    .where('shop_id', '=', row.id)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('devices')
    .set({ revoked_at: at })
    .where('shop_id', '=', row.id)
    .where('revoked_at', 'is', null)
    .execute();
  for (const tablet of tablets) announceRevocation(tx, deviceHolder(tablet.token_hash));

  const consoles = await db
    .selectFrom('cashier_devices')
    .select('id')
    .where('shop_id', '=', row.id)
    .where('revoked_at', 'is', null)
    .execute();
  const consoleIds = consoles.map((d) => d.id);
  if (consoleIds.length > 0) {
    const sessions = await db
      .selectFrom('cashier_device_sessions')
      .select('id')
      .where('cashier_device_id', 'in', consoleIds)
      .execute();
    await db.updateTable('cashier_devices').set({ revoked_at: at }).where('id', 'in', consoleIds).execute();
    await db.deleteFrom('cashier_device_sessions').where('cashier_device_id', 'in', consoleIds).execute();
    for (const session of sessions) announceRevocation(tx, cashierSessionHolder(session.id));
  }

  const keys = await db
    .selectFrom('credentials')
    .select('token_hash')
    .where('shop_id', '=', row.id)
    .execute();
  await db.deleteFrom('credentials').where('shop_id', '=', row.id).execute();
  for (const key of keys) announceRevocation(tx, credentialHolder(key.token_hash));

  // Its open sessions end as cancelled: nobody can finish them there any more.
  const open = await db
    .selectFrom('portal_sessions')
    .selectAll()
    .where('shop_id', '=', row.id)
    .where('status', '=', 'open')
    .execute();
  for (const session of open) await endSession(tx, session, 'cancelled', 'office');

  const before = officeShopView(row);
  const after = { ...before, closed_at: apiTimestamp(at) };
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'shop.closed',
    subjectType: 'shop',
    subjectUuid: uuid,
    shopId: row.id,
    before: audited(before),
    after: {
      ...audited(after),
      tablets_revoked: tablets.length,
      consoles_revoked: consoleIds.length,
      register_keys_revoked: keys.length,
      sessions_cancelled: open.length,
    },
  });
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'shops' });
  return after;
}
