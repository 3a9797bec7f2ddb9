import { afterEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_API } from '../../src/kiosk/api/client';
import { ME_API } from '../../src/me/api/client';
import { newActionKey } from '../../src/web/action-key';
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from '../../src/web/api-error';
import { request } from '../../src/web/request';

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('request<T> over an enveloped API (the portal API, the console API)', () => {
  it('returns the data of the envelope', async () => {
    stubFetch(200, { data: { ok: true }, meta: {} });
    await expect(
      request<{ ok: boolean }>(PORTAL_API, { method: 'GET', path: '/sessions/s' }),
    ).resolves.toEqual({
      ok: true,
    });
  });

  it('sends JSON and the idempotency key of the action on POST', async () => {
    const fetch = stubFetch(200, { data: { ok: true }, meta: {} });
    await request(PORTAL_API, {
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
    const error: unknown = await request(PORTAL_API, { method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 60004, status: 422 });
    expect((error as Error).message).not.toContain('inactive');
  });

  it('an error without a body is still typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(request(PORTAL_API, { method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: INVALID_RESPONSE,
      status: 502,
    });
  });

  it('no answer at all → NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request(PORTAL_API, { method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: NETWORK_ERROR,
      status: 0,
    });
  });

  it('an answer that is not an envelope with data is refused', async () => {
    for (const body of [{ meta: {} }, { data: null, meta: {} }, null, 'ok', [1]]) {
      stubFetch(200, body);
      await expect(request(PORTAL_API, { method: 'GET', path: '/x' })).rejects.toMatchObject({
        code: INVALID_RESPONSE,
        status: 200,
      });
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>ok</html>', { status: 200 })),
    );
    await expect(request(PORTAL_API, { method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: INVALID_RESPONSE,
      status: 200,
    });
  });

  it('data is passed on as it came (the service checks it against the contract in its tests)', async () => {
    stubFetch(200, { data: [], meta: {} });
    await expect(request<unknown[]>(PORTAL_API, { method: 'GET', path: '/x' })).resolves.toEqual([]);
  });

  it('a POST without a body sends an empty JSON object; a GET sends none', async () => {
    const fetch = stubFetch(200, { data: { ok: true }, meta: {} });
    await request(PORTAL_API, { method: 'POST', path: '/sessions/s/complete' });
    await request(PORTAL_API, { method: 'GET', path: '/sessions/s' });
    const [post, get] = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]);
    expect(post).toMatchObject({ body: '{}', headers: { 'content-type': 'application/json' } });
    expect(get!.body).toBeUndefined();
    expect(get!.headers).not.toHaveProperty('content-type');
  });

  it('a refusal keeps its reason, the fields it names and its Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: 1003, reason: 'invalid_attribute', errors: { birthdate: ['x'] } }),
            {
              status: 429,
              headers: { 'retry-after': '90' },
            },
          ),
      ),
    );
    const error = await request(PORTAL_API, { method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1003,
      status: 429,
      reason: 'invalid_attribute',
      fields: ['birthdate'],
      retryAfterSeconds: 90,
      retryable: true,
    });
  });

  it('a call the caller aborts rejects with the abort, not as no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    const controller = new AbortController();
    controller.abort();
    const error = await request(PORTAL_API, { method: 'GET', path: '/x', signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(ApiError);
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

describe('request<T> over a plain-JSON API (/me/)', () => {
  it('returns the JSON itself, and nothing for an answer without a body', async () => {
    stubFetch(200, { rewards: [] });
    await expect(request(ME_API, { method: 'GET', path: '/rewards' })).resolves.toEqual({ rewards: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(request(ME_API, { method: 'DELETE', path: '/cards/1' })).resolves.toBeUndefined();
  });

  it('a refusal names the field of its `field`; no answer has status 0', async () => {
    stubFetch(422, { code: 1003, reason: 'invalid_attribute', field: 'email' });
    await expect(request(ME_API, { method: 'POST', path: '/sign-in-link', body: {} })).rejects.toMatchObject({
      status: 422,
      fields: ['email'],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request(ME_API, { method: 'GET', path: '/overview' })).rejects.toMatchObject({
      code: NETWORK_ERROR,
      status: 0,
    });
  });
});
