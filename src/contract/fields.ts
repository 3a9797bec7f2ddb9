import { z } from 'zod';

/*
 * Field helpers shared by every request schema. Real clients (the platform's PHP SDK) send
 * form-encoded bodies where every value is a string and booleans are `1`/`0`, so each helper
 * accepts the JSON type and its form-encoded spelling. OpenAPI documents the JSON type with the
 * limits the value must meet (a form body spells the same values as text).
 */

const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const TRUE_TEXT = ['1', 'true', 'yes', 'on'];
const FALSE_TEXT = ['0', 'false', 'no', 'off'];

/**
 * `schema`, documented in OpenAPI as `json` instead of the union of spellings it reads: the
 * metadata key `x-json`, which copies made by `.describe()` inherit, replaces the generated schema
 * in the document (http/openapi/document.ts).
 */
function documentedAs<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  return schema.meta({ [DOCUMENTED_AS]: json }) as T;
}

/** The metadata key of documentedAs. */
export const DOCUMENTED_AS = 'x-json';

/** The JSON Schema of the values `out` accepts, as a request documents it. */
function jsonOf(out: z.ZodType, type?: 'integer'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(out, { io: 'input', unrepresentable: 'any' });
  return type && json.type === 'number' ? { ...json, type } : json;
}

/**
 * An integer, or its decimal text (form bodies), that then meets `out` (bounds, allowed values:
 * `z.number().min(1).max(100)`, `z.literal([1, 2, 3])`); documented as an integer meeting `out`,
 * plus `refined`: the JSON Schema of a refinement of `out` that zod cannot write (`{not: {const: 0}}`).
 */
export const integerField = <Out extends z.ZodType<unknown, number> = z.ZodNumber>(
  out?: Out,
  refined: Record<string, unknown> = {},
) => {
  const read = z.union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(INTEGER_TEXT, { message: 'integer' })
      .transform((v) => Number(v)),
  ]);
  const limits = (out ?? z.number().int()) as Out;
  return documentedAs(read.pipe(limits), { ...jsonOf(limits, 'integer'), ...refined });
};

/**
 * A finite number, or its decimal text (form bodies), that then meets `out`; documented as `out`
 * plus `refined` (`{multipleOf: 0.01}` where the service allows 2 decimals).
 */
export const numberField = <Out extends z.ZodType<unknown, number> = z.ZodNumber>(
  out?: Out,
  refined: Record<string, unknown> = {},
) => {
  const read = z.union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(DECIMAL_TEXT, { message: 'numeric' })
      .transform((v) => Number(v)),
  ]);
  const limits = (out ?? z.number()) as Out;
  return documentedAs(read.pipe(limits), { ...jsonOf(limits), ...refined });
};

/** A boolean: true/false, 1/0, or their text, or yes/no (form bodies, units' is_default); documented as a boolean. */
export const booleanField = () =>
  documentedAs(
    z.union([
      z.boolean(),
      z.union([z.literal(1), z.literal(0)]).transform((v) => v === 1),
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((v) => TRUE_TEXT.includes(v) || FALSE_TEXT.includes(v), { message: 'boolean' })
        .transform((v) => TRUE_TEXT.includes(v)),
    ]),
    { type: 'boolean' },
  );

/** A non-empty identifier string (uuids, codes, values; not only spaces), at most 191 characters. */
export const idField = () =>
  documentedAs(z.string().trim().min(1).max(191), {
    type: 'string',
    minLength: 1,
    maxLength: 191,
    pattern: '\\S',
  });

/** An e-mail address, compared case-insensitively; documented as an e-mail of at most 191 characters. */
export const emailField = () =>
  documentedAs(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(191)
      .pipe(z.email({ message: 'email' })),
    jsonOf(z.email().max(191)),
  );

/**
 * Accepts the real platform's name for one field of a request body, as its PHP SDK sends it
 * (`dataType` for `data_type`, `pos_transaction_id` for `pos_transaction_uuid`): the value is read
 * as the spec's field, never ignored; both sent with different values → an input error naming `alias`.
 */
export function withAlias<T extends z.ZodType>(schema: T, alias: string, field: string) {
  return z.preprocess((input, ctx) => {
    if (!input || typeof input !== 'object' || Array.isArray(input) || !(alias in input)) return input;
    const { [alias]: value, ...rest } = input as Record<string, unknown>;
    if (rest[field] !== undefined && rest[field] !== value) {
      ctx.addIssue({
        code: 'custom',
        path: [alias],
        message: `must equal ${field} (it is its other name)`,
        input,
      });
      return input;
    }
    return { ...rest, [field]: value };
  }, schema);
}

/** Free text, at most `max` characters. */
export const textField = (max = 191) => z.string().max(max);
