import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerCard,
  CustomerChange,
  CustomerHistory,
  CustomerSearchResult,
  OfficeCustomer,
  ReversalType,
} from '../../contract/office-customers';
import { request } from '../../web/request';
import { OFFICE_API } from './client';

/*
 * Customer service's queries and mutations (docs/office.md "Customer service"), keys under
 * ['office', 'customers']. The customer's uuid goes in the API's paths only, never the page's
 * address; a search sends its query in a POST body.
 */

const KEY = ['office', 'customers'] as const;

/** POST /customers/search, as a mutation: one search per press of the button. */
export function useCustomerSearch() {
  return useMutation({
    mutationFn: (query: string) =>
      request<CustomerSearchResult>(OFFICE_API, {
        method: 'POST',
        path: '/customers/search',
        body: { query },
      }),
  });
}

export function useCustomer(uuid: string) {
  return useQuery({
    queryKey: [...KEY, uuid],
    queryFn: () => request<OfficeCustomer>(OFFICE_API, { method: 'GET', path: `/customers/${uuid}` }),
  });
}

export function useCustomerHistory(uuid: string) {
  return useQuery({
    queryKey: [...KEY, uuid, 'history'],
    queryFn: () =>
      request<CustomerHistory>(OFFICE_API, { method: 'GET', path: `/customers/${uuid}/history` }),
  });
}

/** A change to customer `uuid`: `call` made, then their page, history and the audit log fetched anew. */
function useCustomerChange<V, R>(uuid: string, call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...KEY, uuid] });
      void client.invalidateQueries({ queryKey: ['office', 'audit'] });
    },
  });
}

/** A points correction; `key` (one per correction typed) makes a retry safe (Idempotency-Key). */
export function useCorrectCredits(uuid: string) {
  return useCustomerChange(
    uuid,
    (vars: { shop_uuid: string; credits: number; reason: string; key: string }) =>
      request<CustomerChange>(OFFICE_API, {
        method: 'POST',
        path: `/customers/${uuid}/credit-corrections`,
        body: { shop_uuid: vars.shop_uuid, credits: vars.credits, reason: vars.reason },
        idempotencyKey: vars.key,
      }),
  );
}

export function useReverse(uuid: string) {
  return useCustomerChange(uuid, (vars: { type: ReversalType; uuid: string }) =>
    request<CustomerChange>(OFFICE_API, { method: 'POST', path: `/customers/${uuid}/reversals`, body: vars }),
  );
}

export function useBlockCard(uuid: string) {
  return useCustomerChange(uuid, (vars: { card: number; blocked: boolean }) =>
    request<CustomerCard>(OFFICE_API, {
      method: 'PUT',
      path: `/customers/${uuid}/cards/${vars.card}`,
      body: { blocked: vars.blocked },
    }),
  );
}

/** The export, as a download of customer-data.json (made in the page: the file never has a URL of its own). */
export function useExportCustomer(uuid: string) {
  return useCustomerChange(uuid, async () => {
    const data = await request<unknown>(OFFICE_API, { method: 'POST', path: `/customers/${uuid}/export` });
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const href = URL.createObjectURL?.(blob);
    if (href) {
      const link = document.createElement('a');
      link.href = href;
      link.download = 'customer-data.json';
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(href);
    }
    return data;
  });
}

export function useEraseCustomer(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<void>(OFFICE_API, { method: 'POST', path: `/customers/${uuid}/erase` }),
    onSuccess: () => {
      client.removeQueries({ queryKey: [...KEY, uuid] });
      void client.invalidateQueries({ queryKey: ['office', 'audit'] });
    },
  });
}
