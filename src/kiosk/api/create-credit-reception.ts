import type { PortalCreditReception } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/credit-reception: credits the identified contact for the
 * session's POS transaction or amount (once per session: later calls answer the same reception).
 * Errors: 6001 transaction already credited, 1015 maximum credits reached, 60001 creation in
 * progress, 410 expired session.
 */
export const createCreditReceptionAction: SessionAction<Record<string, never>, PortalCreditReception> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<PortalCreditReception>(uuid, '/credit-reception', variables),
  apply: (uuid, reception, queryClient) =>
    updateSession(queryClient, uuid, (s) => ({
      ...s,
      credit_reception: reception,
      contact: reception.contact,
    })),
};
