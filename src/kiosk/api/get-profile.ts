import { useQuery } from '@tanstack/react-query';
import type { PortalProfile } from '../../contract/portal';
import { sessionResourceOptions } from './session-resource';

/**
 * GET /portal/api/sessions/{uuid}/profile: the profile fields the account lets the customer change
 * (`settings.editable_contact_fields`, in its order) with their values (null when unset).
 */
export function profileQueryOptions(uuid: string) {
  return sessionResourceOptions<PortalProfile>(uuid, 'profile');
}

/** The identified customer's editable profile fields, as a list (identify sessions). */
export function useProfileFields(uuid: string) {
  return useQuery({ ...profileQueryOptions(uuid), select: (profile) => profile.fields });
}
