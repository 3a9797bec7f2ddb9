import { z } from 'zod';
import { idField, textField } from '../fields';
import { limitField, pageField } from './pagination';

/** Spec "Category" (of products). `external_identifier` is unique within the account. */
export const category = z.object({ uuid: z.string(), external_identifier: z.string(), name: z.string() });
export type Category = z.infer<typeof category>;

/** Largest page of the products and categories lists. */
export const MAX_PAGE_LIMIT = 100;
/** Most items of one batch create (products or categories). */
export const MAX_BATCH_ITEMS = 100;

/** Query of the products and categories lists: `page` from 1, `limit` 1–100 (default 30). */
export const catalogPageQuery = z.object({
  // Bounded so that the row offset stays a safe integer.
  page: pageField(),
  limit: limitField(1, MAX_PAGE_LIMIT, 30),
});

/** POST /v3/oauth/clients/product-categories (and each item of a batch). */
export const createCategoryBody = z
  .object({
    external_identifier: idField(),
    name: textField().trim().min(1),
  })
  .meta({ example: { external_identifier: 'HOUSE-BLEND', name: 'House blend' } });
export type CreateCategoryBody = z.infer<typeof createCategoryBody>;

/** POST /v3/oauth/clients/product-categories/batch: all or nothing. */
export const batchCategoriesBody = z
  .object({
    categories: z.array(createCategoryBody).min(1).max(MAX_BATCH_ITEMS),
  })
  .meta({
    example: {
      categories: [
        { external_identifier: 'CUPS', name: 'Cups' },
        { external_identifier: 'PASTRY', name: 'Pastry' },
      ],
    },
  });

/** POST …/product-categories/find-or-create: `name` is needed only when it creates. */
export const findOrCreateCategoryBody = z
  .object({
    external_identifier: idField(),
    name: textField().trim().min(1).optional().describe('Required when no category has this identifier.'),
  })
  .meta({ example: { external_identifier: 'HOUSE-BLEND', name: 'House blend' } });

/** PUT /v3/oauth/clients/product-categories/{uuid} */
export const updateCategoryBody = z
  .object({
    external_identifier: idField().optional(),
    name: textField().trim().min(1).optional(),
  })
  .meta({ example: { name: 'Beans' } });
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;

export const findByExternalIdentifierQuery = z.object({
  external_identifier: idField().meta({ example: 'HOUSE-BLEND' }),
});

export const catalogUuidParams = z.object({ uuid: idField() });
