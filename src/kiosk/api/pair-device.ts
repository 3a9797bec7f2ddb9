import type { TabletPairing } from '../../contract/office';
import { request } from '../../web/request';
import { PORTAL_API } from './client';

/**
 * POST /portal/api/devices/pair: the pairing code the office shows, for this tablet's device token.
 * Errors: 401 pairing_code_invalid (unknown, used or expired), 429 too many tries.
 */
export function pairDevice(code: string): Promise<TabletPairing> {
  return request<TabletPairing>(PORTAL_API, { method: 'POST', path: '/devices/pair', body: { code } });
}
