import type { CashierDevice } from '../../../contract/cashier';
import { sessionDefaults } from '../../../contract/cashier';
import type { PortalSettings } from '../../../contract/portal';
import { SESSION_DEFAULTS } from '../../../contract/session-types';
import type { Db } from '../../db/schema';
import type { CashierActionTable } from '../../db/schema-cashier';
import type { Tx } from '../../db/transaction';
import { announceRevocation, cashierSessionHolder } from '../account/credentials';
import { shopById } from '../account/shops';
import { shopHasTillStaff, type TillPerson, tillPerson } from '../console/till-staff';
import { recordAudit } from '../office/audit';
import { accountLook } from '../portal-sessions/views';
import type { Actor } from '../shared/actor';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken, newSecret } from '../shared/tokens';
import { isoTimestamp, jsonObject } from '../shared/values';
import { pairingCodeRefusal, redeemPairingCode } from './pairing';

/*
 * Cashier console devices (docs/cashier-console.md): a device pairs with the pairing code the office
 * shows (or a fixture device with its token) once and gets a console session, whose secret lives only in an httpOnly cookie. Every request
 * finds the device again from that secret, so a device revoked (in the office, or no longer in the
 * fixture) is refused at its next request.
 */

/** How long a console session lasts without use; each day of use extends it. */
export const CASHIER_SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A paired device, as a request finds it from its cookie. */
export interface PairedDevice {
  id: number;
  shopId: number;
  name: string;
  /** The console session (cookie) the request came with. */
  sessionId: number;
  expiresAt: string;
  /** The person signed in at its till (console/till-staff.ts), null: nobody. */
  staff: TillPerson | null;
}

/**
 * The actor of a console call: acts for the device's shop, logged under the device and the person
 * at its till; `deviceName` and `address` (the client's) for the audit log.
 */
export interface ConsoleActor extends Actor {
  kind: 'cashier_device';
  shopId: number;
  cashierDeviceId: number;
  staff: TillPerson | null;
  deviceName: string;
  address: string | null;
}

/** A refused device: error 1003 with HTTP 401 (the console then shows its pairing screen). */
export function deviceRefusal(): ServiceError {
  return refusal('device_not_paired', {
    en: 'This device is not paired, or no longer allowed',
    nl: 'Dit apparaat is niet gekoppeld, of niet meer toegestaan',
  });
}

/** The actor of a device's calls from client `address`: acts for its shop, logged under its id and person. */
export function cashierActor(
  device: Pick<PairedDevice, 'id' | 'shopId' | 'name' | 'staff'>,
  address: string | null = null,
): ConsoleActor {
  return {
    kind: 'cashier_device',
    shopId: device.shopId,
    cashierDeviceId: device.id,
    staff: device.staff,
    deviceName: device.name,
    address,
  };
}

/**
 * Records what a cashier device did (its actor log, with the person at its till), in the
 * transaction of the action itself.
 * @throws Error when the actor is not a cashier device (a programming error).
 */
export async function recordCashierAction(
  tx: Tx,
  actor: Actor & { staff?: TillPerson | null },
  action: CashierActionTable['action'],
  portalSessionId: number | null,
  data: Record<string, unknown>,
): Promise<void> {
  if (actor.cashierDeviceId === undefined) throw new Error('a cashier action needs a cashier device actor');
  await tx.db
    .insertInto('cashier_actions')
    .values({
      cashier_device_id: actor.cashierDeviceId,
      action,
      portal_session_id: portalSessionId,
      data: JSON.stringify(data),
      created_at: isoTimestamp(tx.now),
      staff_id: actor.staff?.id ?? null,
    })
    .execute();
}

/**
 * Pairs a device by its fixture token: opens a console session and returns its secret (for the
 * cookie, never stored in clear) and expiry. Records `paired` (and `device.paired` in the audit log).
 * @throws ServiceError 1003 (HTTP 401) for an unknown or revoked token, or a closed shop's device.
 */
export async function pairCashierDevice(
  tx: Tx,
  token: string,
  clientAddress: string | null = null,
): Promise<{ device: PairedDevice; secret: string }> {
  const row = await openConsoles(tx.db).where('d.token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) throw deviceRefusal();
  return openConsoleSession(tx, row, clientAddress);
}

/**
 * Pairs a device by the pairing code the office showed for it (pairing.ts; count the try first
 * with countPairingAttempt): as pairCashierDevice.
 * @throws ServiceError 1003 (HTTP 401, pairing_code_invalid) for a code unknown, used or expired,
 * or whose device was revoked or whose shop closed meanwhile.
 */
export async function pairCashierDeviceByCode(
  tx: Tx,
  code: string,
  clientAddress: string | null,
): Promise<{ device: PairedDevice; secret: string }> {
  const uuid = await redeemPairingCode(tx, 'console', code, clientAddress);
  const row = await openConsoles(tx.db).where('d.uuid', '=', uuid).executeTakeFirst();
  if (!row) throw pairingCodeRefusal();
  return openConsoleSession(tx, row, clientAddress);
}

// Consoles that may pair: not revoked, of a shop not closed.
function openConsoles(db: Db) {
  return db
    .selectFrom('cashier_devices as d')
    .innerJoin('shops as s', 's.id', 'd.shop_id')
    .select(['d.id', 'd.shop_id', 'd.name', 'd.uuid'])
    .where('d.revoked_at', 'is', null)
    .where('s.closed_at', 'is', null);
}

async function openConsoleSession(
  tx: Tx,
  row: { id: number; shop_id: number; name: string; uuid: string | null },
  clientAddress: string | null,
): Promise<{ device: PairedDevice; secret: string }> {
  const secret = newSecret();
  const expiresAt = isoTimestamp(new Date(tx.now.getTime() + CASHIER_SESSION_DAYS * DAY_MS));
  const session = await tx.db
    .insertInto('cashier_device_sessions')
    .values({
      secret_hash: hashToken(secret),
      cashier_device_id: row.id,
      created_at: isoTimestamp(tx.now),
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = {
    id: row.id,
    shopId: row.shop_id,
    name: row.name,
    sessionId: session.id,
    expiresAt,
    staff: null,
  };
  await recordCashierAction(tx, cashierActor(device), 'paired', null, {});
  await recordAudit(
    tx,
    { staffId: null, staffName: null, deviceName: row.name, address: clientAddress },
    {
      action: 'device.paired',
      subjectType: 'device',
      subjectUuid: row.uuid,
      shopId: row.shop_id,
      before: null,
      after: { kind: 'console', status: 'paired' },
    },
  );
  return { device, secret };
}

/**
 * The device of a console session secret (the cookie): only while the session lasts, the device
 * is not revoked and its shop not closed; undefined otherwise. Read on every request, with the
 * person at its till while they may still work it (a removed person's till sign-in ends at the next
 * request).
 */
export async function pairedDeviceBySecret(
  db: Db,
  secret: string,
  now: Date,
): Promise<PairedDevice | undefined> {
  const row = await db
    .selectFrom('cashier_device_sessions as s')
    .innerJoin('cashier_devices as d', 'd.id', 's.cashier_device_id')
    .innerJoin('shops as p', 'p.id', 'd.shop_id')
    .select(['d.id', 'd.shop_id', 'd.name', 's.id as session_id', 's.expires_at', 's.staff_id'])
    .where('s.secret_hash', '=', hashToken(secret))
    .where('d.revoked_at', 'is', null)
    .where('p.closed_at', 'is', null)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return undefined;
  const staff = row.staff_id === null ? undefined : await tillPerson(db, row.shop_id, row.staff_id);
  return {
    id: row.id,
    shopId: row.shop_id,
    name: row.name,
    sessionId: row.session_id,
    expiresAt: row.expires_at,
    staff: staff ?? null,
  };
}

/**
 * Extends a console session in use to CASHIER_SESSION_DAYS from now, at most once a day.
 * @returns the new expiry, or undefined when it was extended less than a day ago.
 */
export async function renewCashierSession(tx: Tx, device: PairedDevice): Promise<string | undefined> {
  const renewed = tx.now.getTime() + CASHIER_SESSION_DAYS * DAY_MS;
  if (renewed - Date.parse(device.expiresAt) < DAY_MS) return undefined;
  const expiresAt = isoTimestamp(new Date(renewed));
  await tx.db
    .updateTable('cashier_device_sessions')
    .set({ expires_at: expiresAt })
    .where('id', '=', device.sessionId)
    .execute();
  return expiresAt;
}

/**
 * Ends the device's console session (the cookie stops working, its event streams end) and records
 * `unpaired`.
 */
export async function unpairCashierDevice(tx: Tx, device: PairedDevice): Promise<void> {
  await tx.db.deleteFrom('cashier_device_sessions').where('id', '=', device.sessionId).execute();
  await recordCashierAction(tx, cashierActor(device), 'unpaired', null, {});
  announceRevocation(tx, cashierSessionHolder(device.sessionId));
}

/**
 * The settings the console starts sessions with: the spec's defaults, overridden by the fixture's
 * `account.settings.session_defaults` (validated when the fixture loads).
 */
export async function accountSessionDefaults(db: Db): Promise<PortalSettings> {
  const account = await db.selectFrom('account').select('settings').executeTakeFirst();
  const parsed = sessionDefaults.safeParse(jsonObject(account?.settings ?? null).session_defaults ?? {});
  return { ...SESSION_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
}

/** What the console shows of its device (contract/cashier.ts CashierDevice), with who is at its till. */
export async function cashierDeviceView(db: Db, device: PairedDevice): Promise<CashierDevice> {
  const [shop, look, defaults, staffRequired] = await Promise.all([
    shopById(db, device.shopId),
    accountLook(db),
    accountSessionDefaults(db),
    shopHasTillStaff(db, device.shopId),
  ]);
  return {
    name: device.name,
    shop: { uuid: shop.uuid, name: shop.name },
    account: look.account,
    session_defaults: defaults,
    staff: device.staff ? { uuid: device.staff.uuid, name: device.staff.name } : null,
    staff_required: staffRequired,
  };
}
