import type { FastifyInstance } from 'fastify';
import {
  batchCategoriesBody,
  category,
  createCategoryBody,
  findOrCreateCategoryBody,
  updateCategoryBody,
} from '../../../contract/public/categories';
import {
  createCategories,
  createCategory,
  deleteCategory,
  findCategory,
  findOrCreateCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '../../domain/catalog/categories';
import { catalogRoutes } from './catalog';

/** Spec "Categories (list, get, delete: K; others: P)". Unknown uuids and identifiers: 1003 with 404. */
export default async function categoryRoutes(fastify: FastifyInstance) {
  catalogRoutes(fastify, {
    tag: 'Categories',
    keyPath: '/product-categories',
    clientPath: '/v3/oauth/clients/product-categories',
    noun: 'category',
    batch: 'categories',
    schemas: {
      item: category,
      create: createCategoryBody,
      batch: batchCategoriesBody,
      findOrCreate: findOrCreateCategoryBody,
      update: updateCategoryBody,
    },
    descriptions: {
      delete: 'Products lose the category.',
      batch: 'All or nothing: one bad item creates none. At most 100 items (else 1003 naming categories).',
      update: 'Every field optional.',
    },
    list: listCategories,
    get: getCategory,
    find: findCategory,
    remove: deleteCategory,
    create: createCategory,
    createMany: createCategories,
    findOrCreate: findOrCreateCategory,
    update: updateCategory,
  });
}
