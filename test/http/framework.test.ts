import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and the error body past the limit, per credential', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '3'] });
    for (let i = 0; i < 3; i++) {
      const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 1003, status_code: 429 });
    const other = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}`, token: DEMO.registerKey });
    expect(other.statusCode).toBe(200);
  });

  it('can be turned off with 0', async () => {
    t = await createTestApp({ argv: ['--rate-limit', '0'] });
    const res = await t.call({ method: 'GET', url: `/contacts/${DEMO.anna}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('serves the document and the reference page', async () => {
    t = await createTestApp();
    const doc = await t.call({ method: 'GET', url: '/openapi.json', token: null });
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toBe('3.1.0');
    expect(json.paths['/contacts/{contact_uuid}'].get.security).toEqual([{ bearer: [] }]);
    expect(json.paths['/contacts/{contact_uuid}'].get.description).toContain('Auth K');
    const page = await t.call({ method: 'GET', url: '/docs', token: null });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('real platform path prefixes', () => {
  it('serves /api/v3/register/<path> as <path>', async () => {
    t = await createTestApp();
    const res = await t.call({ method: 'GET', url: `/api/v3/register/contacts/${DEMO.anna}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.uuid).toBe(DEMO.anna);
  });
});
