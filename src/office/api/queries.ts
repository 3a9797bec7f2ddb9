import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AuditPage,
  DeviceKind,
  NewDevice,
  NewRegisterKey,
  OfficeDevice,
  OfficeMe,
  OfficeShop,
  OfficeStaff,
  PairingCode,
  RegisterKey,
  StaffRole,
} from '../../contract/office';
import { ApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { OFFICE_API } from './client';

/*
 * The office API's queries and mutations (TanStack Query), every key under ['office']. A change
 * refreshes the lists it touches and the audit log.
 */

/** Why the sign-in screen shows: signed out here, everywhere, or the session ended by itself. */
export type SignedOutNote = 'signed-out' | 'everywhere' | 'expired';

/** Who the page is for: nobody signed in, a cashier (refused here), or a signed-in owner or manager. */
export type Session =
  | { state: 'signed-out'; note?: SignedOutNote }
  | { state: 'cashier' }
  | { state: 'in'; me: OfficeMe };

export const SESSION_KEY = ['office', 'session'] as const;

/** GET /me as a Session: 401 is signed out, 403 office_not_allowed a cashier; other errors throw. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<Session> => {
      try {
        return { state: 'in', me: await request<OfficeMe>(OFFICE_API, { method: 'GET', path: '/me' }) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { state: 'signed-out' };
        if (error instanceof ApiError && error.status === 403) return { state: 'cashier' };
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** Forgets everything the signed-in person saw and shows `session` (the sign-in screen, the refusal). */
export function endSession(client: QueryClient, session: Session = { state: 'signed-out' }): void {
  client.removeQueries({ predicate: (query) => query.queryKey[1] !== 'session' });
  client.setQueryData(SESSION_KEY, session);
}

/**
 * A list answer as a list: the office API answers a list as `{<name>: [...]}` (an array as such is
 * taken too), so the page reads the one array in it.
 */
function listOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const found = Object.values((answer ?? {}) as Record<string, unknown>).find(Array.isArray);
  return (found ?? []) as T[];
}

const get = <T>(path: string) => request<unknown>(OFFICE_API, { method: 'GET', path }).then(listOf<T>);

export function useShops() {
  return useQuery({ queryKey: ['office', 'shops'], queryFn: () => get<OfficeShop>('/shops') });
}

/** While a device waits for its code, asked again every few seconds: typed, it shows as in use. */
export const WAITING_DEVICES_REFETCH_MS = 3000;

export function useDevices() {
  return useQuery({
    queryKey: ['office', 'devices'],
    queryFn: () => get<OfficeDevice>('/devices'),
    refetchInterval: (query) =>
      query.state.data?.some((device) => device.status === 'waiting') ? WAITING_DEVICES_REFETCH_MS : false,
  });
}

export function useStaff() {
  return useQuery({ queryKey: ['office', 'staff'], queryFn: () => get<OfficeStaff>('/staff') });
}

export function useRegisterKeys() {
  return useQuery({
    queryKey: ['office', 'register-keys'],
    queryFn: () => get<RegisterKey>('/register-keys'),
  });
}

/** The audit log's filters: a person, a shop, dates (YYYY-MM-DD, inclusive); empty: any. */
export interface AuditFilters {
  staff_uuid: string;
  shop_uuid: string;
  from: string;
  to: string;
}

/** The audit log under `filters`, newest first, a page at a time ("older": fetchNextPage). */
export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['office', 'audit', filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
      if (pageParam !== null) query.set('before_id', String(pageParam));
      const text = query.toString();
      return request<AuditPage>(OFFICE_API, { method: 'GET', path: `/audit${text ? `?${text}` : ''}` });
    },
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** A change of the office: `call` made, then the lists under `touches` and the audit log fetched anew. */
function useChange<V, R>(touches: string[], call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const name of [...touches, 'audit']) void client.invalidateQueries({ queryKey: ['office', name] });
    },
  });
}

const post = <R>(path: string, body: unknown = {}) => request<R>(OFFICE_API, { method: 'POST', path, body });
const put = <R>(path: string, body: unknown) => request<R>(OFFICE_API, { method: 'PUT', path, body });

/** A shop's fields as the form sends them (contract shopRequest). */
export interface ShopValues {
  name: string;
  reference: string | null;
  address: {
    street: string | null;
    housenumber: string | null;
    postalcode: string | null;
    city: string | null;
    country: string | null;
  } | null;
}

export function useSaveShop() {
  return useChange(['shops', 'session'], ({ uuid, values }: { uuid: string | null; values: ShopValues }) =>
    uuid ? put<OfficeShop>(`/shops/${uuid}`, values) : post<OfficeShop>('/shops', values),
  );
}

export function useCloseShop() {
  return useChange(['shops', 'session', 'devices', 'register-keys'], (uuid: string) =>
    post<unknown>(`/shops/${uuid}/close`),
  );
}

export function useAddDevice() {
  return useChange(['devices'], (values: { kind: DeviceKind; name: string; shop_uuid: string }) =>
    post<NewDevice>('/devices', values),
  );
}

export function useUpdateDevice() {
  return useChange(['devices'], ({ uuid, ...values }: { uuid: string; name: string; shop_uuid: string }) =>
    put<OfficeDevice>(`/devices/${uuid}`, values),
  );
}

export function useNewPairingCode() {
  return useChange(['devices'], (uuid: string) => post<PairingCode>(`/devices/${uuid}/pairing-code`));
}

export function useRevokeDevice() {
  return useChange(['devices'], (uuid: string) => post<unknown>(`/devices/${uuid}/revoke`));
}

/** A staff member's fields as the form sends them (contract staffRequest / staffUpdateRequest). */
export interface StaffValues {
  name: string;
  email?: string | null;
  role: StaffRole;
  shop_uuids: string[];
  /** Four digits; left out: unchanged (an edit), none (a new member). */
  passcode?: string;
}

export function useSaveStaff() {
  return useChange(['staff'], ({ uuid, values }: { uuid: string | null; values: StaffValues }) =>
    uuid ? put<OfficeStaff>(`/staff/${uuid}`, values) : post<OfficeStaff>('/staff', values),
  );
}

export function useRemoveStaff() {
  return useChange(['staff'], (uuid: string) => post<unknown>(`/staff/${uuid}/remove`));
}

export function useCreateRegisterKey() {
  return useChange(['register-keys'], (values: { name: string; shop_uuid: string | null }) =>
    post<NewRegisterKey>('/register-keys', values),
  );
}

export function useRevokeRegisterKey() {
  return useChange(['register-keys'], (uuid: string) => post<unknown>(`/register-keys/${uuid}/revoke`));
}
