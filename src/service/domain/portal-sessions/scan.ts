import type { PortalVoucher, ScannedCode } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import { identifierByValue } from '../contacts/identifiers';

import { findGiftcard } from '../giftcards/giftcards';

import { parseLoyaltyTokenUrl } from '../loyalty/loyalty-tokens';

import { ServiceError } from '../shared/errors';
import { portalVouchers } from '../vouchers/views';
import { voucherView } from '../vouchers/vouchers';

/*
 * What a scanned value is in this account (contract/portal.ts ScannedCode), so that the kiosk
 * chooses the screen by what was scanned, never taking a voucher or a gift card for a loyalty card.
 * The service serves one account: every table read here is that account's, so a code of another
 * account (another service's database) is unknown.
 */

/**
 * Classifies `value` (trimmed, as scanned or typed): a loyalty card (linked, unlinked, inactive),
 * an app code (usable, used), a receipt token's URL, a gift card (hash, or a QR link naming it), a
 * voucher code, else unknown — in that order, the first that matches. Reads only; changes nothing.
 */
export async function classifyScannedValue(db: Db, value: string, now: Date): Promise<ScannedCode> {
  const card = await identifierByValue(db, value);
  if (card) {
    const state = card.active !== 1 ? 'inactive' : card.contact_id === null ? 'unlinked' : 'linked';
    return { kind: 'card', state };
  }
  const token = await db
    .selectFrom('contact_session_tokens')
    .select(['status', 'expires_at'])
    .where('token', '=', value)
    .executeTakeFirst();
  if (token) {
    // An app code of /me/ that ran out unused is as spent as a used one.
    const usable =
      token.status === 'active' &&
      (token.expires_at === null || Date.parse(token.expires_at) > now.getTime());
    return { kind: 'app_token', state: usable ? 'usable' : 'used' };
  }
  return codeOfNobody(db, value, now);
}

/** A value that is neither a card nor an app code: a receipt token, a gift card, a voucher code, or unknown. */
export async function codeOfNobody(
  db: Db,
  value: string,
  now: Date,
): Promise<Extract<ScannedCode, { kind: 'giftcard' | 'voucher' | 'receipt_token' | 'unknown' }>> {
  if (parseLoyaltyTokenUrl(value)) return { kind: 'receipt_token' };
  if (await orNull(findGiftcard(db, value))) return { kind: 'giftcard' };
  const voucher = await db.selectFrom('vouchers').selectAll().where('code', '=', value).executeTakeFirst();
  if (voucher) {
    const [shown] = await portalVouchers(db, [await voucherView(db, voucher, now)], now);
    return { kind: 'voucher', voucher: shown! };
  }
  return { kind: 'unknown' };
}

// A lookup that answers "not found" with a ServiceError: null instead.
async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ServiceError) return null;
    throw err;
  }
}

/**
 * The voucher a scanned or typed code names, as the counter shows it, judged at `now` (`unusable`:
 * why it cannot be used); whose it is is not told. A code that names a card, an app code or a gift
 * card names no voucher (classifyScannedValue's order).
 * @throws ServiceError 80004 when the code names no voucher.
 */
export async function scannedVoucher(db: Db, code: string, now: Date): Promise<PortalVoucher> {
  const scanned = await classifyScannedValue(db, code, now);
  if (scanned.kind !== 'voucher') throw new ServiceError(80004);
  return scanned.voucher;
}
