import type { IdentifyRequest, IdentifyResult, ScannedCode } from '../../contract/portal';
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

/**
 * POST /portal/api/sessions/{uuid}/scan-lookup (beside identify, which reads a scan the same way):
 * what a scanned value is in this account (a loyalty card, an app code, a gift card, a voucher code
 * with its voucher, a receipt code, or unknown), so the screen that follows fits what was scanned.
 * Reads only (an app code is not used up). Errors: the session's.
 */
export const scanLookupAction: SessionAction<{ value: string }, ScannedCode> = {
  changes: false,
  send: (uuid, variables) => postSessionAction<ScannedCode>(uuid, '/scan-lookup', variables),
};
