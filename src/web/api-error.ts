import type { ErrorReason } from '../contract/errors';

/**
 * A failed call of one of the service's browser APIs (the portal API, the console's, /me/'s; see
 * request.ts), reduced to what a page decides on: the error `code` and `reason` of the body
 * (extensions.md "Errors") and the HTTP `status`. The server's message is deliberately not kept:
 * pages show their own localized text by reason, else by code or status.
 *
 * `status` 0 means the request never got an answer (offline, server down): code NETWORK_ERROR.
 * A response that does not match the contract: code INVALID_RESPONSE with the HTTP status.
 * `fields` names the request fields a refusal names (the body's `field` and the keys of its
 * `errors`, e.g. `attributes.birthdate`), so a form can say which of its fields to change.
 * `retryAfterSeconds`: on 429, how long to wait (the Retry-After header), when the answer says.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    readonly reason?: ErrorReason,
    readonly fields: readonly string[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`API error ${code}${reason ? ` ${reason}` : ''} (HTTP ${status})`);
    this.name = 'ApiError';
  }

  /** Whether trying the same action again may succeed (no answer, overload, server fault). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** Code of a request that got no answer at all. */
export const NETWORK_ERROR = 0;
/** Code of an answer that is not what the contract promises. */
export const INVALID_RESPONSE = 1000;

/** The error to show for anything an API call threw. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(NETWORK_ERROR, 0);
}

/**
 * The error of an error answer: its body's `code` (INVALID_RESPONSE when it has none), `reason`
 * (a string, else none) and the fields its `field` and `errors` name, with the HTTP `status` and
 * the seconds of its `retryAfter` header (a positive number, else none).
 */
export function refusalOf(body: unknown, status: number, retryAfter: string | null = null): ApiError {
  const { code, reason, field, errors } = (body ?? {}) as {
    code?: unknown;
    reason?: unknown;
    field?: unknown;
    errors?: unknown;
  };
  const retry = Number(retryAfter);
  return new ApiError(
    typeof code === 'number' ? code : INVALID_RESPONSE,
    status,
    typeof reason === 'string' ? (reason as ErrorReason) : undefined,
    [
      ...(typeof field === 'string' ? [field] : []),
      ...(errors && typeof errors === 'object' ? Object.keys(errors) : []),
    ],
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}
