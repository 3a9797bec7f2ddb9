import type { FastifyInstance } from 'fastify';
import {
  batchProductsBody,
  createProductBody,
  findOrCreateProductBody,
  product,
  updateProductBody,
} from '../../../contract/public/products';
import {
  createProduct,
  createProducts,
  deleteProduct,
  findOrCreateProduct,
  findProduct,
  getProduct,
  listProducts,
  updateProduct,
} from '../../domain/catalog/products';
import { catalogRoutes } from './catalog';

/** Spec "Products (list and get/delete: K; others: P)". Unknown uuids and identifiers: 1003 with 404. */
export default async function productRoutes(fastify: FastifyInstance) {
  catalogRoutes(fastify, {
    tag: 'Products',
    keyPath: '/products',
    clientPath: '/v3/oauth/clients/products',
    noun: 'product',
    batch: 'products',
    schemas: {
      item: product,
      create: createProductBody,
      batch: batchProductsBody,
      findOrCreate: findOrCreateProductBody,
      update: updateProductBody,
    },
    descriptions: {
      create: 'Categories by uuid or external_identifier (1003 naming categories.N when unknown).',
      batch:
        'All or nothing: one bad item creates none. At most 100 items (else 1003 naming products); ' +
        'an unknown category names products.N.categories.M.',
      update:
        'Every field optional; `categories` replaces the product’s categories (1003 naming categories.N ' +
        'when unknown).',
    },
    list: listProducts,
    get: getProduct,
    find: findProduct,
    remove: deleteProduct,
    create: createProduct,
    createMany: createProducts,
    findOrCreate: findOrCreateProduct,
    update: updateProduct,
  });
}
