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
