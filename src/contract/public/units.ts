import { z } from 'zod';
import { booleanField, idField, textField } from '../fields';

/** Spec "Unit" as GET /units lists it. */
export const unit = z.object({
  name: z.string(),
  label: z.string(),
  prefix: z.string(),
  is_default: z.boolean(),
});
export type Unit = z.infer<typeof unit>;

/** The unit as embedded in a Credit Reception: `{id, name, label, prefix, is_default}`. */
export const unitRef = unit.extend({ id: z.number().int() });
export type UnitRef = z.infer<typeof unitRef>;

/** The response of POST /units: the Unit plus its bookkeeping fields. */
export const createdUnit = unitRef.extend({
  loyalty_program_id: z.number().int(),
  format: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type CreatedUnit = z.infer<typeof createdUnit>;

export const createUnitBody = z
  .object({
    name: idField().describe('Unique within the account; cannot change later.'),
    label: textField().trim().min(1),
    is_default: booleanField()
      .optional()
      .describe('true, false, 1, 0, yes or no; default false. True makes this the one default unit.'),
    prefix: textField(16).trim().min(1).optional().describe('Default: the first character of name.'),
  })
  .meta({ example: { name: 'stamps', label: 'Stamps', prefix: 'S' } });
export type CreateUnitBody = z.infer<typeof createUnitBody>;
