import { z } from 'zod';
import { booleanField, idField, textField, withAlias } from '../fields';

/** One option of a perk; `value` is a boolean for boolean perks, else a string. */
export const perkOption = z.object({
  label: z.string(),
  value: z.union([z.string(), z.boolean()]),
  default: z.boolean(),
});

/** Spec "Perk": a tier benefit; every tier has one of its options (the default one to start with). */
export const perk = z.object({
  uuid: z.string(),
  label: z.string(),
  name: z.string(),
  data_type: z.enum(['single_select', 'boolean']),
  options: z.array(perkOption),
});
export type Perk = z.infer<typeof perk>;

/** POST /perks; `dataType` (the PHP SDK's name) is read as `data_type`. */
export const createPerkBody = withAlias(
  z.object({
    label: textField().trim().min(1),
    name: idField().describe('Internal name, unique within the account.'),
    data_type: z.enum(['single_select', 'boolean']),
    options: z
      .array(
        z.object({
          label: textField().trim().min(1),
          value: z
            .union([z.string().trim().min(1).max(191), z.number(), z.boolean()])
            .describe('For boolean perks only true or false (1/0 in form bodies).'),
          default: booleanField().optional(),
        }),
      )
      .min(1)
      .max(100)
      .describe('Exactly one option must be the default; it is assigned to every existing tier.'),
  }),
  'dataType',
  'data_type',
).meta({
  example: {
    label: 'Free refill',
    name: 'free_refill',
    data_type: 'boolean',
    options: [
      { label: 'Yes', value: true },
      { label: 'No', value: false, default: true },
    ],
  },
});
export type CreatePerkBody = z.infer<typeof createPerkBody>;

/** PUT /perks/{perk_uuid} */
export const updatePerkBody = z
  .object({ label: textField().trim().min(1) })
  .meta({ example: { label: 'Free refill, any size' } });

export const perkUuidParams = z.object({ perk_uuid: idField() });
