import { z } from 'zod';
import { ERROR_REASONS, type ErrorReason } from './errors';

/** `meta` of a non-paginated response: an empty object (spec "Conventions"). */
export const emptyMeta = z.object({}).strict();

/** Pagination meta of products and categories lists (spec "Conventions"). */
export const pageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  viewing_from: z.number().int(),
  viewing_to: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});

/**
 * The real platform's pagination meta (Laravel's paginator), which its PHP SDK reads: lists of our
 * extensions, and the vouchers list besides the spec's meta. `from` and `to` are null on an empty page.
 */
export const paginatorMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
  total: z.number().int(),
});
export type PaginatorMeta = z.infer<typeof paginatorMeta>;

/** One of Laravel's paginator `links`: previous, a page, `...` for a gap, or next. */
export const paginatorLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });
export type PaginatorLink = z.infer<typeof paginatorLink>;

/** Pagination meta of the giftcards list (spec "Conventions"). */
export const giftcardPageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
});

/** The `{data, meta}` envelope of every successful response, with `meta` an empty object. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: emptyMeta });
}

/** The envelope of a paginated list. */
export function pagedEnvelope<T extends z.ZodType, M extends z.ZodType>(item: T, meta: M) {
  return z.object({ data: z.array(item), meta });
}

/** Query parameters of a paginated list: `page` (from 1) and `limit`. */
export type PageQuery = { page: number; limit: number };

/** The error body of every failed call (extensions.md "Errors"); not wrapped in the envelope. */
export const errorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  status_code: z.number().int(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  reason: z
    .enum(Object.keys(ERROR_REASONS) as [ErrorReason, ...ErrorReason[]])
    .optional()
    .describe('Extension: the machine-readable case of the refusal (docs/extensions.md "Errors").'),
});
