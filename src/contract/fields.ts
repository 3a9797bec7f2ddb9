import { z } from 'zod';

/*
 * Field helpers shared by every request schema. Real clients (the platform's PHP SDK) send
 * form-encoded bodies where every value is a string and booleans are `1`/`0`, so each helper
 * accepts the JSON type and its form-encoded spelling, and documents both in OpenAPI.
 */

const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;
const TRUE_TEXT = ['1', 'true', 'yes', 'on'];
const FALSE_TEXT = ['0', 'false', 'no', 'off'];

/** An integer, or its decimal text (form bodies). */
export const integerField = () =>
  z.union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(INTEGER_TEXT, { message: 'integer' })
      .transform((v) => Number(v)),
  ]);

/** A finite number, or its decimal text (form bodies). */
export const numberField = () =>
  z.union([
    z.number().finite(),
    z
      .string()
      .trim()
      .regex(DECIMAL_TEXT, { message: 'numeric' })
      .transform((v) => Number(v)),
  ]);

/** A boolean: true/false, 1/0, or their text, or yes/no (form bodies, units' is_default). */
export const booleanField = () =>
  z.union([
    z.boolean(),
    z.union([z.literal(1), z.literal(0)]).transform((v) => v === 1),
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => TRUE_TEXT.includes(v) || FALSE_TEXT.includes(v), { message: 'boolean' })
      .transform((v) => TRUE_TEXT.includes(v)),
  ]);

/** A non-empty identifier string (uuids, codes, values), at most 191 characters. */
export const idField = () => z.string().trim().min(1).max(191);

/** An e-mail address, compared case-insensitively. */
export const emailField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(191)
    .pipe(z.email({ message: 'email' }));

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
