import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MeActivity,
  MeAppCode,
  MeCard,
  MeCards,
  MeOverview,
  MeProfile,
  MeRewards,
  MeSubscriptions,
  MeVouchers,
  ProfileField,
} from '../../contract/me';
import { ApiError } from '../../web/api-error';
import { request } from '../../web/request';
import { ME_API } from './client';

/** The signed-in customer's overview; an error with status 401 means signed out. */
export function useOverview(enabled = true) {
  return useQuery({
    queryKey: ['me', 'overview'],
    queryFn: () => request<MeOverview>(ME_API, { method: 'GET', path: '/overview' }),
    enabled,
  });
}

/** How long before an app code expires the page fetches the next one. */
export const APP_CODE_MARGIN_MS = 15_000;

/**
 * The app code (a contact session token) and a fresh one shortly before it expires
 * (APP_CODE_MARGIN_MS), at the latest every minute; `now` is the clock (tests pass their own).
 */
export function useAppCode(now: () => number = Date.now) {
  return useQuery({
    queryKey: ['me', 'app-code'],
    queryFn: () => request<MeAppCode>(ME_API, { method: 'GET', path: '/app-code' }),
    staleTime: 0,
    refetchInterval: (query) => {
      const expires = Date.parse(query.state.data?.expires_at ?? '');
      if (!Number.isFinite(expires)) return 60_000;
      return Math.max(1000, Math.min(60_000, expires - now() - APP_CODE_MARGIN_MS));
    },
  });
}

export function useRewards() {
  return useQuery({
    queryKey: ['me', 'rewards'],
    queryFn: async () => (await request<MeRewards>(ME_API, { method: 'GET', path: '/rewards' })).rewards,
  });
}

export function useVouchers() {
  return useQuery({
    queryKey: ['me', 'vouchers'],
    queryFn: async () => (await request<MeVouchers>(ME_API, { method: 'GET', path: '/vouchers' })).vouchers,
  });
}

/** One page (from 1) of the activity, newest first; the previous page stays shown while the next loads. */
export function useActivity(page: number) {
  return useQuery({
    queryKey: ['me', 'activity', page],
    queryFn: () => request<MeActivity>(ME_API, { method: 'GET', path: `/activity?page=${page}` }),
    placeholderData: keepPreviousData,
  });
}

export function useCards() {
  return useQuery({
    queryKey: ['me', 'cards'],
    queryFn: async () => (await request<MeCards>(ME_API, { method: 'GET', path: '/cards' })).cards,
  });
}

export function useAddCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => request<MeCard>(ME_API, { method: 'POST', path: '/cards', body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'cards'] }),
  });
}

export function useRemoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<void>(ME_API, { method: 'DELETE', path: `/cards/${id}` }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'cards'] }),
  });
}

export function useSubscriptions() {
  return useQuery({
    queryKey: ['me', 'subscriptions'],
    queryFn: async () =>
      (await request<MeSubscriptions>(ME_API, { method: 'GET', path: '/subscriptions' })).subscriptions,
  });
}

export function useChangeSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribed }: { id: number; subscribed: boolean }) =>
      request<unknown>(ME_API, { method: 'PUT', path: `/subscriptions/${id}`, body: { subscribed } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'subscriptions'] }),
  });
}

export function useProfile() {
  return useQuery({
    queryKey: ['me', 'profile'],
    queryFn: () => request<MeProfile>(ME_API, { method: 'GET', path: '/profile' }),
  });
}

/** Saves the changed profile values; the answer's fields replace the cached profile. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, ProfileField['value']>) =>
      request<MeProfile>(ME_API, { method: 'PUT', path: '/profile', body: values }),
    onSuccess: (answer) => {
      client.setQueryData<MeProfile>(['me', 'profile'], (old) =>
        answer?.fields
          ? { member_since: answer.member_since ?? old?.member_since ?? null, fields: answer.fields }
          : old,
      );
      void client.invalidateQueries({ queryKey: ['me', 'overview'] });
    },
  });
}

/** Whether an error means the cookie session is gone (signed out, revoked, expired). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Accepts the account's terms (POST /me/api/terms/accept); the answer is the overview, asked no more. */
export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<MeOverview>(ME_API, { method: 'POST', path: '/terms/accept', body: {} }),
    onSuccess: (overview) => client.setQueryData(['me', 'overview'], overview),
  });
}
