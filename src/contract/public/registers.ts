import { z } from 'zod';
import { shop } from './account';

/**
 * The real platform's register (its PHP SDK's `registers->get()`): the till an API key bound to a
 * shop belongs to. `identifier` is stable for the key; `name` is null (the account names none).
 */
export const register = z.object({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string().nullable(),
  shop,
});
export type Register = z.infer<typeof register>;
