import { z } from 'zod';
import { DEMO } from '../examples';
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
export const createVisitBody = z
  .object({ contact_uuid: idField(), shop_uuid: idField(), ...visitFields })
  .meta({
    example: { contact_uuid: DEMO.anna, shop_uuid: DEMO.shop, starts_at: '2027-01-15T10:00:00+01:00' },
  });
export type CreateVisitBody = z.infer<typeof createVisitBody>;

/** PUT /v3/oauth/clients/visits/{uuid}: all optional; contact_uuid and shop_uuid cannot be sent (1003). */
export const updateVisitBody = z
  .looseObject(visitFields)
  .meta({ example: { ends_at: '2027-01-15T11:00:00+01:00' } });
export type UpdateVisitBody = z.infer<typeof updateVisitBody>;

export const visitUuidParams = z.object({ uuid: idField() });
