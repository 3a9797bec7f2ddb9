import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { DEMO, type TestApp } from './app';

/** Cashier devices of the test fixture: the demo's Amsterdam till, and one at Utrecht. */
export const CASHIER = {
  amsterdam: 'demo-cashier-amsterdam',
  utrecht: 'test-cashier-utrecht-0001',
} as const;

/** The demo account with a second cashier device, at Utrecht. */
export function cashierFixture(): AccountFixture {
  const demo = demoAccountFixture();
  return {
    ...demo,
    cashier_devices: [
      ...demo.cashier_devices,
      { token: CASHIER.utrecht, shop: DEMO.shopUtrecht, name: 'Utrecht till' },
    ],
  };
}

/** Pairs with a device token (POST /cashier/api/pair, 200); answers the `cookie` header to send. */
export async function pair(t: TestApp, token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/cashier/api/pair', token: null, payload: { token } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'portal_cashier');
  expect(cookie).toBeDefined();
  return `portal_cashier=${cookie!.value}`;
}

/** A console call with the device's cookie (`cookie` from pair), no bearer token; JSON body. */
export function consoleCall(
  t: TestApp,
  cookie: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.call({
    method,
    url: `/cashier/api${path}`,
    token: null,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}
