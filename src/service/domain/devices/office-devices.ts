import { randomUUID } from 'node:crypto';
import type { DeviceKind, NewDevice, OfficeDevice, PairingCode } from '../../../contract/office';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { announceRevocation, cashierSessionHolder, deviceHolder } from '../account/credentials';
import { notAllowed, type OfficeActor } from '../office/access';
import { type AuditBy, officeAuditBy, recordAudit } from '../office/audit';
import { fieldError, refusal, ServiceError } from '../shared/errors';
import { hashToken, newSecret } from '../shared/tokens';
import { apiTimestamp, isoTimestamp } from '../shared/values';
import { dropPairingCodes, issuePairingCode, pairingCodeRefusal, redeemPairingCode } from './pairing';

/*
 * The office's devices (docs/office.md "Devices"): counter tablets (table `devices`, their standby
 * screen) and console phones (table `cashier_devices`), of the fixture or added here. Added with a
 * pairing code (pairing.ts), renamed, moved between the actor's shops, given a new code (re-pair:
 * what the device held stops working) and revoked at once. A manager sees and changes only the
 * devices of the shops they run: another shop's device is as unknown. Every change writes its
 * audit entry in its own transaction.
 */

/** What a tablet without a name is called (the fixture's tablets have none). */
export const UNNAMED_TABLET = 'Counter tablet';

/** A device as the office finds it. */
interface DeviceRow {
  kind: DeviceKind;
  uuid: string;
  name: string;
  shopId: number;
  shopUuid: string;
  shopName: string;
  createdAt: string | null;
  revokedAt: string | null;
  /** The tablet's token hash (its stream's holder); null for a console. */
  tokenHash: string | null;
  /** The console's id; null for a tablet. */
  consoleId: number | null;
}

/** A device the office does not know, or of a shop the manager does not run: 404 device_not_in_office. */
export function deviceNotInOffice(): ServiceError {
  return refusal('device_not_in_office', {
    en: 'No such device in your shops',
    nl: 'Geen zulk apparaat in uw winkels',
  });
}

async function deviceRows(db: Db, where: { uuid?: string; shopIds?: number[] }): Promise<DeviceRow[]> {
  if (where.shopIds?.length === 0) return [];
  let tablets = db
    .selectFrom('devices as d')
    .innerJoin('shops as s', 's.id', 'd.shop_id')
    .select([
      'd.uuid',
      'd.name',
      'd.shop_id',
      's.uuid as shop_uuid',
      's.name as shop_name',
      'd.created_at',
      'd.revoked_at',
      'd.token_hash',
    ]);
  let consoles = db
    .selectFrom('cashier_devices as d')
    .innerJoin('shops as s', 's.id', 'd.shop_id')
    .select([
      'd.id',
      'd.uuid',
      'd.name',
      'd.shop_id',
      's.uuid as shop_uuid',
      's.name as shop_name',
      'd.created_at',
      'd.revoked_at',
    ]);
  if (where.uuid !== undefined) {
    tablets = tablets.where('d.uuid', '=', where.uuid);
    consoles = consoles.where('d.uuid', '=', where.uuid);
  }
  if (where.shopIds !== undefined) {
    tablets = tablets.where('d.shop_id', 'in', where.shopIds);
    consoles = consoles.where('d.shop_id', 'in', where.shopIds);
  }
  const [tabletRows, consoleRows] = await Promise.all([tablets.execute(), consoles.execute()]);
  return [
    ...tabletRows
      .filter((r) => r.uuid !== null)
      .map((r) => ({
        kind: 'tablet' as const,
        uuid: r.uuid!,
        name: r.name ?? UNNAMED_TABLET,
        shopId: r.shop_id,
        shopUuid: r.shop_uuid,
        shopName: r.shop_name,
        createdAt: r.created_at,
        revokedAt: r.revoked_at,
        tokenHash: r.token_hash,
        consoleId: null,
      })),
    ...consoleRows
      .filter((r) => r.uuid !== null)
      .map((r) => ({
        kind: 'console' as const,
        uuid: r.uuid!,
        name: r.name,
        shopId: r.shop_id,
        shopUuid: r.shop_uuid,
        shopName: r.shop_name,
        createdAt: r.created_at,
        revokedAt: r.revoked_at,
        tokenHash: null,
        consoleId: r.id,
      })),
  ];
}

// Waiting: a code was made for it that has not been typed yet (a new device, or re-paired).
async function waitingUuids(db: Db, uuids: string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('pairing_codes')
    .select('device_uuid')
    .where('device_uuid', 'in', uuids)
    .where('used_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.device_uuid));
}

function view(row: DeviceRow, waiting: Set<string>): OfficeDevice {
  return {
    uuid: row.uuid,
    kind: row.kind,
    name: row.name,
    shop: { uuid: row.shopUuid, name: row.shopName },
    status: row.revokedAt !== null ? 'revoked' : waiting.has(row.uuid) ? 'waiting' : 'paired',
    created_at: apiTimestamp(row.createdAt),
  };
}

async function viewOf(db: Db, row: DeviceRow): Promise<OfficeDevice> {
  return view(row, await waitingUuids(db, [row.uuid]));
}

/** GET /devices: the tablets and consoles of the shops the actor runs, by shop name, then name. */
export async function listOfficeDevices(db: Db, actor: OfficeActor): Promise<OfficeDevice[]> {
  const rows = await deviceRows(db, { shopIds: actor.shopIds });
  const waiting = await waitingUuids(
    db,
    rows.map((r) => r.uuid),
  );
  return rows
    .sort(
      (a, b) =>
        a.shopName.localeCompare(b.shopName) || a.name.localeCompare(b.name) || a.uuid.localeCompare(b.uuid),
    )
    .map((row) => view(row, waiting));
}

/** The device `uuid` of a shop the actor runs. @throws ServiceError 404 device_not_in_office. */
async function officeDevice(db: Db, actor: OfficeActor, uuid: string): Promise<DeviceRow> {
  const [row] = await deviceRows(db, { uuid });
  if (!row || !actor.shopIds.includes(row.shopId)) throw deviceNotInOffice();
  return row;
}

/**
 * The open shop `uuid` the actor runs. @throws ServiceError 403 office_not_allowed for a shop
 * they do not run (a manager: unknown ones too), 1008 (404) an unknown shop for an owner, 1003
 * (422) naming shop_uuid for a closed shop.
 */
async function actorShop(db: Db, actor: OfficeActor, uuid: string): Promise<{ id: number; uuid: string }> {
  const shop = await db
    .selectFrom('shops')
    .select(['id', 'uuid', 'closed_at'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!shop && actor.role === 'owner') throw new ServiceError(1008);
  if (!shop || !actor.shopIds.includes(shop.id)) throw notAllowed();
  if (shop.closed_at !== null) throw fieldError('shop_uuid', 'the shop is closed');
  return shop;
}

/** Ends what the device holds now: a console's sessions (their cookies, streams), a tablet's stream. */
async function endDeviceAccess(tx: Tx, row: DeviceRow): Promise<void> {
  if (row.consoleId !== null) {
    const sessions = await tx.db
      .deleteFrom('cashier_device_sessions')
      .where('cashier_device_id', '=', row.consoleId)
      .returning('id')
      .execute();
    for (const session of sessions) announceRevocation(tx, cashierSessionHolder(session.id));
  }
  if (row.tokenHash !== null) announceRevocation(tx, deviceHolder(row.tokenHash));
}

/** A new token only the service ever knew: what the device held stops working. */
async function replaceToken(tx: Tx, row: DeviceRow): Promise<void> {
  const table = row.kind === 'tablet' ? 'devices' : 'cashier_devices';
  await tx.db
    .updateTable(table)
    .set({ token_hash: hashToken(newSecret()) })
    .where('uuid', '=', row.uuid)
    .execute();
}

/**
 * POST /devices: adds a tablet or console to a shop the actor runs, waiting for its pairing code
 * (answered once). Records `device.created`.
 * @throws ServiceError 403 office_not_allowed for a shop the actor does not run (see actorShop).
 */
export async function addOfficeDevice(
  tx: Tx,
  actor: OfficeActor,
  request: { kind: DeviceKind; name: string; shop_uuid: string },
): Promise<NewDevice> {
  const shop = await actorShop(tx.db, actor, request.shop_uuid);
  const uuid = randomUUID();
  const at = isoTimestamp(tx.now);
  // Its token is made here and never shown: only a pairing code gives the device one.
  const values = {
    uuid,
    name: request.name,
    shop_id: shop.id,
    created_at: at,
    token_hash: hashToken(newSecret()),
  };
  if (request.kind === 'tablet')
    await tx.db
      .insertInto('devices')
      .values({ ...values, revoked_at: null })
      .execute();
  else
    await tx.db
      .insertInto('cashier_devices')
      .values({ ...values, revoked_at: null })
      .execute();
  const pairing = await issuePairingCode(tx, request.kind, uuid);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'device.created',
    subjectType: 'device',
    subjectUuid: uuid,
    shopId: shop.id,
    before: null,
    after: { kind: request.kind, name: request.name, shop_uuid: shop.uuid },
  });
  const [row] = await deviceRows(tx.db, { uuid });
  return { device: await viewOf(tx.db, row!), pairing };
}

/**
 * POST /devices/{uuid}/pairing-code: a new code for the device (re-pair). The code before stops,
 * and so does what the device holds: a console's sessions, a tablet's token (and a fixture
 * device's token). A revoked device is paired again with it. Records `device.pairing_code`.
 * @throws ServiceError 404 device_not_in_office.
 */
export async function newPairingCode(tx: Tx, actor: OfficeActor, uuid: string): Promise<PairingCode> {
  const row = await officeDevice(tx.db, actor, uuid);
  const before = await viewOf(tx.db, row);
  await endDeviceAccess(tx, row);
  await replaceToken(tx, row);
  const table = row.kind === 'tablet' ? 'devices' : 'cashier_devices';
  if (row.revokedAt !== null)
    await tx.db.updateTable(table).set({ revoked_at: null }).where('uuid', '=', uuid).execute();
  const pairing = await issuePairingCode(tx, row.kind, uuid);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'device.pairing_code',
    subjectType: 'device',
    subjectUuid: uuid,
    shopId: row.shopId,
    before: { status: before.status },
    after: { status: 'waiting', code_expires_at: pairing.expires_at },
  });
  return pairing;
}

/**
 * PUT /devices/{uuid}: renames the device and/or moves it to another shop the actor runs (its open
 * streams end, and come back for the new shop). Records `device.renamed` and/or `device.moved`.
 * @throws ServiceError 404 device_not_in_office; 403 office_not_allowed for a shop not theirs.
 */
export async function updateOfficeDevice(
  tx: Tx,
  actor: OfficeActor,
  uuid: string,
  request: { name?: string | undefined; shop_uuid?: string | undefined },
): Promise<OfficeDevice> {
  const row = await officeDevice(tx.db, actor, uuid);
  const table = row.kind === 'tablet' ? 'devices' : 'cashier_devices';
  const by = officeAuditBy(actor);
  if (request.name !== undefined && request.name !== row.name) {
    await tx.db.updateTable(table).set({ name: request.name }).where('uuid', '=', uuid).execute();
    await recordAudit(tx, by, {
      action: 'device.renamed',
      subjectType: 'device',
      subjectUuid: uuid,
      shopId: row.shopId,
      before: { name: row.name },
      after: { name: request.name },
    });
  }
  if (request.shop_uuid !== undefined && request.shop_uuid !== row.shopUuid) {
    const shop = await actorShop(tx.db, actor, request.shop_uuid);
    await tx.db.updateTable(table).set({ shop_id: shop.id }).where('uuid', '=', uuid).execute();
    // Its streams follow the old shop: they end, and the device opens them again for the new one.
    await endStreams(tx, row);
    await recordAudit(tx, by, {
      action: 'device.moved',
      subjectType: 'device',
      subjectUuid: uuid,
      shopId: shop.id,
      before: { shop_uuid: row.shopUuid },
      after: { shop_uuid: shop.uuid },
    });
  }
  const [changed] = await deviceRows(tx.db, { uuid });
  return viewOf(tx.db, changed!);
}

// Ends the device's open streams without ending its sessions (they reconnect).
async function endStreams(tx: Tx, row: DeviceRow): Promise<void> {
  if (row.consoleId !== null) {
    const sessions = await tx.db
      .selectFrom('cashier_device_sessions')
      .select('id')
      .where('cashier_device_id', '=', row.consoleId)
      .execute();
    for (const session of sessions) announceRevocation(tx, cashierSessionHolder(session.id));
  }
  if (row.tokenHash !== null) announceRevocation(tx, deviceHolder(row.tokenHash));
}

/**
 * POST /devices/{uuid}/revoke: the device is refused at its next request and its open streams end
 * within seconds, in every process; its unused code stops. Revoking a revoked device changes
 * nothing. Records `device.revoked`.
 * @throws ServiceError 404 device_not_in_office.
 */
export async function revokeOfficeDevice(tx: Tx, actor: OfficeActor, uuid: string): Promise<OfficeDevice> {
  const row = await officeDevice(tx.db, actor, uuid);
  if (row.revokedAt !== null) return viewOf(tx.db, row);
  const before = await viewOf(tx.db, row);
  const table = row.kind === 'tablet' ? 'devices' : 'cashier_devices';
  const at = isoTimestamp(tx.now);
  await tx.db.updateTable(table).set({ revoked_at: at }).where('uuid', '=', uuid).execute();
  await dropPairingCodes(tx, uuid);
  await endDeviceAccess(tx, row);
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'device.revoked',
    subjectType: 'device',
    subjectUuid: uuid,
    shopId: row.shopId,
    before: { status: before.status },
    after: { status: 'revoked' },
  });
  return view({ ...row, revokedAt: at }, new Set());
}

/** The AuditBy of a device pairing itself: no staff member, the device's name and the address. */
export function deviceAuditBy(deviceName: string, address: string | null): AuditBy {
  return { staffId: null, staffName: null, deviceName, address };
}

/**
 * POST /portal/api/devices/pair: a tablet types its pairing code and gets its device token (its
 * standby screen's `?device=`), made now; the token it had before stops. Records `device.paired`.
 * Count the try first (pairing.ts countPairingAttempt).
 * @throws ServiceError 1003 (HTTP 401, pairing_code_invalid) for a code unknown, used or expired,
 * or whose tablet was revoked or whose shop closed meanwhile.
 */
export async function pairTablet(tx: Tx, code: string, clientAddress: string | null): Promise<string> {
  const uuid = await redeemPairingCode(tx, 'tablet', code, clientAddress);
  const [row] = await deviceRows(tx.db, { uuid });
  const shop = row
    ? await tx.db.selectFrom('shops').select('closed_at').where('id', '=', row.shopId).executeTakeFirst()
    : undefined;
  if (!row || row.revokedAt !== null || !shop || shop.closed_at !== null) throw pairingCodeRefusal();
  const token = newSecret();
  await tx.db
    .updateTable('devices')
    .set({ token_hash: hashToken(token) })
    .where('uuid', '=', uuid)
    .execute();
  if (row.tokenHash !== null) announceRevocation(tx, deviceHolder(row.tokenHash));
  await recordAudit(tx, deviceAuditBy(row.name, clientAddress), {
    action: 'device.paired',
    subjectType: 'device',
    subjectUuid: uuid,
    shopId: row.shopId,
    before: null,
    after: { kind: 'tablet', status: 'paired' },
  });
  return token;
}
