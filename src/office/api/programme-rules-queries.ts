import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EarningOverview,
  EarningRule,
  OfficePromotion,
  OfficeSessionDefaults,
  OfficeSubscriptionType,
  OfficeTier,
  OfficeUnit,
  VoucherBatch,
} from '../../contract/office-programme-rules';
import { ApiError, NETWORK_ERROR, refusalOf } from '../../web/api-error';
import { request } from '../../web/request';
import { OFFICE_API } from './client';

/*
 * The programme's earning rules and promotions (docs/office.md "Earning and promotions"): its
 * queries and mutations, under ['office', 'earning'] and ['office', 'promotions']. A change
 * refreshes its list and the audit log.
 */

export function useEarning() {
  return useQuery({
    queryKey: ['office', 'earning'],
    queryFn: () => request<EarningOverview>(OFFICE_API, { method: 'GET', path: '/earning' }),
  });
}

export function usePromotions() {
  return useQuery({
    queryKey: ['office', 'promotions'],
    queryFn: async () =>
      (await request<{ promotions: OfficePromotion[] }>(OFFICE_API, { method: 'GET', path: '/promotions' }))
        .promotions,
  });
}

function useProgrammeChange<V, R>(list: 'earning' | 'promotions', call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const name of [list, 'audit']) void client.invalidateQueries({ queryKey: ['office', name] });
    },
  });
}

const send = <R>(method: 'POST' | 'PUT', path: string, body: unknown = {}) =>
  request<R>(OFFICE_API, { method, path, body });

/** An earning rule as the form sends it (contract earningRuleRequest). */
export interface RuleValues {
  unit_name: string;
  credits_per_unit: string;
  rounding: 'floor' | 'round' | 'ceil';
  tier_uuid: string | null;
  weekdays: number[] | null;
  from_time: string | null;
  until_time: string | null;
}

export function useSaveRule() {
  return useProgrammeChange('earning', ({ id, values }: { id: number | null; values: RuleValues }) =>
    id === null
      ? send<EarningRule>('POST', '/earning-rules', values)
      : send<EarningRule>('PUT', `/earning-rules/${id}`, values),
  );
}

export function useRemoveRule() {
  return useProgrammeChange('earning', (id: number) => send<unknown>('POST', `/earning-rules/${id}/remove`));
}

export interface TierValues {
  name: string;
  description: string | null;
  position?: number;
}

export function useSaveTier() {
  return useProgrammeChange('earning', ({ uuid, values }: { uuid: string | null; values: TierValues }) =>
    uuid === null
      ? send<OfficeTier>('POST', '/tiers', values)
      : send<OfficeTier>('PUT', `/tiers/${uuid}`, values),
  );
}

export function useRemoveTier() {
  return useProgrammeChange('earning', (uuid: string) => send<unknown>('POST', `/tiers/${uuid}/remove`));
}

export interface UnitValues {
  name: string;
  label: string;
  prefix: string;
  is_default: boolean;
}

export function useSaveUnit() {
  return useProgrammeChange('earning', ({ isNew, values }: { isNew: boolean; values: UnitValues }) =>
    isNew
      ? send<OfficeUnit>('POST', '/units', values)
      : send<OfficeUnit>('PUT', `/units/${encodeURIComponent(values.name)}`, {
          label: values.label,
          prefix: values.prefix,
          ...(values.is_default ? { is_default: true } : {}),
        }),
  );
}

export interface SubscriptionTypeValues {
  name: string;
  description: string | null;
  active: boolean;
  strategy: OfficeSubscriptionType['strategy'];
}

export function useSaveSubscriptionType() {
  return useProgrammeChange(
    'earning',
    ({ id, values }: { id: number | null; values: SubscriptionTypeValues }) =>
      id === null
        ? send<OfficeSubscriptionType>('POST', '/subscription-types', values)
        : send<OfficeSubscriptionType>('PUT', `/subscription-types/${id}`, values),
  );
}

export function useSaveSessionDefaults() {
  return useProgrammeChange('earning', (values: OfficeSessionDefaults) =>
    send<OfficeSessionDefaults>('PUT', '/session-defaults', values),
  );
}

export interface PromotionValues {
  name: string;
  description: string | null;
  voucher_limit: number | null;
  limit_per_contact: number | null;
  expiration_duration: number | null;
}

export function useSavePromotion() {
  return useProgrammeChange(
    'promotions',
    ({ uuid, values }: { uuid: string | null; values: PromotionValues }) =>
      uuid === null
        ? send<OfficePromotion>('POST', '/promotions', values)
        : send<OfficePromotion>('PUT', `/promotions/${uuid}`, values),
  );
}

export function useMakeVouchers() {
  return useProgrammeChange('promotions', ({ uuid, count }: { uuid: string; count: number }) =>
    send<VoucherBatch>('POST', `/promotions/${uuid}/vouchers`, { count }),
  );
}

/**
 * Downloads a promotion's vouchers as the CSV file the service makes (a POST: the codes can be
 * redeemed, so the export is in the audit log): the file is handed to the browser as a download
 * under the service's file name. Throws ApiError as request() does.
 */
export async function downloadVouchers(uuid: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${OFFICE_API.base}/promotions/${uuid}/vouchers/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/csv' },
      body: '{}',
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw refusalOf(body, response.status, response.headers.get('retry-after'));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'vouchers.csv';
  const blob = await response.blob();
  if (typeof URL.createObjectURL === 'function') {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

export function useDownloadVouchers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadVouchers,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['office', 'audit'] }),
  });
}
