import type { ScannedCode } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/scan-lookup: what a scanned value is in this account (a loyalty
 * card, an app code, a gift card, a voucher code with its voucher, or unknown), so the screen that
 * follows fits what was scanned. Reads only (an app code is not used up). Errors: the session's.
 */
export const scanLookupAction: SessionAction<{ value: string }, ScannedCode> = {
  changes: false,
  send: (uuid, variables) => postSessionAction<ScannedCode>(uuid, '/scan-lookup', variables),
};
