import type { PortalSessionState } from '../../contract/portal';
import { sessionKey } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/** How a session ends at the screen: `complete` (Done) or `cancel`. */
export type FinishKind = 'complete' | 'cancel';

/**
 * POST /portal/api/sessions/{uuid}/complete or /cancel (by `body.kind`, not sent) → the session's
 * new state, which replaces the cached session at once. Errors: 1003 (HTTP 409) already ended,
 * 1003 (HTTP 410) expired.
 */
export const finishSessionAction: SessionAction<{ kind: FinishKind }, PortalSessionState> = {
  changes: false,
  send: (uuid, { body, key }) =>
    postSessionAction<PortalSessionState>(uuid, `/${body.kind}`, { body: {}, key }),
  apply: (uuid, state, queryClient) => queryClient.setQueryData(sessionKey(uuid), state),
};
