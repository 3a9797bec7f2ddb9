import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, integerField, textField } from '../fields';
import { contactRef } from './common';

/** The response fields bookings and visits share, up to ends_at. */
export const stayFields = {
  uuid: z.string(),
  contact: contactRef,
  external_id: z.string().nullable(),
  source: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
};

/** Spec "Booking" (the request-only fields are not shown). */
export const booking = z.object({
  ...stayFields,
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type Booking = z.infer<typeof booking>;

/** An ISO 8601 timestamp with offset (`2026-11-21T19:00:00+01:00` or `…Z`), or null. */
export const timestampField = () => z.iso.datetime({ offset: true }).nullable().optional();

const bookingFields = {
  external_id: textField().nullable().optional(),
  source: textField().nullable().optional(),
  starts_at: timestampField(),
  ends_at: timestampField().describe('Not before starts_at.'),
  checked_in_at: timestampField(),
  number_of_people: integerField(z.number().int().min(0).max(100_000)).nullable().optional(),
  company_name: textField().nullable().optional(),
  status: textField()
    .nullable()
    .optional()
    .describe('Free text, e.g. created, in progress, canceled, completed.'),
  prepaid_amount: integerField(z.number().int().min(0).max(100_000_000))
    .nullable()
    .optional()
    .describe('Cents.'),
};

/** POST /bookings */
export const createBookingBody = z
  .object({
    contact_uuid: idField(),
    shop_uuid: idField()
      .optional()
      .describe('Extension: the shop, for an API key that is not bound to one (else error 1008).'),
    ...bookingFields,
  })
  .meta({
    example: {
      contact_uuid: DEMO.anna,
      shop_uuid: DEMO.shop,
      starts_at: '2027-01-15T19:00:00+01:00',
      ends_at: '2027-01-15T21:00:00+01:00',
      number_of_people: 2,
    },
  });
export type CreateBookingBody = z.infer<typeof createBookingBody>;

/** PUT /bookings/{uuid}: all optional; contact_uuid and shop_uuid cannot be sent (1003). */
export const updateBookingBody = z
  .looseObject(bookingFields)
  .meta({ example: { number_of_people: 4, status: 'confirmed' } });
export type UpdateBookingBody = z.infer<typeof updateBookingBody>;

export const bookingUuidParams = z.object({ uuid: idField() });
