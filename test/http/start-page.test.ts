import { afterEach, describe, expect, it } from 'vitest';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

// What a newcomer opens first: the start page at /, and Swagger UI at /docs.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The kiosk URLs the page links to, as written in its HTML. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe('the start page', () => {
  it("links the demo's standby screen, cashier console, the office and the API docs, and offers a new demo session", async () => {
    t = await createTestApp();
    const page = await t.call({ method: 'GET', url: '/', token: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<button type="submit">Open a new demo kiosk session</button>');
    expect(page.body).toContain('<form method="post" action="/demo/kiosk-session">');
    expect(hrefs(page.body)).toEqual([
      `${t.config.portalUrl}?device=${DEMO.device}`,
      `/cashier/#device=${DEMO.cashierDevice}`,
      '/office/',
      '/docs',
      '/openapi.json',
    ]);
  });

  it('makes a new open session each time, and sends the browser to its kiosk URL', async () => {
    t = await createTestApp();
    const uuids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/demo/kiosk-session',
        token: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(res.statusCode).toBe(303);
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(t.config.portalUrl);
      const uuid = location.searchParams.get('uuid')!;
      const session = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
      expect(session.statusCode).toBe(200);
      expect(session.json().data).toMatchObject({ status: 'open', type: 'identify' });
      uuids.push(uuid);
    }
    expect(new Set(uuids).size).toBe(2);
  });

  it('without the demo account: no demo links, and no demo session', async () => {
    const fixture = demoAccountFixture();
    t = await createTestApp({
      fixture: {
        ...fixture,
        devices: [],
        credentials: fixture.credentials.filter((credential) => credential.token !== DEMO.apiKey),
      },
    });
    const page = await t.call({ method: 'GET', url: '/', token: null });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Open a new demo kiosk session');
    expect(hrefs(page.body)).toEqual(['/office/', '/docs', '/openapi.json']);
    const created = await t.call({ method: 'POST', url: '/demo/kiosk-session', token: null });
    expect(created.statusCode).toBe(404);
    expect(created.body).toContain('the demo account is not loaded');
  });
});

describe('Swagger UI at /docs', () => {
  it('shows /openapi.json and says which demo credential to enter under Authorize', async () => {
    t = await createTestApp();
    const initializer = await t.call({
      method: 'GET',
      url: '/docs/static/swagger-initializer.js',
      token: null,
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('"urls":[{"url":"/openapi.json","name":"/openapi.json"}]');
    const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json();
    expect(doc.info.description).toContain(`**Authorize** and enter \`${DEMO.apiKey}\``);
  });
});
