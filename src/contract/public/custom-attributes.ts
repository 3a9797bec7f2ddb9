import { z } from 'zod';
import { idField, integerField, textField, withAlias } from '../fields';

/**
 * The entities custom attributes extend (spec "Custom Attribute"; `promotion` also serves vouchers;
 * `loyalty_transaction`, credit and reward receptions, is the real platform's).
 */
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
  'loyalty_transaction',
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
  placeholder: z.string().nullable().describe('Extension: hint text for an empty field (null: none).'),
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

const attributeName = () =>
  z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]*$/, { message: 'lowercase letters, digits and _, starting with a letter' })
    .max(64)
    .describe('Unique per entity: lowercase letters, digits and _, starting with a letter.');

/** POST /custom-attributes */
export const createAttributeBody = z
  .object({
    entity: z.enum(ATTRIBUTE_ENTITIES),
    name: attributeName(),
    label: textField().trim().min(1),
    type: z.enum(ATTRIBUTE_TYPES),
    options: options.optional(),
    description: textField(1000).nullable().optional(),
    group_name: textField().trim().min(1).nullable().optional(),
    placeholder: textField().nullable().optional().describe('Extension: hint text for an empty field.'),
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
    placeholder: textField().nullable().optional().describe('Extension: hint text for an empty field.'),
  })
  .meta({ example: { entity: 'contact', label: 'Favourite pet' } });
export type UpdateAttributeBody = z.infer<typeof updateAttributeBody>;

export const attributeNameParams = z.object({ custom_attribute_name: idField().meta({ example: 'dier' }) });

/**
 * An option as the real platform's attribute resources take it (its PHP SDK passes them through):
 * `value` with `label`, or `name` for the label (contact attributes), else the value itself.
 */
const platformOption = z
  .object({
    value: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(191)),
    label: textField().trim().min(1).optional(),
    name: textField().trim().min(1).optional(),
  })
  .transform((o) => ({ value: o.value, label: o.label ?? o.name ?? o.value }));

const platformOptions = z
  .array(platformOption)
  .max(500)
  .optional()
  .describe('Only for select and multi_select: {value, label} (or {value, name}).');

/**
 * The body of the real platform's attribute resources of one entity (extensions POST
 * /contact-attributes, /reward-attributes, /promotion-attributes, /loyalty-transaction-attributes):
 * as /custom-attributes takes it, the entity given by the path, the type as `type` or `data_type`.
 */
export const entityAttributeBody = withAlias(
  z
    .object({
      name: attributeName(),
      label: textField().trim().min(1).optional().describe('Default: the name.'),
      type: z.enum(ATTRIBUTE_TYPES).describe('Also read as `data_type`, as the PHP SDK sends it for some.'),
      description: textField(1000).nullable().optional(),
      placeholder: textField().nullable().optional(),
      options: platformOptions,
    })
    .meta({ example: { name: 'tasting_notes', label: 'Tasting notes', type: 'text' } }),
  'data_type',
  'type',
);
export type EntityAttributeBody = z.infer<typeof entityAttributeBody>;

/**
 * PUT /promotion-attributes/{id} (extension; the PHP SDK's `promotionAttributes->update()`): label,
 * description, placeholder and options change; `name`, `type` and `id` may only repeat the attribute's.
 */
export const updateEntityAttributeBody = z
  .object({
    name: z.string().optional(),
    type: z.string().optional(),
    id: z.union([z.string(), z.number()]).optional(),
    label: textField().trim().min(1).optional(),
    description: textField(1000).nullable().optional(),
    placeholder: textField().nullable().optional(),
    options: platformOptions,
  })
  .meta({ example: { label: 'Region' } });
export type UpdateEntityAttributeBody = z.infer<typeof updateEntityAttributeBody>;

/** GET /reward-attributes (extension): the PHP SDK's `rewardAttributes->list(page, limit)`. */
export const entityAttributeListQuery = z.object({
  page: integerField(z.number().min(1).max(1_000_000)).default(1),
  limit: integerField(z.number().min(1).max(500)).default(500),
});

export const attributeIdParams = z.object({ attribute_id: integerField(z.number().min(1)) });
