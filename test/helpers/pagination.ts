import { expect } from 'vitest';
import type { TestApp } from './app';
import { expectError } from './errors';

/**
 * Checks the page/limit pagination of an OAuth-client list (products, product categories: spec
 * "Pagination", meta page/limit/viewing_from/viewing_to/last_page/total) on an app of the test's
 * own holding exactly `total` items (101–199), listed in creation order, item n (from 1) named
 * `identifier(n)`: the default page (limit 30), limit at its minimum (1, page 2) and maximum (100,
 * page 2), a page past the end (empty), and limits and pages out of range refused (1003, 422)
 * naming the field.
 */
export async function expectPagination(
  own: TestApp,
  path: string,
  total: number,
  identifier: (n: number) => string,
): Promise<void> {
  const list = async (query = '') => {
    const res = await own.call({ method: 'GET', url: `${path}${query}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const first = await list();
  expect(first.data).toHaveLength(30);
  expect(first.data[0]).toMatchObject({ external_identifier: identifier(1) });
  expect(first.meta).toEqual({
    page: 1,
    limit: 30,
    viewing_from: 1,
    viewing_to: 30,
    last_page: Math.ceil(total / 30),
    total,
  });

  const one = await list('?limit=1&page=2');
  expect(one.data).toEqual([expect.objectContaining({ external_identifier: identifier(2) })]);
  expect(one.meta).toEqual({ page: 2, limit: 1, viewing_from: 2, viewing_to: 2, last_page: total, total });

  const max = await list('?limit=100&page=2');
  expect(max.data).toHaveLength(total - 100);
  expect(max.data.at(-1)).toMatchObject({ external_identifier: identifier(total) });
  expect(max.meta).toEqual({
    page: 2,
    limit: 100,
    viewing_from: 101,
    viewing_to: total,
    last_page: 2,
    total,
  });

  expect(await list('?limit=100&page=3')).toEqual({
    data: [],
    meta: { page: 3, limit: 100, viewing_from: 0, viewing_to: 0, last_page: 2, total },
  });

  for (const [query, field] of [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=1000001', 'page'],
  ]) {
    const refused = await expectError(await own.call({ method: 'GET', url: `${path}?${query}` }), 1003);
    expect(Object.keys(refused.errors ?? {})).toEqual([field]);
  }
}
