import type { PortalCreditReception } from '../../contract/portal';
import { type ActionVariables, postSessionAction, useSessionAction } from './session-action';

/**
 * POST /portal/api/sessions/{uuid}/credit-reception: credits the identified contact for the
 * session's POS transaction or amount. Errors: 6001 transaction already credited, 1015 maximum
 * credits reached, 60001 creation in progress, 410 expired session.
 */
export function createCreditReception(
  uuid: string,
  variables: ActionVariables<Record<string, never>>,
): Promise<PortalCreditReception> {
  return postSessionAction<PortalCreditReception>(uuid, '/credit-reception', variables);
}

/** The credit-reception action of a session. */
export function useCreateCreditReception(uuid: string) {
  return useSessionAction(uuid, createCreditReception);
}
