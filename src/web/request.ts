import { ApiError, INVALID_RESPONSE, NETWORK_ERROR, refusalOf } from './api-error';

/**
 * One of the service's browser APIs: the portal API (`/portal/api`, the kiosk), the console's
 * (`/cashier/api`) or the customer page's (`/me/api`).
 */
export interface Api {
  /** The path the API lives under, relative to the page's origin: `/portal/api`. */
  base: string;
  /**
   * Whether its answers are `{data, meta}` envelopes (the portal and console APIs): request<T>
   * then returns `data`, and an answer without it is INVALID_RESPONSE. /me/ answers plain JSON.
   */
  envelope: boolean;
  /** Told after each call whether an answer came (the kiosk's connection state, lib/connection.ts). */
  onAnswer?: (answered: boolean) => void;
}

/** One call of an API. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** After the API's base, with its query: `/sessions/{uuid}/identify`. */
  path: string;
  /** Sent as JSON; a POST or PUT without one sends `{}`. */
  body?: unknown;
  /** One per user action, reused when the action is retried (extensions.md "Idempotency"; action-key.ts). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Give up waiting for the answer after this long (ms): it then counts as no answer. */
  timeoutMs?: number;
}

/**
 * Calls `api` (same origin: the page's cookie goes along, never its value in script) and returns
 * its answer as `T`, the contract type of the answer: the envelope's `data`, or for /me/ the JSON
 * itself (undefined for an answer without a body, 202/204). Answers are not validated here: the
 * service checks every answer against the contract's schemas in its own tests, and the pages stay
 * free of zod at run time.
 *
 * Throws ApiError: the body's `code`, `reason` and fields with the HTTP status (and Retry-After) for
 * an error answer; NETWORK_ERROR (status 0) when no answer came in time; INVALID_RESPONSE when an
 * enveloped API answers without `data`. A call the caller aborts rejects with the abort, not an
 * ApiError.
 */
export async function request<T>(api: Api, call: ApiCall): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const sends = call.body !== undefined || call.method === 'POST' || call.method === 'PUT';
  if (sends) headers['content-type'] = 'application/json';
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  const deadline = call.timeoutMs ? withDeadline(call.signal, call.timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(`${api.base}${call.path}`, {
      method: call.method,
      headers,
      body: sends ? JSON.stringify(call.body ?? {}) : undefined,
      signal: deadline?.signal ?? call.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    // Called off by the caller (a query no longer needed): not a connection problem.
    if (call.signal?.aborted) throw error;
    api.onAnswer?.(false);
    throw new ApiError(NETWORK_ERROR, 0);
  } finally {
    deadline?.clear();
  }
  api.onAnswer?.(true);
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw refusalOf(body, response.status, response.headers.get('retry-after'));
  if (!api.envelope) return body as T;
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (data === undefined || data === null) throw new ApiError(INVALID_RESPONSE, response.status);
  return data as T;
}

/** A signal that aborts after `ms`, or with `outer` (AbortSignal.any is too new for some tablets). */
function withDeadline(outer: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const follow = () => controller.abort();
  outer?.addEventListener('abort', follow);
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}
