import {
  type DeviceKind,
  normalizePairingCode,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_MINUTES,
  type PairingCode,
} from '../../../contract/office';
import type { Tx } from '../../db/transaction';
import { refundGuess, spendGuess } from '../contacts/guess-budgets';
import { refusal, type ServiceError } from '../shared/errors';
import { hashToken, newCode } from '../shared/tokens';
import { apiTimestamp, isoTimestamp } from '../shared/values';

/*
 * Pairing codes (docs/office.md "Devices"): the office shows a short code for one device, typed
 * on the device (the console's pair screen, the tablet's "Pair this screen") within
 * PAIRING_CODE_MINUTES, once. Stored hashed; a new code for the device ends the one before. Eight
 * letters and digits without look-alikes (about 40 random bits), and every client address has a
 * budget of wrong codes (contacts/guess-budgets.ts) on top of the pairing calls' rate limit, so
 * guessing one is hopeless. An unknown, used or expired code gets one answer.
 */

/** The one refusal of a code that does not pair: error 1003, HTTP 401 (pairing_code_invalid). */
export function pairingCodeRefusal(): ServiceError {
  return refusal('pairing_code_invalid', {
    en: 'This pairing code is not known, used already or expired; ask for a new one in the office',
    nl: 'Deze koppelcode is onbekend, al gebruikt of verlopen; vraag in het kantoor om een nieuwe',
  });
}

/**
 * Makes a new pairing code for the device `kind`/`deviceUuid`, valid PAIRING_CODE_MINUTES from
 * now, once; a code of the device not used yet stops working. Answers the code as shown
 * (`ABCD-EFGH`), which the service keeps only hashed.
 */
export async function issuePairingCode(tx: Tx, kind: DeviceKind, deviceUuid: string): Promise<PairingCode> {
  await dropPairingCodes(tx, deviceUuid);
  const code = newCode('', PAIRING_CODE_LENGTH);
  const expiresAt = isoTimestamp(new Date(tx.now.getTime() + PAIRING_CODE_MINUTES * 60_000));
  await tx.db
    .insertInto('pairing_codes')
    .values({
      code_hash: hashToken(code),
      device_kind: kind,
      device_uuid: deviceUuid,
      created_at: isoTimestamp(tx.now),
      expires_at: expiresAt,
    })
    .execute();
  return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expires_at: apiTimestamp(expiresAt) };
}

/** Ends the device's codes not used yet (a new code, or the device revoked). */
export async function dropPairingCodes(tx: Tx, deviceUuid: string): Promise<void> {
  await tx.db
    .deleteFrom('pairing_codes')
    .where('device_uuid', '=', deviceUuid)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Counts one pairing try against the client address's budget of wrong codes, before it is
 * checked; run it in a transaction of its own (a wrong code's refusal keeps it counted).
 * @throws ServiceError 1003 (HTTP 429, too_many_wrong_codes, Retry-After) when the budget is spent.
 */
export function countPairingAttempt(tx: Tx, clientAddress: string | null): Promise<void> {
  return spendGuess(tx, 'pairing', { contactId: null, clientAddress });
}

/**
 * Uses a typed pairing code of a `kind` device (case and dash do not matter): marks it used and
 * gives back the try counted by countPairingAttempt. Answers the device's uuid.
 * @throws ServiceError 1003 (HTTP 401, pairing_code_invalid) for a code unknown, used, expired or
 * of the other kind of device.
 */
export async function redeemPairingCode(
  tx: Tx,
  kind: DeviceKind,
  typed: string,
  clientAddress: string | null,
): Promise<string> {
  const code = normalizePairingCode(typed);
  if (code === null) throw pairingCodeRefusal();
  // Used once: the update finds the row only while it is unused and unexpired.
  const row = await tx.db
    .updateTable('pairing_codes')
    .set({ used_at: isoTimestamp(tx.now) })
    .where('code_hash', '=', hashToken(code))
    .where('device_kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoTimestamp(tx.now))
    .returning('device_uuid')
    .executeTakeFirst();
  if (!row) throw pairingCodeRefusal();
  await refundGuess(tx, 'pairing', { contactId: null, clientAddress });
  return row.device_uuid;
}
