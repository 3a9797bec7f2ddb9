import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../web/request';
import { PORTAL_API, sessionPath } from './client';

/** The variables of one user action: its request body and its idempotency key. */
export interface ActionVariables<B> {
  body: B;
  /** From newActionKey() when the user acts; the same key on every try of that action. */
  key: string;
}

/**
 * One kind of session action, run by hooks/use-action.tsx: what it POSTs, and what its answer
 * changes in the cached session at once (the refetch that follows every action confirms it).
 */
export interface SessionAction<B, R> {
  /** Whether it changes something that stays (money, credits, a voucher, a subscription), so an end then completes. */
  changes: boolean;
  send: (uuid: string, variables: ActionVariables<B>) => Promise<R>;
  apply?: (uuid: string, result: R, queryClient: QueryClient) => void;
}

/** How long one try of an action waits for its answer (ms); then it counts as unanswered and is tried again. */
export const ACTION_TIMEOUT_MS = 15_000;

/** POSTs one action of a session (`/sessions/{uuid}{path}`) and returns its data, typed `T` by the contract. */
export function postSessionAction<T>(
  uuid: string,
  path: string,
  variables: ActionVariables<unknown>,
): Promise<T> {
  return request<T>(PORTAL_API, {
    method: 'POST',
    path: sessionPath(uuid, path),
    body: variables.body,
    idempotencyKey: variables.key,
    timeoutMs: ACTION_TIMEOUT_MS,
  });
}
