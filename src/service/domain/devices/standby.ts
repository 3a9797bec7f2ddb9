import { type DeviceState, STANDBY_OFFERS } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import { shopById } from '../account/shops';
import { sessionRefusal } from '../portal-sessions/guards';
import { accountLook } from '../portal-sessions/views';
import { hashToken } from '../shared/tokens';
import { fromCenti, isoTimestamp } from '../shared/values';

/**
 * The shop a standby screen is paired to, by the screen's device token (stored hashed).
 * @throws ServiceError 1003 (HTTP 404) for an unknown token.
 */
export async function deviceShopId(db: Db, token: string): Promise<number> {
  const shopId = await deviceShopIdOf(db, token);
  if (shopId === undefined)
    throw sessionRefusal('device_not_found', 'Device not found', 'Apparaat niet gevonden');
  return shopId;
}

/**
 * The shop of a standby screen's device token, or undefined when the fixture does not list it (any
 * more) or the office revoked it (its shop closed, or the device itself).
 */
export async function deviceShopIdOf(db: Db, token: string): Promise<number | undefined> {
  const device = await db
    .selectFrom('devices')
    .select('shop_id')
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return device?.shop_id;
}

/**
 * What a standby screen shows (contract/portal.ts DeviceState): its shop, the account's brand, the
 * offers of its attract loop (active, in-stock rewards, cheapest first) and the shop's newest
 * open, unexpired session of any type, which it switches to. `expires_at` of
 * that session tells when to look again.
 */
export async function deviceState(
  db: Db,
  shopId: number,
  now: Date,
): Promise<{ state: DeviceState; expiresAt: string | null }> {
  const [shop, look, offers, session] = await Promise.all([
    shopById(db, shopId),
    accountLook(db),
    db
      .selectFrom('rewards')
      .select(['title', 'required_credits_centi', 'media'])
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
      .orderBy('required_credits_centi')
      .orderBy('id')
      .limit(STANDBY_OFFERS)
      .execute(),
    db
      .selectFrom('portal_sessions')
      .select(['uuid', 'type', 'expires_at'])
      .where('shop_id', '=', shopId)
      .where('status', '=', 'open')
      .where('expires_at', '>', isoTimestamp(now))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    state: {
      shop: { uuid: shop.uuid, name: shop.name },
      account: look.account,
      session: session ? { uuid: session.uuid, type: session.type } : null,
      offers: offers.map((offer) => ({
        title: offer.title,
        required_credits: fromCenti(Number(offer.required_credits_centi)),
        media: offer.media ? (JSON.parse(offer.media) as DeviceState['offers'][number]['media']) : null,
      })),
    },
    expiresAt: session?.expires_at ?? null,
  };
}
