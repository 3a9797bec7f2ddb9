import { z } from 'zod';
import { idField, textField } from '../fields';
import { category, MAX_BATCH_ITEMS } from './categories';

/** Spec "Product": categories in the order they were given. */
export const product = z.object({
  uuid: z.string(),
  external_identifier: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  categories: z.array(category),
});
export type Product = z.infer<typeof product>;

/** A category named in a product request: by `uuid` or `external_identifier` (at least one). */
// Its example names the category createProductCategory's example makes.
const categoryRef = z
  .object({ uuid: idField().optional(), external_identifier: idField().optional() })
  .meta({ example: { external_identifier: 'HOUSE-BLEND' } });
export type CategoryRef = z.infer<typeof categoryRef>;

const categories = z
  .array(categoryRef)
  .max(100)
  .describe('Existing categories, each by uuid or external_identifier (unknown: 1003 naming categories.N).');

/** POST /v3/oauth/clients/products (and each item of a batch). */
export const createProductBody = z
  .object({
    external_identifier: idField(),
    name: textField().trim().min(1),
    description: textField(5000).nullable().optional(),
    categories: categories.optional(),
  })
  .meta({ example: { external_identifier: 'HOUSE-BLEND', name: 'House blend 1 kg' } });
export type CreateProductBody = z.infer<typeof createProductBody>;

/** POST /v3/oauth/clients/products/batch: all or nothing. */
export const batchProductsBody = z
  .object({
    products: z.array(createProductBody).min(1).max(MAX_BATCH_ITEMS),
  })
  .meta({
    example: {
      products: [
        { external_identifier: 'MUG-01', name: 'Mug' },
        { external_identifier: 'TUMBLER-01', name: 'Tumbler' },
      ],
    },
  });

/** POST …/products/find-or-create: `name` is needed only when it creates. */
export const findOrCreateProductBody = createProductBody
  .extend({
    name: textField().trim().min(1).optional().describe('Required when no product has this identifier.'),
  })
  .meta({ example: { external_identifier: 'HOUSE-BLEND', name: 'House blend 1 kg' } });

/** PUT /v3/oauth/clients/products/{uuid}: all optional; `categories` replaces the product's set. */
export const updateProductBody = z
  .object({
    external_identifier: idField().optional(),
    name: textField().trim().min(1).optional(),
    description: textField(5000).nullable().optional(),
    categories: categories.optional(),
  })
  .meta({ example: { name: 'House blend, 1 kg' } });
export type UpdateProductBody = z.infer<typeof updateProductBody>;
