/**
 * A failed portal API call, reduced to what the kiosk decides on: the error `code` of the body
 * (extensions.md "Errors") and the HTTP `status`. The server's message is deliberately not kept:
 * screens show their own localized text by code.
 *
 * `status` 0 means the request never got an answer (offline, server down): code NETWORK_ERROR.
 * A response that does not match the contract: code INVALID_RESPONSE with the HTTP status.
 */
export class PortalApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
  ) {
    super(`portal API error ${code} (HTTP ${status})`);
    this.name = 'PortalApiError';
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
export function toPortalApiError(error: unknown): PortalApiError {
  return error instanceof PortalApiError ? error : new PortalApiError(NETWORK_ERROR, 0);
}
