import type { PortalContact, RegisterRequest } from '../../contract/portal';
import { updateSession } from './get-session';
import { postSessionAction, type SessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/register: a new contact, optionally linking the scanned card.
 * Errors: 60005 e-mail already registered, 60014 card already linked, 60004 inactive card.
 */
export const registerAction: SessionAction<RegisterRequest, PortalContact> = {
  changes: true,
  send: async (uuid, variables) =>
    (await postSessionAction<{ contact: PortalContact }>(uuid, '/register', variables)).contact,
  apply: (uuid, contact, queryClient) => updateSession(queryClient, uuid, (s) => ({ ...s, contact })),
};
