import { afterEach, describe, expect, it, vi } from 'vitest';
import { newActionKey, portalRequest } from '../../src/kiosk/api/client';
import { INVALID_RESPONSE, NETWORK_ERROR } from '../../src/web/api-error';

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('portal API client', () => {
  it('returns the data of the envelope', async () => {
    stubFetch(200, { data: { ok: true }, meta: {} });
    await expect(portalRequest<{ ok: boolean }>({ method: 'GET', path: '/sessions/s' })).resolves.toEqual({
      ok: true,
    });
  });

  it('sends JSON and the idempotency key of the action on POST', async () => {
    const fetch = stubFetch(200, { data: { ok: true }, meta: {} });
    await portalRequest({
      method: 'POST',
      path: '/sessions/s/cancel',
      body: {},
      idempotencyKey: 'k-1',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/portal/api/sessions/s/cancel');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.headers).toMatchObject({ 'idempotency-key': 'k-1', 'content-type': 'application/json' });
  });

  it('turns an error body into its code and status (not its message)', async () => {
    stubFetch(422, { code: 60004, message: 'Contact identifier inactive', status_code: 422 });
    const error: unknown = await portalRequest({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 60004, status: 422 });
    expect((error as Error).message).not.toContain('inactive');
  });

  it('an error without a body is still typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(portalRequest({ method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: INVALID_RESPONSE,
      status: 502,
    });
  });

  it('no answer at all → NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(portalRequest({ method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: NETWORK_ERROR,
      status: 0,
    });
  });

  it('an answer that is not an envelope with data is refused', async () => {
    for (const body of [{ meta: {} }, { data: null, meta: {} }, null, 'ok', [1]]) {
      stubFetch(200, body);
      await expect(portalRequest({ method: 'GET', path: '/x' })).rejects.toMatchObject({
        code: INVALID_RESPONSE,
        status: 200,
      });
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>ok</html>', { status: 200 })),
    );
    await expect(portalRequest({ method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: INVALID_RESPONSE,
      status: 200,
    });
  });

  it('data is passed on as it came (the service checks it against the contract in its tests)', async () => {
    stubFetch(200, { data: [], meta: {} });
    await expect(portalRequest<unknown[]>({ method: 'GET', path: '/x' })).resolves.toEqual([]);
  });

  it('action keys are unique, also without crypto.randomUUID (plain-http tablets)', () => {
    expect(newActionKey()).not.toBe(newActionKey());
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const key = newActionKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newActionKey()).not.toBe(key);
  });
});
