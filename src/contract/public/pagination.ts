import { z } from 'zod';
import { integerField } from '../fields';

/** Highest page number accepted, so that page × limit stays a safe row offset. */
export const MAX_PAGE = 1_000_000;

/** `page` of a paginated list: an integer from 1 to MAX_PAGE, default 1; a page past the end is empty. */
export const pageField = () =>
  integerField(z.number().min(1).max(MAX_PAGE))
    .default(1)
    .describe(`Page number, from 1 to ${MAX_PAGE} (default 1); a page past the end is empty.`);

/** `limit` of a paginated list: an integer within `min`..`max`, `fallback` when absent. */
export const limitField = (min: number, max: number, fallback: number) =>
  integerField(z.number().min(min).max(max))
    .default(fallback)
    .describe(`Items per page, ${min} to ${max} (default ${fallback}).`);
