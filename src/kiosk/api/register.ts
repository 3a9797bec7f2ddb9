import type { PortalContact, RegisterRequest } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/register: a new contact, optionally linking the scanned card.
 * Errors: 60005 e-mail already registered, 60014 card already linked, 60004 inactive card.
 */
export async function register(
  uuid: string,
  variables: ActionVariables<RegisterRequest>,
): Promise<PortalContact> {
  return (await postSessionAction<{ contact: PortalContact }>(uuid, '/register', variables)).contact;
}

/** The register action of a session. */
export function useRegister(uuid: string) {
  return useSessionAction(uuid, register);
}
