import type { FastifyRequest } from 'fastify';
import type { PaginatorLink } from '../../contract/envelope';

// Pages shown on each side of the current one, as Laravel's paginator shows them.
const ON_EACH_SIDE = 3;

/**
 * Laravel's paginator `path` (the list's URL without its query) and `links` (previous, the pages
 * around the current one with the first and the last, `...` for a gap, next), which the PHP SDK's
 * paginated lists read. A link keeps the request's other query parameters; `url` is null where
 * there is no such page.
 */
export function paginatorLinks(
  req: FastifyRequest,
  meta: { current_page: number; last_page: number },
): { path: string; links: PaginatorLink[] } {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const path = `${url.origin}${url.pathname}`;
  const pageUrl = (page: number) => {
    url.searchParams.set('page', String(page));
    return url.toString();
  };
  const { current_page: current, last_page: last } = meta;
  const shown = [
    ...new Set([
      1,
      last,
      ...Array.from({ length: 2 * ON_EACH_SIDE + 1 }, (_, i) => current - ON_EACH_SIDE + i),
    ]),
  ]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  const links: PaginatorLink[] = [
    {
      url: current > 1 ? pageUrl(Math.min(current - 1, last)) : null,
      label: '&laquo; Previous',
      active: false,
    },
  ];
  let previous = 0;
  for (const page of shown) {
    if (previous > 0 && page > previous + 1) links.push({ url: null, label: '...', active: false });
    links.push({ url: pageUrl(page), label: String(page), active: page === current });
    previous = page;
  }
  links.push({ url: current < last ? pageUrl(current + 1) : null, label: 'Next &raquo;', active: false });
  return { path, links };
}
