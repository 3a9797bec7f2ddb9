import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { portalRequest, sessionPath } from './client';
import { sessionKey } from './get-session';
import { toPortalApiError } from './portal-api-error';

/** The variables of one user action: its request body and its idempotency key. */
export interface ActionVariables<B> {
  body: B;
  /** From newActionKey() when the user acts; the same key when the action is retried. */
  key: string;
}

/** POSTs one action of a session (`/sessions/{uuid}{path}`) and returns its data, typed `T` by the contract. */
export function postSessionAction<T>(
  uuid: string,
  path: string,
  variables: ActionVariables<unknown>,
): Promise<T> {
  return portalRequest<T>({
    method: 'POST',
    path: sessionPath(uuid, path),
    body: variables.body,
    idempotencyKey: variables.key,
  });
}

/**
 * A mutation for one session action. Retries by itself (same key, so never acting twice) while
 * no answer came; afterwards the session query is refetched, whatever the outcome.
 */
export function useSessionAction<B, R>(
  uuid: string,
  action: (uuid: string, variables: ActionVariables<B>) => Promise<R>,
  onSuccess?: (result: R, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ActionVariables<B>) => action(uuid, variables),
    retry: (failures, error) => toPortalApiError(error).status === 0 && failures < 2,
    retryDelay: 800,
    onSuccess: (result) => onSuccess?.(result, queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKey(uuid) }),
  });
}
