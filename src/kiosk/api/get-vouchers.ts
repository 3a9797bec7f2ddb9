import { useQuery } from '@tanstack/react-query';
import type { PortalVoucher } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/** GET /portal/api/sessions/{uuid}/vouchers: the identified customer's active vouchers. */
export function vouchersQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalVoucher[]>(uuid, 'vouchers');
}

/** The customer's active vouchers (vouchers and identify sessions). */
export function useVouchers(uuid: string) {
  return useQuery(vouchersQueryOptions(uuid));
}
