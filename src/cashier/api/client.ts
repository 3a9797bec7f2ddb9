import type { Api } from '../../web/request';

/**
 * The console API (contract/cashier.ts; the console is served at /cashier/): `{data, meta}`
 * answers, the device's session cookie sent along (same origin; the page never sees it). Call it
 * with web/request.ts's request<T>; 401 means not paired or revoked.
 */
export const CASHIER_API: Api = { base: '/cashier/api', envelope: true };

/** The path of one session's console resource. */
export function sessionPath(uuid: string, rest = ''): string {
  return `/sessions/${encodeURIComponent(uuid)}${rest}`;
}
