import type { Selectable } from 'kysely';
import type { CreateProductBody, Product, UpdateProductBody } from '../../../contract/public/products';
import type { Db } from '../../db/schema';
import type { ProductTable } from '../../db/schema-catalog';
import type { Tx } from '../../db/transaction';
import { invalidField } from '../shared/errors';
import { pageMeta } from '../shared/pagination';
import { isoTimestamp, newUuid } from '../shared/values';
import { catalogNotFound, categoryIdsOf, identifierTaken } from './categories';

type ProductRow = Selectable<ProductTable>;

async function productViews(db: Db, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('product_category_links')
    .innerJoin('product_categories', 'product_categories.id', 'product_category_links.category_id')
    .select([
      'product_category_links.product_id',
      'product_categories.uuid',
      'product_categories.external_identifier',
      'product_categories.name',
    ])
    .where(
      'product_category_links.product_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('product_category_links.position')
    .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    external_identifier: row.external_identifier,
    name: row.name,
    description: row.description,
    categories: links
      .filter((l) => l.product_id === row.id)
      .map((l) => ({ uuid: l.uuid, external_identifier: l.external_identifier, name: l.name })),
  }));
}

async function productBy(db: Db, column: 'uuid' | 'external_identifier', value: string) {
  return db.selectFrom('products').selectAll().where(column, '=', value).executeTakeFirst();
}

async function productView(db: Db, row: ProductRow): Promise<Product> {
  return (await productViews(db, [row]))[0]!;
}

async function linkCategories(tx: Tx, productId: number, categoryIds: number[]): Promise<void> {
  await tx.db.deleteFrom('product_category_links').where('product_id', '=', productId).execute();
  if (categoryIds.length === 0) return;
  await tx.db
    .insertInto('product_category_links')
    .values(categoryIds.map((category_id, position) => ({ product_id: productId, category_id, position })))
    .execute();
}

/** Spec GET /products: one page, in creation order. */
export async function listProducts(
  db: Db,
  query: { page: number; limit: number },
): Promise<{ data: Product[]; meta: ReturnType<typeof pageMeta> }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('products')
      .selectAll()
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: await productViews(db, rows),
    meta: pageMeta(query.page, query.limit, Number(count.total), rows.length),
  };
}

/** Spec GET /products/{uuid}. @throws ServiceError 1003 (404) unknown. */
export async function getProduct(db: Db, uuid: string): Promise<Product> {
  const row = await productBy(db, 'uuid', uuid);
  if (!row) throw catalogNotFound('Product');
  return productView(db, row);
}

/** Spec GET …/products/find. @throws ServiceError 1003 (404) unknown. */
export async function findProduct(db: Db, externalIdentifier: string): Promise<Product> {
  const row = await productBy(db, 'external_identifier', externalIdentifier);
  if (!row) throw catalogNotFound('Product');
  return productView(db, row);
}

/** Creates one product; `prefix` ('' or `products.N.`) qualifies the fields errors name. */
async function insertProduct(tx: Tx, input: CreateProductBody, prefix: string): Promise<Product> {
  const categoryIds = await categoryIdsOf(tx.db, input.categories ?? [], `${prefix}categories`);
  const at = isoTimestamp(tx.now);
  const row = await tx.db
    .insertInto('products')
    .values({
      uuid: newUuid(),
      external_identifier: input.external_identifier,
      name: input.name,
      description: input.description ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('external_identifier').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw identifierTaken(`${prefix}external_identifier`);
  await linkCategories(tx, row.id, categoryIds);
  return productView(tx.db, row);
}

/**
 * Spec POST …/products: categories by uuid or external_identifier.
 * @throws ServiceError 1003 naming categories.N (unknown), 1003 (409) external_identifier taken.
 */
export async function createProduct(tx: Tx, input: CreateProductBody): Promise<Product> {
  return insertProduct(tx, input, '');
}

/**
 * Spec POST …/products/batch: all or nothing (the caller's transaction rolls back).
 * @throws ServiceError 1003 naming products.N.categories.M, 1003 (409) products.N.external_identifier.
 */
export async function createProducts(tx: Tx, items: CreateProductBody[]): Promise<Product[]> {
  const out: Product[] = [];
  for (const [i, item] of items.entries()) out.push(await insertProduct(tx, item, `products.${i}.`));
  return out;
}

/**
 * Spec POST …/products/find-or-create: the product with this external identifier as it is (other
 * fields are not applied), else a new one (`created` true).
 * @throws ServiceError 1003 naming name (needed to create) or categories.N.
 */
export async function findOrCreateProduct(
  tx: Tx,
  input: Omit<CreateProductBody, 'name'> & { name?: string | undefined },
): Promise<{ item: Product; created: boolean }> {
  const found = await productBy(tx.db, 'external_identifier', input.external_identifier);
  if (found) return { item: await productView(tx.db, found), created: false };
  if (input.name === undefined) {
    invalidField('name', 'The name field is required to create a product.');
  }
  return { item: await createProduct(tx, { ...input, name: input.name }), created: true };
}

/**
 * Spec PUT …/products/{uuid}: every field optional; `categories` replaces the product's categories.
 * @throws ServiceError 1003 (404) unknown, 1003 naming categories.N, 1003 (409) external_identifier taken.
 */
export async function updateProduct(tx: Tx, uuid: string, input: UpdateProductBody): Promise<Product> {
  const row = await productBy(tx.db, 'uuid', uuid);
  if (!row) throw catalogNotFound('Product');
  const { categories, ...fields } = input;
  const categoryIds =
    categories === undefined ? undefined : await categoryIdsOf(tx.db, categories, 'categories');
  if (fields.external_identifier !== undefined && fields.external_identifier !== row.external_identifier) {
    if (await productBy(tx.db, 'external_identifier', fields.external_identifier)) {
      throw identifierTaken('external_identifier');
    }
  }
  await tx.db
    .updateTable('products')
    .set({ ...fields, updated_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .execute();
  if (categoryIds !== undefined) await linkCategories(tx, row.id, categoryIds);
  return getProduct(tx.db, uuid);
}

/** Spec DELETE /products/{uuid}. @throws ServiceError 1003 (404) unknown. */
export async function deleteProduct(tx: Tx, uuid: string): Promise<void> {
  const row = await productBy(tx.db, 'uuid', uuid);
  if (!row) throw catalogNotFound('Product');
  await tx.db.deleteFrom('product_category_links').where('product_id', '=', row.id).execute();
  await tx.db.deleteFrom('products').where('id', '=', row.id).execute();
}
