import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicePath, PORTAL_API, portalRequest, sessionPath } from '../../src/kiosk/api/client';
import { parseKioskRoute } from '../../src/kiosk/lib/kiosk-route';

/*
 * index.html sends the page's first request (session or device) before the scripts load; the first
 * portalRequest for the same path takes its answer, so the screen's query makes no second request.
 */

const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

/** Runs index.html's inline script for a location search; what it fetched and left for the app. */
function earlyRequest(search: string) {
  const fetched: string[] = [];
  const window: { portalEarlyRequest?: { path: string } } = {};
  const fetch = (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response('{}'));
  };
  runInNewContext(inline[0]!, { window, location: { search }, URLSearchParams, encodeURIComponent, fetch });
  return { fetched, path: window.portalEarlyRequest?.path ?? null };
}

/** The path the app asks first for a search (main.tsx: the session, or the standby device). */
function appFirstPath(search: string): string | null {
  const route = parseKioskRoute(search);
  if (route.kind === 'session') return sessionPath(route.uuid);
  if (route.kind === 'standby') return devicePath(route.token);
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe("index.html's early request", () => {
  it('is one inline script', () => {
    expect(inline).toHaveLength(1);
  });

  it('asks for what the app asks first, by the same rules (parseKioskRoute)', () => {
    for (const search of [
      '?uuid=3f2a9c1e-0000-4000-8000-000000000001',
      '?device=demo-device-amsterdam',
      '?uuid=abc&device=tok',
      '?device=tok&uuid=abc',
      '?uuid=%20abc%20',
      '?uuid=&device=tok',
      '?device=a%2Fb%20c',
      '?uuid=',
      '',
      '?other=1',
    ]) {
      const expected = appFirstPath(search);
      const { fetched, path } = earlyRequest(search);
      expect(path, search).toBe(expected);
      expect(fetched, search).toEqual(expected ? [`${PORTAL_API}${expected}`] : []);
    }
  });
});

describe('portalRequest takes the early answer', () => {
  const early = (path: string, data: unknown) => ({
    path,
    response: Promise.resolve(new Response(JSON.stringify({ data, meta: {} }))),
  });

  it('for the same GET, once; later calls fetch anew', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { n: 2 }, meta: {} })));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', { portalEarlyRequest: early('/sessions/s', { n: 1 }) });
    await expect(portalRequest({ method: 'GET', path: '/sessions/s' })).resolves.toEqual({ n: 1 });
    expect(fetch).not.toHaveBeenCalled();
    await expect(portalRequest({ method: 'GET', path: '/sessions/s' })).resolves.toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('not for another path or a POST', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: { n: 2 }, meta: {} })));
    vi.stubGlobal('fetch', fetch);
    const window = { portalEarlyRequest: early('/sessions/s', { n: 1 }) };
    vi.stubGlobal('window', window);
    await portalRequest({ method: 'GET', path: '/sessions/other' });
    await portalRequest({ method: 'POST', path: '/sessions/s', body: {} });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(window.portalEarlyRequest.path).toBe('/sessions/s');
  });

  it('an early request that got no answer is a NETWORK_ERROR like any other', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    vi.stubGlobal('window', { portalEarlyRequest: { path: '/devices/d', response: failed } });
    await expect(portalRequest({ method: 'GET', path: '/devices/d' })).rejects.toMatchObject({
      code: 0,
      status: 0,
    });
  });

  it('an early error answer keeps its code and status', async () => {
    const response = Promise.resolve(
      new Response(JSON.stringify({ code: 1003, message: 'x', status_code: 404 }), { status: 404 }),
    );
    vi.stubGlobal('window', { portalEarlyRequest: { path: '/sessions/gone', response } });
    await expect(portalRequest({ method: 'GET', path: '/sessions/gone' })).rejects.toMatchObject({
      code: 1003,
      status: 404,
    });
  });
});
