import type { IdentifyRequest, IdentifyResult } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/identify: by a scanned value or an e-mail.
 * Errors: 60004 inactive card, 1003 app token already used, 410 expired session.
 */
export function identify(uuid: string, variables: ActionVariables<IdentifyRequest>): Promise<IdentifyResult> {
  return postSessionAction<IdentifyResult>(uuid, '/identify', variables);
}

/** The identify action of a session. */
export function useIdentify(uuid: string) {
  return useSessionAction(uuid, identify);
}
