import type { IdentifyRequest, IdentifyResult } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/identify: by a scanned value or an e-mail.
 * Errors: 60004 inactive card, 1003 app token already used, 410 expired session,
 * email_identification_disabled, contact_set_by_pos. An identified customer and their proof go
 * into the cached session at once.
 */
export const identifyAction: SessionAction<IdentifyRequest, IdentifyResult> = {
  changes: false,
  send: (uuid, variables) => postSessionAction<IdentifyResult>(uuid, '/identify', variables),
  apply: (uuid, result, queryClient) => {
    if (result.result === 'identified')
      updateSession(queryClient, uuid, (s) => ({
        ...s,
        contact: result.contact,
        contact_proof: result.proof,
      }));
  },
};
