import { ApiError, INVALID_RESPONSE, NETWORK_ERROR, refusalOf } from '../../web/api-error';
import { reportAnswer, reportNoAnswer } from '../lib/connection';

/** Where the portal API lives, relative to the page (the kiosk is served at /portal/). */
export const PORTAL_API = '/portal/api';

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** One per user action, reused when the action is retried (extensions.md "Idempotency"). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Give up waiting for the answer after this long (ms): it then counts as no answer. */
  timeoutMs?: number;
}

/**
 * Calls the portal API and returns the `data` of its `{data, meta}` envelope as `T` (the contract
 * type of the answer). Answers are not validated here: the service checks every answer against the
 * contract's schemas in its own tests, and the kiosk stays free of zod at run time.
 * Throws ApiError: the body's `code`, `reason` and the HTTP status for an error answer, NETWORK_ERROR
 * when no answer came (in time), INVALID_RESPONSE when the answer is not an envelope with `data`.
 * Tells lib/connection.ts whether an answer came.
 */
export async function portalRequest<T>(request: Request): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  const deadline = request.timeoutMs ? withDeadline(request.signal, request.timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(`${PORTAL_API}${request.path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: deadline?.signal ?? request.signal,
      cache: 'no-store',
    });
  } catch (error) {
    // Called off by the caller (a query no longer needed): not a connection problem.
    if (request.signal?.aborted) throw error;
    reportNoAnswer();
    throw new ApiError(NETWORK_ERROR, 0);
  } finally {
    deadline?.clear();
  }
  reportAnswer();
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusalOf(body, response.status);
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

/**
 * A fresh idempotency key for one user action. crypto.randomUUID exists only in secure contexts;
 * a shop tablet on plain http://192.168.… still has getRandomValues.
 */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The path of one session's portal API resource. */
export function sessionPath(uuid: string, rest = ''): string {
  return `/sessions/${encodeURIComponent(uuid)}${rest}`;
}

/** The path of one standby screen's (device's) portal API resource. */
export function devicePath(token: string, rest = ''): string {
  return `/devices/${encodeURIComponent(token)}${rest}`;
}
