import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  CashierContact,
  CashierDevice,
  CashierSession,
  CashierSessionSummary,
  StartSessionRequest,
  TillStaffMember,
} from '../../contract/cashier';
import { newActionKey } from '../../web/action-key';
import { ApiError } from '../../web/api-error';
import { openLiveStream } from '../../web/live-stream';
import { request } from '../../web/request';
import { rememberPaired } from '../lib/paired-flag';
import { pairRequest } from '../lib/pairing-link';
import { CASHIER_API, sessionPath } from './client';

/*
 * The console's server state (TanStack Query): the device, today's sessions, the followed session,
 * and the actions on them. Live updates come from two event streams: the followed session's events
 * and the shop's session changes; each refetches what it concerns.
 */

export const deviceKey = ['cashier', 'device'] as const;
export const sessionsKey = ['cashier', 'sessions'] as const;
export const sessionKey = (uuid: string) => ['cashier', 'session', uuid] as const;
export const staffKey = ['cashier', 'staff'] as const;

/** Whether an error means the device is not (or no longer) paired. */
export const isUnpaired = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Whether an action was refused because nobody (any more) is signed in at the till. */
export const needsPersonAtTill = (error: unknown) =>
  error instanceof ApiError && error.reason === 'staff_sign_in_required';

/** The paired device (401: not paired, or revoked). */
export function deviceQueryOptions() {
  return queryOptions({
    queryKey: deviceKey,
    queryFn: () => request<CashierDevice>(CASHIER_API, { method: 'GET', path: '/device' }),
    staleTime: 60_000,
  });
}

/** Pairs this browser with a device token; the answer becomes the device. */
export function usePair() {
  const client = useQueryClient();
  return useMutation({
    /** A pairing code of the office, or a fixture device's token (pairing-link.ts pairRequest). */
    mutationFn: (typed: string) =>
      request<CashierDevice>(CASHIER_API, { method: 'POST', path: '/pair', body: pairRequest(typed) }),
    onSuccess: (device) => {
      client.setQueryData(deviceKey, device);
    },
  });
}

/** Who may work this till (the "Who is at the till?" screen), by name. */
export function useTillStaff() {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => request<TillStaffMember[]>(CASHIER_API, { method: 'GET', path: '/staff' }),
    // Asked anew each time the screen shows: someone may have been added or removed meanwhile.
    staleTime: 0,
  });
}

/** A person signs in at the till with their passcode; the answer becomes the device. */
export function useStaffSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { staff_uuid: string; passcode: string }) =>
      request<CashierDevice>(CASHIER_API, { method: 'POST', path: '/staff/sign-in', body: input }),
    onSuccess: (device) => client.setQueryData(deviceKey, device),
  });
}

/** Hands the till over: nobody is signed in any more; the answer becomes the device. */
export function useStaffSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<CashierDevice>(CASHIER_API, { method: 'POST', path: '/staff/sign-out' }),
    onSuccess: (device) => {
      client.setQueryData(deviceKey, device);
      void client.invalidateQueries({ queryKey: staffKey });
    },
  });
}

/** Unpairs this browser (the cookie stops working). */
export function useUnpair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ paired: false }>(CASHIER_API, { method: 'POST', path: '/unpair' }),
    onSettled: () => {
      rememberPaired(false);
      return client.resetQueries({ queryKey: ['cashier'] });
    },
  });
}

/** The local midnight of today, as the console's "today". */
export function startOfToday(now = new Date()): string {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
}

/** Today's sessions of the shop, newest first; refreshed every 30 s besides the live changes. */
export function useTodaysSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () =>
      request<CashierSessionSummary[]>(CASHIER_API, {
        method: 'GET',
        path: `/sessions?since=${encodeURIComponent(startOfToday())}`,
      }),
    refetchInterval: 30_000,
  });
}

/** One session as the console follows it; polls while its event stream is down. */
export function useFollowedSession(uuid: string | null, streamUp: boolean) {
  return useQuery({
    queryKey: sessionKey(uuid ?? ''),
    queryFn: () => request<CashierSession>(CASHIER_API, { method: 'GET', path: sessionPath(uuid!) }),
    enabled: uuid !== null,
    refetchInterval: (query) => (streamUp || query.state.data?.status !== 'open' ? false : 4000),
  });
}

/**
 * An action with one idempotency key for as long as it is retried with the same input: a start,
 * cancel or purchase that timed out and is pressed again acts once.
 */
function useAction<I, O>(run: (input: I, key: string) => Promise<O>, onDone: (output: O) => void) {
  const client = useQueryClient();
  const key = useRef<{ input: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: I) => {
      const text = JSON.stringify(input);
      if (key.current?.input !== text) key.current = { input: text, key: newActionKey() };
      return run(input, key.current.key);
    },
    onSuccess: (output) => {
      key.current = null;
      onDone(output);
      void client.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

/** Starts a session at the shop; `onStarted` gets it. */
export function useStartSession(onStarted: (session: CashierSession) => void) {
  const client = useQueryClient();
  return useAction(
    (input: StartSessionRequest, key) =>
      request<CashierSession>(CASHIER_API, {
        method: 'POST',
        path: '/sessions',
        body: input,
        idempotencyKey: key,
      }),
    (session) => {
      client.setQueryData(sessionKey(session.uuid), session);
      onStarted(session);
    },
  );
}

/** Cancels the session. */
export function useCancelSession(uuid: string) {
  const client = useQueryClient();
  return useAction(
    (_: null, key) =>
      request<CashierSession>(CASHIER_API, {
        method: 'POST',
        path: sessionPath(uuid, '/cancel'),
        idempotencyKey: key,
      }),
    (session) => client.setQueryData(sessionKey(uuid), session),
  );
}

/** Sends the purchase amount to a waiting credit-reception session. */
export function useSendPurchase(uuid: string) {
  const client = useQueryClient();
  return useAction(
    (cents: number, key) =>
      request<CashierSession>(CASHIER_API, {
        method: 'POST',
        path: sessionPath(uuid, '/purchase'),
        body: { amount_in_cents: cents },
        idempotencyKey: key,
      }),
    (session) => client.setQueryData(sessionKey(uuid), session),
  );
}

/** The cashier's Received: the till has the money of the top-up the counter screen waits for. */
export function useReceivePayment(uuid: string) {
  const client = useQueryClient();
  return useAction(
    (_: null, key) =>
      request<CashierSession>(CASHIER_API, {
        method: 'POST',
        path: sessionPath(uuid, '/payment-received'),
        idempotencyKey: key,
      }),
    (session) => client.setQueryData(sessionKey(uuid), session),
  );
}

/** Finds a customer by e-mail or card. */
export function useFindContact() {
  return useMutation({
    mutationFn: (query: string) =>
      request<CashierContact>(CASHIER_API, { method: 'POST', path: '/contacts/find', body: { query } }),
  });
}

/**
 * Follows the session's event stream (the POS's stream, scoped to the shop) while `enabled`: every
 * event and every reconnect refetches the session; `onConnectedChange` says whether it is up.
 */
export function useSessionStream(
  uuid: string | null,
  enabled: boolean,
  onConnectedChange: (up: boolean) => void,
): void {
  const client = useQueryClient();
  const connected = useRef(onConnectedChange);
  connected.current = onConnectedChange;
  useEffect(() => {
    if (uuid === null || !enabled) return;
    const refetch = () => client.invalidateQueries({ queryKey: sessionKey(uuid) });
    const close = openLiveStream({
      url: `${CASHIER_API.base}${sessionPath(uuid, '/stream')}`,
      event: 'portal_event',
      onMessage: refetch,
      onOpen: () => {
        connected.current(true);
        void refetch();
      },
      onDown: () => connected.current(false),
    });
    return () => {
      close();
      connected.current(false);
    };
  }, [uuid, enabled, client]);
}

/**
 * Follows the shop's session changes: today's list (and the followed session) refetch on each. The
 * service ends the stream when the device is revoked or unpaired: the device is then asked for again,
 * and a refusal turns the console to pairing (app/providers.tsx createConsoleQueryClient).
 */
export function useShopStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => {
      void client.invalidateQueries({ queryKey: sessionsKey });
      void client.invalidateQueries({ queryKey: ['cashier', 'session'] });
    };
    return openLiveStream({
      url: `${CASHIER_API.base}/stream`,
      event: 'shop_session',
      onMessage: refetch,
      onOpen: refetch,
      onDown: () => void client.refetchQueries({ queryKey: deviceKey }),
    });
  }, [client]);
}
