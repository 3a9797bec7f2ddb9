import type { PortalSessionState } from '../../contract/portal';
import { sessionKey } from './get-session';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/** How a session ends at the screen: `complete` (Done) or `cancel`. */
export type FinishKind = 'complete' | 'cancel';

/** POST /portal/api/sessions/{uuid}/complete or /cancel → the session's new state. */
export function finishSession(
  kind: FinishKind,
  uuid: string,
  variables: ActionVariables<Record<string, never>>,
): Promise<PortalSessionState> {
  return postSessionAction<PortalSessionState>(uuid, `/${kind}`, variables);
}

/** The complete or cancel action of a session; the answer replaces the cached session at once. */
export function useFinishSession(uuid: string, kind: FinishKind) {
  return useSessionAction(
    uuid,
    (id, variables: ActionVariables<Record<string, never>>) => finishSession(kind, id, variables),
    (state, queryClient) => queryClient.setQueryData(sessionKey(uuid), state),
  );
}
