import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandRequest, OfficeBrand, OfficeReward, RewardRequest } from '../../contract/office-rewards';
import { request } from '../../web/request';
import { OFFICE_API } from './client';

/*
 * The office's rewards and brand (contract/office-rewards.ts): queries under ['office', 'rewards']
 * and ['office', 'brand']; a change refreshes its list, the audit log and (the brand) who am I,
 * whose account look the page wears.
 */

function listOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const found = Object.values((answer ?? {}) as Record<string, unknown>).find(Array.isArray);
  return (found ?? []) as T[];
}

export function useOfficeRewards() {
  return useQuery({
    queryKey: ['office', 'rewards'],
    queryFn: () =>
      request<unknown>(OFFICE_API, { method: 'GET', path: '/rewards' }).then(listOf<OfficeReward>),
  });
}

export function useOfficeBrand() {
  return useQuery({
    queryKey: ['office', 'brand'],
    queryFn: () => request<OfficeBrand>(OFFICE_API, { method: 'GET', path: '/brand' }),
  });
}

function useChange<V, R>(touches: string[], call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const name of [...touches, 'audit']) void client.invalidateQueries({ queryKey: ['office', name] });
    },
  });
}

/** Adds (`uuid` null) or changes a reward. */
export function useSaveReward() {
  return useChange(['rewards'], ({ uuid, values }: { uuid: string | null; values: RewardRequest }) =>
    request<OfficeReward>(OFFICE_API, {
      method: uuid ? 'PUT' : 'POST',
      path: uuid ? `/rewards/${uuid}` : '/rewards',
      body: values,
    }),
  );
}

export function useSaveBrand() {
  return useChange(['brand', 'session'], (values: BrandRequest) =>
    request<OfficeBrand>(OFFICE_API, { method: 'PUT', path: '/brand', body: values }),
  );
}

/** A chosen file as the API takes it: its bytes in base64. */
export async function pictureOf(file: File): Promise<{ data: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return { data: btoa(text) };
}
