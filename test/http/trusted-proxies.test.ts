import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { CASHIER } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';

/*
 * --trust-proxy: the client address, the Secure cookie and the console's Origin check follow
 * X-Forwarded-For, -Proto and -Host only from a trusted proxy (docs/operations.md "Behind a proxy").
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PROXY = '10.0.0.1';
const forwarded = (client: string) => ({
  'x-forwarded-for': client,
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'portal.example.com',
});

/** POST /cashier/api/pair as the browser behind the proxy sends it (its Origin is the public one). */
function pairVia(app: TestApp, remoteAddress: string, client: string) {
  return app.call({
    method: 'POST',
    url: '/cashier/api/pair',
    token: null,
    remoteAddress,
    headers: { ...forwarded(client), origin: 'https://portal.example.com' },
    payload: { token: CASHIER.amsterdam },
  });
}

describe('behind a trusted proxy', () => {
  it('takes the client address, https and the host from the proxy: Secure cookie, Origin check, one bucket per client', async () => {
    t = await createTestApp({ argv: ['--trust-proxy', `${PROXY},192.168.0.0/16`] });
    const paired = await pairVia(t, PROXY, '203.0.113.7');
    expect(paired.statusCode).toBe(200);
    expect(paired.cookies.find((c) => c.name === 'portal_cashier')).toMatchObject({ secure: true });
    // Pairing counts per client (10 a minute), not per proxy.
    for (let i = 1; i < 10; i++) expect((await pairVia(t, PROXY, '203.0.113.7')).statusCode).toBe(200);
    expect((await pairVia(t, PROXY, '203.0.113.7')).statusCode).toBe(429);
    expect((await pairVia(t, '192.168.4.4', '203.0.113.8')).statusCode).toBe(200);
  });

  it('hop count: trusts that many nearest hops', async () => {
    t = await createTestApp({ argv: ['--trust-proxy', '1'] });
    const paired = await pairVia(t, '172.16.1.1', '203.0.113.9');
    expect(paired.statusCode).toBe(200);
    expect(paired.cookies.find((c) => c.name === 'portal_cashier')).toMatchObject({ secure: true });
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-*: no Secure over plain HTTP, the Origin must match the request, the peer is the client', async () => {
    t = await createTestApp();
    expectReason(await pairVia(t, PROXY, '203.0.113.7'), 'cross_site_call');
    const plain = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      remoteAddress: PROXY,
      headers: forwarded('203.0.113.7'),
      payload: { token: CASHIER.amsterdam },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.cookies.find((c) => c.name === 'portal_cashier')?.secure).toBeFalsy();
    // Every X-Forwarded-For the client makes up still counts against its own address.
    for (let i = 1; i < 10; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/cashier/api/pair',
        token: null,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { token: CASHIER.amsterdam },
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await t.call({
      method: 'POST',
      url: '/cashier/api/pair',
      token: null,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.99' },
      payload: { token: CASHIER.amsterdam },
    });
    expect(limited.statusCode).toBe(429);
  });

  it('a proxy not in the list is not trusted', async () => {
    t = await createTestApp({ argv: ['--trust-proxy', PROXY] });
    expectReason(await pairVia(t, '10.0.0.9', '203.0.113.7'), 'cross_site_call');
  });
});
