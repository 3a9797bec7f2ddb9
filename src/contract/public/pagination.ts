import { z } from 'zod';
import { integerField } from '../fields';

/** `page` of a paginated list: an integer from 1, default 1; a page past the end is empty. */
export const pageField = () =>
  integerField()
    .pipe(z.number().min(1))
    .default(1)
    .describe('Page number, from 1 (default 1); a page past the end is empty.');

/** `limit` of a paginated list: an integer within `min`..`max`, `fallback` when absent. */
export const limitField = (min: number, max: number, fallback: number) =>
  integerField()
    .pipe(z.number().min(min).max(max))
    .default(fallback)
    .describe(`Items per page, ${min} to ${max} (default ${fallback}).`);
