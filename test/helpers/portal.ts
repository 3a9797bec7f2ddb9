import { expect } from 'vitest';
import type { z } from 'zod';
import { type PortalSessionState, portalSessionState } from '../../src/contract/portal';
import { DEMO, type TestApp } from './app';

/** Opens a portal session at the demo shop (POST /portal-sessions{variant}, 201); answers its uuid. */
export async function openSession(
  t: TestApp,
  variant = '',
  payload: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: `/portal-sessions${variant}`,
    payload: { shop_uuid: DEMO.shop, ...payload },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.uuid as string;
}

/** The session as the kiosk reads it (GET /portal/api/sessions/{uuid}, 200), checked against contract/portal.ts. */
export async function sessionState(t: TestApp, uuid: string): Promise<PortalSessionState> {
  const res = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  portalSessionState.parse(data);
  return data;
}

/**
 * Calls `/portal/api/sessions/{uuid}/{action}` without a token (no body when `payload` is undefined).
 * The kiosk codes against contract/portal.ts: a 200 answer must parse with `contract[action]`.
 */
export async function portalCall(
  t: TestApp,
  contract: Record<string, z.ZodType>,
  method: 'GET' | 'POST',
  uuid: string,
  action: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.call({
    method,
    url: `/portal/api/sessions/${uuid}/${action}`,
    token: null,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers,
  });
  if (res.statusCode === 200) contract[action]?.parse(res.json().data);
  return res;
}

/** The `idempotency-key` header, when there is a key. */
export function idempotencyHeader(key: string | undefined): Record<string, string> {
  return key ? { 'idempotency-key': key } : {};
}
