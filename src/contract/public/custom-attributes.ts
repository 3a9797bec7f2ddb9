import { z } from 'zod';
import { idField, textField } from '../fields';

/** The entities custom attributes extend (spec "Custom Attribute"; `promotion` also serves vouchers). */
export const ATTRIBUTE_ENTITIES = [
  'business_profiles',
  'contact',
  'reward',
  'promotion',
  'voucher',
  'giftcard',
  'giftcard_transaction',
  'prepaid',
  'booking',
  'visit',
  'shift',
] as const;
export type AttributeEntity = (typeof ATTRIBUTE_ENTITIES)[number];

/** The value types of custom attributes (spec "Custom Attribute"). */
export const ATTRIBUTE_TYPES = [
  'url',
  'text',
  'date',
  'phone',
  'float',
  'color',
  'email',
  'number',
  'select',
  'boolean',
  'rich_text',
  'date_time',
  'long_text',
  'date_range',
  'time_range',
  'identifier',
  'birth_date',
  'file_upload',
  'media_upload',
  'multi_select',
  'license_plate',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

const media = z.union([z.string().max(2048), z.object({ type: z.string(), value: z.string() })]);

/** One choice of a select or multi_select attribute. */
export const attributeOption = z.object({
  value: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  media: media.nullable(),
});

/**
 * Spec "Custom Attribute". `group` is derived from `group_name` (null without one). As on the real
 * platform (its PHP SDK maps them typed): `description` is a string ('' without one), `meta` an
 * array, and `is_piggy_defined` (its name for is_platform_defined) and `group.label` are there too.
 */
export const customAttribute = z.object({
  id: z.number().int(),
  entity: z.enum(ATTRIBUTE_ENTITIES),
  name: z.string(),
  label: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  group_name: z.string().nullable(),
  group: z
    .object({
      id: z.number().int(),
      name: z.string(),
      label: z.string(),
      created_by_user: z.boolean(),
      position: z.number().int(),
    })
    .nullable(),
  is_platform_defined: z.boolean(),
  is_piggy_defined: z.boolean(),
  is_soft_read_only: z.boolean(),
  is_hard_read_only: z.boolean(),
  field_type: z.string(),
  has_unique_value: z.boolean(),
  description: z.string(),
  options: z.array(attributeOption),
  position: z.number().int(),
  created_at: z.string(),
  meta: z.array(z.unknown()),
  can_be_deleted: z.boolean(),
  last_used_date: z.string().nullable(),
  created_by_user: z.boolean(),
});
export type CustomAttribute = z.infer<typeof customAttribute>;

const optionInput = z.object({
  value: z.string().trim().min(1).max(191),
  label: textField().trim().min(1),
  description: textField(1000).nullable().optional(),
  media: media.nullable().optional(),
});

const options = z.array(optionInput).max(500).describe('Only for select and multi_select; values unique.');

/** GET /custom-attributes */
export const listAttributesQuery = z.object({
  entity: z.enum(ATTRIBUTE_ENTITIES).meta({ example: 'contact' }),
});

/** POST /custom-attributes */
export const createAttributeBody = z
  .object({
    entity: z.enum(ATTRIBUTE_ENTITIES),
    name: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]*$/, { message: 'lowercase letters, digits and _, starting with a letter' })
      .max(64)
      .describe('Unique per entity: lowercase letters, digits and _, starting with a letter.'),
    label: textField().trim().min(1),
    type: z.enum(ATTRIBUTE_TYPES),
    options: options.optional(),
    description: textField(1000).nullable().optional(),
    group_name: textField().trim().min(1).nullable().optional(),
  })
  .meta({ example: { entity: 'contact', name: 'favourite_drink', label: 'Favourite drink', type: 'text' } });
export type CreateAttributeBody = z.infer<typeof createAttributeBody>;

/** PUT /custom-attributes/{custom_attribute_name}: only label, description, options, group_name change. */
export const updateAttributeBody = z
  .looseObject({
    entity: z.enum(ATTRIBUTE_ENTITIES),
    label: textField().trim().min(1).optional(),
    options: options.optional(),
    description: textField(1000).nullable().optional(),
    group_name: textField().trim().min(1).nullable().optional(),
  })
  .meta({ example: { entity: 'contact', label: 'Favourite pet' } });
export type UpdateAttributeBody = z.infer<typeof updateAttributeBody>;

export const attributeNameParams = z.object({ custom_attribute_name: idField().meta({ example: 'dier' }) });
