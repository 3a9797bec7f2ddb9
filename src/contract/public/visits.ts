import { z } from 'zod';
import { idField, textField } from '../fields';
import { stayFields, timestampField } from './bookings';

/** Spec "Visit". */
export const visit = z.object({ ...stayFields, created_at: z.string() });
export type Visit = z.infer<typeof visit>;

const visitFields = {
  external_id: textField().trim().min(1).nullable().optional().describe('Unique within the account.'),
  source: textField().nullable().optional(),
  starts_at: timestampField(),
  ends_at: timestampField().describe('Not before starts_at.'),
};

/** POST /v3/oauth/clients/visits */
export const createVisitBody = z.object({ contact_uuid: idField(), shop_uuid: idField(), ...visitFields });
export type CreateVisitBody = z.infer<typeof createVisitBody>;

/** PUT /v3/oauth/clients/visits/{uuid}: all optional; contact_uuid and shop_uuid cannot be sent (1003). */
export const updateVisitBody = z.looseObject(visitFields);
export type UpdateVisitBody = z.infer<typeof updateVisitBody>;

export const visitUuidParams = z.object({ uuid: idField() });
