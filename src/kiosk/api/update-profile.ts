import type { z } from 'zod';
import type { PortalProfile, profileUpdateRequest } from '../../contract/portal';
import { postSessionAction, type SessionAction } from './session-action';
import { sessionResourceKey } from './session-resource';

/**
 * POST /portal/api/sessions/{uuid}/profile: changes editable profile fields ('' clears one).
 * Errors: 1003 naming `attributes.<field>` for a value that is not valid or a field the account
 * does not let change (PortalApiError.fields). The answer replaces the cached profile at once.
 */
export const updateProfileAction: SessionAction<z.infer<typeof profileUpdateRequest>, PortalProfile> = {
  changes: true,
  send: (uuid, variables) => postSessionAction<PortalProfile>(uuid, '/profile', variables),
  apply: (uuid, profile, queryClient) =>
    queryClient.setQueryData<PortalProfile>(sessionResourceKey(uuid, 'profile'), profile),
};
