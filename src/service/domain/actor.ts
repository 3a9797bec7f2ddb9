/**
 * Who is calling, as the auth plugin resolved it from the bearer token (spec "Authentication").
 * `shopId` is set for an API key bound to a shop (a register key): calls whose payload names no
 * shop act for it.
 */
export interface Actor {
  kind: 'api_key' | 'access_token' | 'personal_access_token';
  shopId: number | null;
}
