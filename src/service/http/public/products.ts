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
} from '../../domain/products';
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
      delete: 'Errors: 1003 (404).',
      create:
        'Categories by uuid or external_identifier. Errors: 1003 (naming categories.N when unknown; ' +
        '409 when external_identifier is taken).',
      batch:
        'All or nothing: one bad item creates none. At most 100 items (else 1003 naming products). ' +
        'Errors: 1003 (naming products.N.categories.M; 409 naming products.N.external_identifier).',
      update:
        'Every field optional; `categories` replaces the product’s categories. Errors: 1003 (404 ' +
        'unknown, naming categories.N, 409 external_identifier taken).',
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
