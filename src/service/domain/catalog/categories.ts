import type { Selectable } from 'kysely';
import type { Category, CreateCategoryBody, UpdateCategoryBody } from '../../../contract/public/categories';
import type { CategoryRef } from '../../../contract/public/products';
import type { Db } from '../../db/schema';
import type { ProductCategoryTable } from '../../db/schema-catalog';
import type { Tx } from '../../db/transaction';
import { assertNoFieldErrors, fieldError, invalidField, refusal, type ServiceError } from '../shared/errors';
import { pageMeta } from '../shared/pagination';
import { isoTimestamp, newUuid } from '../shared/values';

type CategoryRow = Selectable<ProductCategoryTable>;

function categoryView(row: CategoryRow): Category {
  return { uuid: row.uuid, external_identifier: row.external_identifier, name: row.name };
}

/** 1003 with HTTP 404: the spec has no code for a missing product or category. */
export function catalogNotFound(what: 'Product' | 'Category'): ServiceError {
  return refusal(what === 'Product' ? 'product_not_found' : 'category_not_found', `${what} not found`);
}

/** 1003 with HTTP 409 naming `field`: the external identifier is taken. */
export function identifierTaken(field: string): ServiceError {
  return fieldError(field, 'The external identifier has already been taken.', { status: 409 });
}

async function categoryBy(db: Db, column: 'uuid' | 'external_identifier', value: string) {
  return db.selectFrom('product_categories').selectAll().where(column, '=', value).executeTakeFirst();
}

/** Spec GET /product-categories: one page, in creation order. */
export async function listCategories(
  db: Db,
  query: { page: number; limit: number },
): Promise<{ data: Category[]; meta: ReturnType<typeof pageMeta> }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('product_categories')
      .selectAll()
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom('product_categories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map(categoryView),
    meta: pageMeta(query.page, query.limit, Number(count.total), rows.length),
  };
}

/** Spec GET /product-categories/{uuid}. @throws ServiceError 1003 (404) unknown. */
export async function getCategory(db: Db, uuid: string): Promise<Category> {
  const row = await categoryBy(db, 'uuid', uuid);
  if (!row) throw catalogNotFound('Category');
  return categoryView(row);
}

/** Spec GET …/product-categories/find. @throws ServiceError 1003 (404) unknown. */
export async function findCategory(db: Db, externalIdentifier: string): Promise<Category> {
  const row = await categoryBy(db, 'external_identifier', externalIdentifier);
  if (!row) throw catalogNotFound('Category');
  return categoryView(row);
}

async function insertCategory(tx: Tx, input: CreateCategoryBody, field: string): Promise<Category> {
  const at = isoTimestamp(tx.now);
  const row = await tx.db
    .insertInto('product_categories')
    .values({
      uuid: newUuid(),
      external_identifier: input.external_identifier,
      name: input.name,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('external_identifier').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw identifierTaken(field);
  return categoryView(row);
}

/** Spec POST …/product-categories. @throws ServiceError 1003 (409) external_identifier taken. */
export async function createCategory(tx: Tx, input: CreateCategoryBody): Promise<Category> {
  return insertCategory(tx, input, 'external_identifier');
}

/**
 * Spec POST …/product-categories/batch: all or nothing (the caller's transaction rolls back).
 * @throws ServiceError 1003 (409) naming `categories.N.external_identifier` when taken or repeated.
 */
export async function createCategories(tx: Tx, items: CreateCategoryBody[]): Promise<Category[]> {
  const out: Category[] = [];
  for (const [i, item] of items.entries()) {
    out.push(await insertCategory(tx, item, `categories.${i}.external_identifier`));
  }
  return out;
}

/**
 * Spec POST …/product-categories/find-or-create: the category with this external identifier, else
 * a new one (`created` true).
 * @throws ServiceError 1003 naming name when it must create and no name was given.
 */
export async function findOrCreateCategory(
  tx: Tx,
  input: { external_identifier: string; name?: string | undefined },
): Promise<{ item: Category; created: boolean }> {
  const found = await categoryBy(tx.db, 'external_identifier', input.external_identifier);
  if (found) return { item: categoryView(found), created: false };
  if (input.name === undefined) {
    invalidField('name', 'The name field is required to create a category.');
  }
  return { item: await createCategory(tx, { ...input, name: input.name }), created: true };
}

/**
 * Spec PUT …/product-categories/{uuid}: external_identifier and name, both optional.
 * @throws ServiceError 1003 (404) unknown, 1003 (409) external_identifier taken by another category.
 */
export async function updateCategory(tx: Tx, uuid: string, input: UpdateCategoryBody): Promise<Category> {
  const row = await categoryBy(tx.db, 'uuid', uuid);
  if (!row) throw catalogNotFound('Category');
  if (input.external_identifier !== undefined && input.external_identifier !== row.external_identifier) {
    if (await categoryBy(tx.db, 'external_identifier', input.external_identifier)) {
      throw identifierTaken('external_identifier');
    }
  }
  await tx.db
    .updateTable('product_categories')
    .set({ ...input, updated_at: isoTimestamp(tx.now) })
    .where('id', '=', row.id)
    .execute();
  return getCategory(tx.db, uuid);
}

/** Spec DELETE /product-categories/{uuid}; products lose it. @throws ServiceError 1003 (404) unknown. */
export async function deleteCategory(tx: Tx, uuid: string): Promise<void> {
  const row = await categoryBy(tx.db, 'uuid', uuid);
  if (!row) throw catalogNotFound('Category');
  await tx.db.deleteFrom('product_category_links').where('category_id', '=', row.id).execute();
  await tx.db.deleteFrom('product_categories').where('id', '=', row.id).execute();
}

/**
 * The ids of the categories a product request names, each by uuid or external_identifier (when
 * both are sent they must name the same category); repeats count once.
 * @throws ServiceError 1003 naming `<field>.N` for each unknown or unnamed category.
 */
export async function categoryIdsOf(db: Db, refs: CategoryRef[], field: string): Promise<number[]> {
  const ids: number[] = [];
  const errors: Record<string, string[]> = {};
  for (const [i, ref] of refs.entries()) {
    const byUuid = ref.uuid === undefined ? undefined : await categoryBy(db, 'uuid', ref.uuid);
    const byIdentifier =
      ref.external_identifier === undefined
        ? undefined
        : await categoryBy(db, 'external_identifier', ref.external_identifier);
    const row = byUuid ?? byIdentifier;
    if (ref.uuid === undefined && ref.external_identifier === undefined) {
      errors[`${field}.${i}`] = ['A category needs a uuid or an external_identifier.'];
    } else if (
      !row ||
      (ref.uuid !== undefined && !byUuid) ||
      (ref.external_identifier !== undefined && byIdentifier?.id !== row.id)
    ) {
      errors[`${field}.${i}`] = ['The category does not exist.'];
    } else if (!ids.includes(row.id)) {
      ids.push(row.id);
    }
  }
  assertNoFieldErrors(errors);
  return ids;
}
