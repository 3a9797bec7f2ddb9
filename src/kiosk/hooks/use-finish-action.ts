import { newActionKey } from '../api/client';
import { type FinishKind, useFinishSession } from '../api/finish-session';

/**
 * Complete or cancel the session as one user action: `run` with a new idempotency key, `retry`
 * with the same one.
 */
export function useFinishAction(sessionUuid: string, kind: FinishKind) {
  const finish = useFinishSession(sessionUuid, kind);
  return {
    run: () => {
      if (!finish.isPending) finish.mutate({ body: {}, key: newActionKey() });
    },
    retry: () => finish.variables && finish.mutate(finish.variables),
    pending: finish.isPending,
    error: finish.isError ? finish.error : null,
  };
}
