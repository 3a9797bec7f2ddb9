/*
 * The route table of a flow test's fake server (fake-portal-api.ts, fake-me-api.ts): its handlers
 * held to a route list of src/contract/routes.ts, which test/http/browser-routes.test.ts holds the
 * service to as well, so a fake cannot drift from the service.
 */

/** One route of a fake: `METHOD /base/path/{param}`, its method, its path pattern and its handler. */
export interface RouteEntry<H> {
  route: string;
  method: string;
  pattern: RegExp;
  handler: H;
}

/**
 * The fake's `handlers` (one per route of `routes`, keyed `METHOD /path/{param}`) as a table of
 * patterns under `base`. Throws (and so fails every test of that fake) when they do not answer
 * exactly the contract's `routes`: a route missing or one the contract does not list.
 */
export function routeTable<R extends string, H>(
  base: string,
  routes: readonly R[],
  handlers: Record<R, H>,
): RouteEntry<H>[] {
  const missing = routes.filter((route) => !Object.hasOwn(handlers, route));
  const unknown = Object.keys(handlers).filter((route) => !routes.includes(route as R));
  if (missing.length > 0 || unknown.length > 0)
    throw new Error(
      `the fake's routes under ${base} differ from contract/routes.ts: ` +
        `missing ${JSON.stringify(missing)}, not in the contract ${JSON.stringify(unknown)}`,
    );
  return routes.map((route) => {
    const [method, path] = route.split(' ') as [string, string];
    const pattern = new RegExp(`^${base}${path.replaceAll(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
    return { route: `${method} ${base}${path}`, method, pattern, handler: handlers[route] };
  });
}

/** The entry of `table` for `method` and `pathname` (no query), with its path parameters; null when none. */
export function matchRoute<H>(
  table: readonly RouteEntry<H>[],
  method: string,
  pathname: string,
): { entry: RouteEntry<H>; params: Record<string, string> } | null {
  for (const entry of table) {
    const match = entry.method === method ? entry.pattern.exec(pathname) : null;
    if (match) return { entry, params: { ...match.groups } };
  }
  return null;
}
