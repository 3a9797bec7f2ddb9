import type { ErrorReason } from '../contract/errors';

/**
 * A failed portal API call, reduced to what the kiosk decides on: the error `code` and `reason` of
 * the body (extensions.md "Errors") and the HTTP `status`. The server's message is deliberately not
 * kept: screens show their own localized text by reason, else by code.
 *
 * `status` 0 means the request never got an answer (offline, server down): code NETWORK_ERROR.
 * A response that does not match the contract: code INVALID_RESPONSE with the HTTP status.
 * `fields` names the request fields a refusal names (the keys of the body's `errors`, e.g.
 * `attributes.birthdate`), so a form can say which of its fields to change.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    readonly reason?: ErrorReason,
    readonly fields: readonly string[] = [],
  ) {
    super(`portal API error ${code}${reason ? ` ${reason}` : ''} (HTTP ${status})`);
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

/** The error to show for anything a portal call threw. */
export function toApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(NETWORK_ERROR, 0);
}

/**
 * The error of an error answer: its body's `code` (INVALID_RESPONSE when it has none), `reason`
 * (a string, else none) and the fields its `errors` names, with the HTTP `status`.
 */
export function refusalOf(body: unknown, status: number): ApiError {
  const { code, reason, errors } = (body ?? {}) as { code?: unknown; reason?: unknown; errors?: unknown };
  return new ApiError(
    typeof code === 'number' ? code : INVALID_RESPONSE,
    status,
    typeof reason === 'string' ? (reason as ErrorReason) : undefined,
    errors && typeof errors === 'object' ? Object.keys(errors) : [],
  );
}
