/*
 * Vouchers as the counter and the customer's page show them: each with its promotion's picture and
 * why it cannot be used now.
 */
import type { PortalVoucher } from '../../../contract/portal';
import type { Voucher } from '../../../contract/public/vouchers';
import type { Db } from '../../db/schema';
import { apiTimestamp } from '../shared/values';

/**
 * Why a voucher cannot be used at `now` (contract/portal.ts PortalVoucher `unusable`), with the
 * date that tells it; null when it can. `lockedUntil`: the end of a lock held elsewhere.
 */
function unusable(voucher: Voucher, lockedUntil: string | null, now: Date): PortalVoucher['unusable'] {
  switch (voucher.status) {
    case 'REDEEMED':
      return { reason: 'redeemed', date: voucher.redeemed_at };
    case 'EXPIRED':
      return { reason: 'expired', date: voucher.expiration_date };
    case 'DEACTIVATED':
      return { reason: 'deactivated', date: null };
    case 'INACTIVE':
      return { reason: 'not_yet_active', date: voucher.activation_date };
    case 'LOCKED':
      return { reason: 'locked', date: lockedUntil };
    case 'ACTIVE':
      return voucher.activation_date !== null && Date.parse(voucher.activation_date) > now.getTime()
        ? { reason: 'not_yet_active', date: voucher.activation_date }
        : null;
  }
}

/**
 * Vouchers as the kiosk shows them (contract/portal.ts PortalVoucher), in their order, each with its
 * promotion's picture (`media`, like a reward's) and, judged at `now`, why it cannot be used (one
 * query for the pictures, one for the locks).
 */
export async function portalVouchers(db: Db, vouchers: Voucher[], now: Date): Promise<PortalVoucher[]> {
  const uuids = [...new Set(vouchers.map((voucher) => voucher.promotion.uuid))];
  const lockedUuids = vouchers.filter((v) => v.status === 'LOCKED').map((v) => v.uuid);
  const [promotions, locks] = await Promise.all([
    uuids.length === 0
      ? []
      : db.selectFrom('promotions').select(['uuid', 'media']).where('uuid', 'in', uuids).execute(),
    lockedUuids.length === 0
      ? []
      : db.selectFrom('vouchers').select(['uuid', 'locked_until']).where('uuid', 'in', lockedUuids).execute(),
  ]);
  const media = new Map(
    promotions.map((p) => [p.uuid, p.media ? (JSON.parse(p.media) as PortalVoucher['media']) : null]),
  );
  const lockedUntil = new Map(locks.map((l) => [l.uuid, apiTimestamp(l.locked_until)]));
  return vouchers.map((voucher) => ({
    uuid: voucher.uuid,
    code: voucher.code,
    name: voucher.name,
    description: voucher.description,
    expiration_date: voucher.expiration_date,
    status: voucher.status,
    media: media.get(voucher.promotion.uuid) ?? null,
    unusable: unusable(voucher, lockedUntil.get(voucher.uuid) ?? null, now),
  }));
}
