import { ApiError, INVALID_RESPONSE, NETWORK_ERROR, refusalOf } from '../../web/api-error';

/** Where the console API lives (the console is served at /cashier/). */
export const CASHIER_API = '/cashier/api';

/**
 * Calls the console API with the device's session cookie (same origin; the page never sees it) and
 * returns the `data` of the `{data, meta}` envelope as `T` (a contract/cashier.ts type). POSTs send
 * JSON, and an Idempotency-Key when given (one per cashier action, kept across its retries).
 * Throws ApiError: the body's `code` and the HTTP status (401: not paired or revoked),
 * NETWORK_ERROR when no answer came, INVALID_RESPONSE when the answer has no `data`.
 */
export async function cashierRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method === 'POST') headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`${CASHIER_API}${path}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusalOf(json, response.status);
  const data = (json as { data?: unknown } | undefined)?.data;
  if (data === undefined || data === null) throw new ApiError(INVALID_RESPONSE, response.status);
  return data as T;
}

/** The path of one session's console resource. */
export function sessionPath(uuid: string, rest = ''): string {
  return `/sessions/${encodeURIComponent(uuid)}${rest}`;
}
