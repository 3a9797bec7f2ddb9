import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/*
 * Every endpoint of the spec's tables is served, under its own path and under the real platform's
 * SDK prefixes (/api/v3/register/<path>, /api/v3/oauth/clients/…), and is in the OpenAPI document.
 */

// The repository's copy of the spec.
const SPEC = 'docs/spec/service-interface.md';

/** Every `| METHOD | /path |` row of the spec's endpoint tables. */
function specEndpoints(): { method: string; path: string }[] {
  const rows = readFileSync(SPEC, 'utf8').matchAll(/^\|\s*(GET|POST|PUT|DELETE|PATCH)\s*\|\s*(\/\S*)\s*\|/gm);
  return [...rows].map((m) => ({ method: m[1]!, path: m[2]! }));
}

const filled = (path: string) => path.replaceAll(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
const shape = (path: string) => path.replaceAll(/\{[^}]+\}/g, '{}');
const sdkAlias = (path: string) =>
  path.startsWith('/v3/oauth/clients/') ? `/api${path}` : `/api/v3/register${path}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const endpoints = specEndpoints();

describe('spec coverage', () => {
  it('reads the endpoint tables of the spec', () => {
    expect(endpoints.length).toBeGreaterThan(70);
  });

  it.each(endpoints)('$method $path is served, also under the SDK prefix', async ({ method, path }) => {
    for (const url of [filled(path), filled(sdkAlias(path))]) {
      const res = await t.call({ method: method as 'GET', url, token: null });
      const body = res.json();
      expect({ url, message: String(body.message) }).not.toEqual({
        url,
        message: expect.stringMatching(/^No route/),
      });
    }
  });

  it('every endpoint is in /openapi.json', async () => {
    const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json();
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${shape(path)}`);
    }
    const missing = endpoints.map((e) => `${e.method} ${shape(e.path)}`).filter((e) => !documented.has(e));
    expect(missing).toEqual([]);
  });
});
