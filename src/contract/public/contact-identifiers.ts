import { z } from 'zod';
import { DEMO } from '../examples';
import { idField, textField } from '../fields';
import { contactRef } from './common';

/** Spec "Contact Identifier": a loyalty card or similar; `contact` is null while unlinked. */
export const contactIdentifier = z.object({
  name: z.string(),
  value: z.string(),
  active: z.boolean(),
  contact: contactRef.nullable(),
});
export type ContactIdentifier = z.infer<typeof contactIdentifier>;

/** GET /contact-identifiers/find */
export const findIdentifierQuery = z.object({
  contact_identifier_value: idField().meta({ example: DEMO.annaCard }),
});

/** POST /contact-identifiers: `contact_uuid` links the new identifier directly; `name` defaults to the value. */
export const createIdentifierBody = z
  .object({
    contact_identifier_value: idField(),
    contact_uuid: idField().optional(),
    contact_identifier_name: textField().optional(),
  })
  .meta({ example: { contact_identifier_value: 'CARD-1234', contact_uuid: DEMO.ben } });

/** PUT /contact-identifiers/link */
export const linkIdentifierBody = z
  .object({ contact_identifier_value: idField(), contact_uuid: idField() })
  .meta({ example: { contact_identifier_value: DEMO.freeCard, contact_uuid: DEMO.carla } });

/** PUT /contact-identifiers/unlink */
export const unlinkIdentifierBody = z
  .object({ contact_identifier_value: idField() })
  .meta({ example: { contact_identifier_value: DEMO.annaCard } });

/** DELETE /contact-identifiers: the value in the body (spec) or the query string (real clients). */
export const deleteIdentifierParams = z.object({ contact_identifier_value: idField().optional() });
