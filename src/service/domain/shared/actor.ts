/**
 * Who is calling, as the auth plugin resolved it from the bearer token (spec "Authentication"), or
 * a cashier console device from its session cookie (`cashier_device`, with `cashierDeviceId`).
 * `shopId` is set for an API key bound to a shop (a register key) and for a cashier device: calls
 * whose payload names no shop act for it.
 */
export interface Actor {
  kind: 'api_key' | 'access_token' | 'personal_access_token' | 'cashier_device';
  shopId: number | null;
  /** The cashier device acting (kind `cashier_device`); its actions are logged in `cashier_actions`. */
  cashierDeviceId?: number;
}

/**
 * The one rule of every call that acts on a row a shop made (docs/trust-model.md "What a register
 * key may touch"): a key bound to a shop (a register key, a cashier device) acts only on its own
 * shop's rows; a key bound to no shop acts on every shop's. A row of no shop (`rowShopId` null: the
 * fixture's opening entries, a redemption made without one) is no bound key's.
 * @returns whether `actor` may act on a row of shop `rowShopId`. Callers refuse with the spec's
 * code for "not this shop's" where it names one (55024 for credit receptions), else exactly as an
 * unknown row.
 */
export function actsForShop(actor: Actor, rowShopId: number | null): boolean {
  return actor.shopId === null || rowShopId === actor.shopId;
}
