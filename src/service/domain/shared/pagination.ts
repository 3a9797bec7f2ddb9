/**
 * The window of one page of a list: the rows to skip and the last page number (at least 1, so an
 * empty list still has page 1). `limit` 0 shows no rows (GET /vouchers allows it).
 */
export function pageWindow(page: number, limit: number, total: number): { offset: number; lastPage: number } {
  return {
    offset: (page - 1) * limit,
    lastPage: limit === 0 ? 1 : Math.max(1, Math.ceil(total / limit)),
  };
}

/** The real platform's paginator meta (contract `paginatorMeta`): `from`/`to` 1-based, null when empty. */
export function paginatorMeta(page: number, limit: number, total: number, shown: number) {
  const { offset, lastPage } = pageWindow(page, limit, total);
  return {
    current_page: page,
    per_page: limit,
    from: shown === 0 ? null : offset + 1,
    to: shown === 0 ? null : offset + shown,
    last_page: lastPage,
    total,
  };
}

/** The spec's meta of paginated lists (products, categories, vouchers): 1-based viewing_from/to, 0 when empty. */
export function pageMeta(page: number, limit: number, total: number, shown: number) {
  const { offset, lastPage } = pageWindow(page, limit, total);
  return {
    page,
    limit,
    viewing_from: shown === 0 ? 0 : offset + 1,
    viewing_to: shown === 0 ? 0 : offset + shown,
    last_page: lastPage,
    total,
  };
}
