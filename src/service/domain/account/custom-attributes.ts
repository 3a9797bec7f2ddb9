import type { Selectable } from 'kysely';
import { z } from 'zod';
import { booleanField, integerField, numberField } from '../../../contract/fields';
import type {
  AttributeEntity,
  AttributeType,
  CreateAttributeBody,
  CustomAttribute,
  EntityAttributeBody,
  UpdateAttributeBody,
  UpdateEntityAttributeBody,
} from '../../../contract/public/custom-attributes';
import { REWARD_FIELDS } from '../../../contract/public/rewards';
import type { CustomAttributeTable, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { CONTACT_VALUE_KEYS } from '../contacts/contacts';
import { assertNoFieldErrors, invalidField, refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, isoTimestamp } from '../shared/values';

/** A custom attribute definition as stored (`options` JSON text, `is_platform_defined` 0/1). */
export type CustomAttributeRow = Selectable<CustomAttributeTable>;

interface StoredOption {
  value: string;
  label: string;
  description?: string | null;
  media?: unknown;
}

// Keys the entity's own resource already shows: an attribute of that name would shadow them.
// The contact's own id and the built-in keys of its current_values.
const CONTACT_FIELDS = ['id', ...CONTACT_VALUE_KEYS];
const RESERVED: Partial<Record<AttributeEntity, { names: string[]; prefixes: string[] }>> = {
  reward: { names: REWARD_FIELDS, prefixes: [] },
  contact: { names: CONTACT_FIELDS, prefixes: ['subscription_status_', 'double_opt_in_confirmation_url_'] },
};

const WITH_OPTIONS: AttributeType[] = ['select', 'multi_select'];

// How a client stores each type's values (our documentation of the spec's field_type).
const FIELD_TYPES: Record<AttributeType, string> = {
  url: 'string',
  text: 'string',
  date: 'date',
  phone: 'string',
  float: 'float',
  color: 'string',
  email: 'string',
  number: 'integer',
  select: 'string',
  boolean: 'boolean',
  rich_text: 'string',
  date_time: 'datetime',
  long_text: 'string',
  date_range: 'range',
  time_range: 'range',
  identifier: 'string',
  birth_date: 'date',
  file_upload: 'file',
  media_upload: 'file',
  multi_select: 'array',
  license_plate: 'string',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The zod schema a value of this attribute must match (form bodies send text; it is converted). */
function valueSchema(row: CustomAttributeRow): z.ZodType {
  const type = row.type as AttributeType;
  const choices = (JSON.parse(row.options) as StoredOption[]).map((o) => o.value);
  switch (type) {
    case 'number':
      return integerField();
    case 'float':
      return numberField();
    case 'boolean':
      return booleanField();
    case 'email':
      return z.email();
    case 'url':
      return z.url();
    case 'date':
    case 'birth_date':
      // A day of the calendar (2024-02-30 is none).
      return z.string().regex(DATE, { message: 'a date (YYYY-MM-DD)' }).pipe(z.iso.date());
    case 'date_time':
      return z.iso.datetime({ offset: true });
    case 'select':
      return z.string().refine((v) => choices.includes(v), { message: 'one of its options' });
    case 'multi_select':
      return z.array(z.string().refine((v) => choices.includes(v), { message: 'one of its options' }));
    case 'date_range':
    case 'time_range':
    case 'file_upload':
    case 'media_upload':
      return z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]);
    default:
      return z.union([z.string().max(10_000), z.number().transform(String)]);
  }
}

/** The attribute definitions of one entity, in position order. */
export async function attributeDefinitions(db: Db, entity: AttributeEntity): Promise<CustomAttributeRow[]> {
  return db
    .selectFrom('custom_attributes')
    .selectAll()
    .where('entity', '=', entity)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Checks values of custom attributes of `entity` sent with a write (e.g. PUT /rewards): every key
 * must name an attribute of that entity and its value must fit the attribute's type (null clears).
 * @returns the converted values, by attribute name (null for cleared ones).
 * @throws ServiceError 1003 naming each unknown key and each bad value.
 */
export async function checkedAttributeValues(
  db: Db,
  entity: AttributeEntity,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const keys = Object.keys(values);
  if (keys.length === 0) return {};
  const definitions = new Map((await attributeDefinitions(db, entity)).map((d) => [d.name, d]));
  const errors: Record<string, string[]> = {};
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const definition = definitions.get(key);
    const value = values[key];
    if (!definition) {
      errors[key] = [`The ${key} field is not a field or custom attribute of a ${entity}.`];
    } else if (value === null) {
      out[key] = null;
    } else {
      const parsed = valueSchema(definition).safeParse(value);
      if (parsed.success) out[key] = parsed.data;
      else errors[key] = [`The ${key} field must be a valid ${definition.type} value.`];
    }
  }
  assertNoFieldErrors(errors);
  return out;
}

/**
 * Merges checked attribute values into an entity's stored `attributes` JSON: null removes a key.
 * @returns the new JSON text.
 */
export function mergeAttributes(stored: Record<string, unknown>, changes: Record<string, unknown>): string {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return JSON.stringify(merged);
}

/**
 * Spec "Custom Attribute" for each row, all of one entity (`all`: every definition of that entity,
 * for the derived groups: a group's id is the smallest attribute id in it, its position its rank).
 */
function attributeViews(rows: CustomAttributeRow[], all: CustomAttributeRow[]): CustomAttribute[] {
  const groups = new Map<string, number>();
  for (const row of [...all].sort((a, b) => a.id - b.id)) {
    if (row.group_name !== null && !groups.has(row.group_name)) groups.set(row.group_name, row.id);
  }
  const ranks = [...groups.keys()];
  return rows.map((row) => {
    const platform = row.is_platform_defined === 1;
    const options = JSON.parse(row.options) as StoredOption[];
    return {
      id: row.id,
      entity: row.entity as AttributeEntity,
      name: row.name,
      label: row.label,
      type: row.type as AttributeType,
      group_name: row.group_name,
      group:
        row.group_name === null
          ? null
          : {
              id: groups.get(row.group_name)!,
              name: row.group_name,
              label: row.group_name,
              created_by_user: true,
              position: ranks.indexOf(row.group_name) + 1,
            },
      is_platform_defined: platform,
      is_piggy_defined: platform,
      is_soft_read_only: false,
      is_hard_read_only: platform,
      field_type: FIELD_TYPES[row.type as AttributeType] ?? 'string',
      has_unique_value: row.type === 'identifier',
      description: row.description ?? '',
      placeholder: row.placeholder,
      options: options.map((o) => ({
        value: o.value,
        label: o.label,
        description: o.description ?? null,
        media: (o.media ?? null) as CustomAttribute['options'][number]['media'],
      })),
      position: row.position,
      created_at: apiTimestamp(row.created_at),
      meta: [],
      can_be_deleted: !platform,
      last_used_date: null,
      created_by_user: !platform,
    };
  });
}

/** Spec "Custom attributes" GET: every attribute of `entity`, in position order. */
export async function listCustomAttributes(db: Db, entity: AttributeEntity): Promise<CustomAttribute[]> {
  const rows = await attributeDefinitions(db, entity);
  return attributeViews(rows, rows);
}

async function attributeView(db: Db, entity: AttributeEntity, id: number): Promise<CustomAttribute> {
  const rows = await attributeDefinitions(db, entity);
  return attributeViews(
    rows.filter((r) => r.id === id),
    rows,
  )[0]!;
}

function checkedOptions(
  type: AttributeType,
  options: CreateAttributeBody['options'],
): StoredOption[] | undefined {
  if (options === undefined) return undefined;
  if (!WITH_OPTIONS.includes(type)) {
    invalidField('options', 'The options field is only allowed for select and multi_select attributes.');
  }
  const values = options.map((o) => o.value);
  if (new Set(values).size !== values.length) {
    invalidField('options', 'The options field must not repeat a value.');
  }
  return options.map((o) => ({
    value: o.value,
    label: o.label,
    description: o.description ?? null,
    media: o.media ?? null,
  }));
}

/**
 * Defines a custom attribute (spec "Custom attributes" POST). `position` is after the entity's last.
 * @throws ServiceError 1003 for options on a type without options or repeated option values, for a
 * name the entity's own resource uses, and (HTTP 409) for a name the entity already has.
 */
export async function createCustomAttribute(tx: Tx, input: CreateAttributeBody): Promise<CustomAttribute> {
  const reserved = RESERVED[input.entity];
  if (reserved?.names.includes(input.name) || reserved?.prefixes.some((p) => input.name.startsWith(p))) {
    invalidField('name', `The name ${input.name} is a built-in field of a ${input.entity}.`);
  }
  const options = checkedOptions(input.type, input.options) ?? [];
  const last = await tx.db
    .selectFrom('custom_attributes')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('entity', '=', input.entity)
    .executeTakeFirst();
  const id = await insertCustomAttribute(
    tx.db,
    { ...input, options, position: Number(last?.position ?? 0) + 1 },
    isoTimestamp(tx.now),
  );
  if (id === undefined) {
    invalidField('name', `A ${input.entity} attribute named ${input.name} already exists.`, { status: 409 });
  }
  return attributeView(tx.db, input.entity, id);
}

/**
 * Stores an attribute definition of ours (not platform-defined) unless its entity has one of that
 * name: the (entity, name) UNIQUE constraint settles concurrent creates. Shared by the create call
 * and the fixture loader. `options` are stored as given (JSON).
 * @returns the new row's id; undefined when the name is taken (nothing written).
 */
export async function insertCustomAttribute(
  db: Db,
  attribute: {
    entity: string;
    name: string;
    label: string;
    type: string;
    description?: string | null | undefined;
    group_name?: string | null | undefined;
    placeholder?: string | null | undefined;
    options: readonly unknown[];
    position: number;
  },
  createdAt: string,
): Promise<number | undefined> {
  const row = await db
    .insertInto('custom_attributes')
    .values({
      entity: attribute.entity,
      name: attribute.name,
      label: attribute.label,
      type: attribute.type,
      description: attribute.description ?? null,
      group_name: attribute.group_name ?? null,
      placeholder: attribute.placeholder ?? null,
      options: JSON.stringify(attribute.options),
      is_platform_defined: 0,
      position: attribute.position,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(['entity', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const UPDATABLE = ['entity', 'label', 'options', 'description', 'group_name', 'placeholder'];

/**
 * Changes a custom attribute (spec "Custom attributes" PUT): only label, description, options
 * (select and multi_select), group_name and placeholder; other fields in `input` are refused.
 * @throws ServiceError 1003 naming fields that cannot change or bad options; 1003 (404) unknown
 * attribute; 1003 (403) a system-defined attribute.
 */
export async function updateCustomAttribute(
  tx: Tx,
  name: string,
  input: UpdateAttributeBody,
): Promise<CustomAttribute> {
  const fixed = Object.keys(input).filter((k) => !UPDATABLE.includes(k));
  if (fixed.length > 0) {
    throw new ServiceError(1003, {
      fields: Object.fromEntries(fixed.map((k) => [k, [`The ${k} field cannot be updated.`]])),
    });
  }
  const row = await tx.db
    .selectFrom('custom_attributes')
    .selectAll()
    .where('entity', '=', input.entity)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) {
    throw refusal('custom_attribute_not_found', `No ${input.entity} attribute named ${name}`);
  }
  if (row.is_platform_defined === 1) {
    throw refusal('system_attribute_read_only', 'System-defined attributes cannot be updated');
  }
  const options = checkedOptions(row.type as AttributeType, input.options);
  const changes = {
    ...(input.label === undefined ? {} : { label: input.label }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.group_name === undefined ? {} : { group_name: input.group_name }),
    ...(input.placeholder === undefined ? {} : { placeholder: input.placeholder }),
    ...(options === undefined ? {} : { options: JSON.stringify(options) }),
  };
  if (Object.keys(changes).length > 0) {
    await tx.db.updateTable('custom_attributes').set(changes).where('id', '=', row.id).execute();
  }
  return attributeView(tx.db, input.entity, row.id);
}

/**
 * Defines a custom attribute of `entity` from the real platform's attribute resources (extensions
 * POST /contact-attributes, /reward-attributes, /promotion-attributes,
 * /loyalty-transaction-attributes): as createCustomAttribute, the label defaulting to the name.
 * @throws what createCustomAttribute throws.
 */
export function createEntityAttribute(
  tx: Tx,
  entity: AttributeEntity,
  input: EntityAttributeBody,
): Promise<CustomAttribute> {
  return createCustomAttribute(tx, {
    entity,
    name: input.name,
    label: input.label ?? input.name,
    type: input.type,
    description: input.description,
    placeholder: input.placeholder,
    options: input.options?.map((o) => ({ ...o, description: null, media: null })),
  });
}

/**
 * An attribute of `entity` by id (extension GET /promotion-attributes/{id}).
 * @throws ServiceError 1003 (reason custom_attribute_not_found).
 */
export async function entityAttributeById(
  db: Db,
  entity: AttributeEntity,
  id: number,
): Promise<CustomAttribute> {
  const rows = await attributeDefinitions(db, entity);
  const view = attributeViews(
    rows.filter((r) => r.id === id),
    rows,
  )[0];
  if (!view) throw refusal('custom_attribute_not_found', `No ${entity} attribute with id ${id}`);
  return view;
}

/**
 * Changes an attribute of `entity` by id (extension PUT /promotion-attributes/{id}, whose PHP SDK
 * call sends the attribute's name, type and id back): as updateCustomAttribute; `name`, `type` and
 * `id` may only repeat the attribute's.
 * @throws ServiceError 1003 naming a changed name, type or id; what updateCustomAttribute throws.
 */
export async function updateEntityAttribute(
  tx: Tx,
  entity: AttributeEntity,
  id: number,
  input: UpdateEntityAttributeBody,
): Promise<CustomAttribute> {
  const current = await entityAttributeById(tx.db, entity, id);
  const { name, type, id: sentId, options, ...changes } = input;
  const fixed: Record<string, string[]> = {};
  if (name !== undefined && name !== current.name) fixed.name = ['The name field cannot be updated.'];
  if (type !== undefined && type !== current.type) fixed.type = ['The type field cannot be updated.'];
  if (sentId !== undefined && Number(sentId) !== current.id) fixed.id = ['The id field must be the path’s.'];
  assertNoFieldErrors(fixed);
  return updateCustomAttribute(tx, current.name, {
    entity,
    ...changes,
    ...(options === undefined
      ? {}
      : { options: options.map((o) => ({ ...o, description: null, media: null })) }),
  });
}
