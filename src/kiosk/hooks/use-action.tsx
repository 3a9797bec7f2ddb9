import type { UseMutationResult } from '@tanstack/react-query';
import { newActionKey } from '../api/client';
import type { ActionVariables } from '../api/session-action';
import { ActionError } from '../components/action-error';
import type { FailedAction } from '../i18n/error-message';

/**
 * One user action on a session mutation: `run(body)` with a fresh idempotency key (ignored while
 * one is under way), `retry()` with the same key and body (so a retried payment never pays twice),
 * and the friendly `error` to show, by code for `action`. `onSuccess` moves the flow on.
 */
export function useAction<B, R>(
  mutation: UseMutationResult<R, Error, ActionVariables<B>>,
  action: FailedAction,
  onSuccess?: (result: R, body: B) => void,
) {
  const options = {
    onSuccess: (result: R, variables: ActionVariables<B>) => onSuccess?.(result, variables.body),
  };
  const run = (body: B) => {
    if (!mutation.isPending) mutation.mutate({ body, key: newActionKey() }, options);
  };
  const retry = () => {
    if (mutation.variables && !mutation.isPending) mutation.mutate(mutation.variables, options);
  };
  return {
    run,
    retry,
    pending: mutation.isPending,
    error: mutation.isError ? <ActionError error={mutation.error} action={action} onRetry={retry} /> : null,
    /** Forgets an error shown (the customer went another way). */
    clear: mutation.reset,
  };
}
