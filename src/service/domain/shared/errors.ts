import { ERROR_REASONS, type ErrorCode, type ErrorReason } from '../../../contract/errors';

/** A message more precise than the error table's, in English and (optionally) Dutch. */
export type ErrorDetail = string | { en: string; nl: string };

/** What a ServiceError carries beside its code (all optional). */
export interface ServiceErrorOptions {
  /** The offending input fields with their messages (input errors, code 1003). */
  fields?: Record<string, string[]>;
  /** Replaces the table's message when the code alone is too vague (e.g. which token was used). */
  detail?: ErrorDetail;
  /** Overrides the HTTP status of the reason, else of the code. */
  status?: number;
  /** The machine-readable case (contract/errors.ts ERROR_REASONS), sent as the body's `reason`. */
  reason?: ErrorReason;
  /** When to try again (seconds), sent as the Retry-After header (a 429's). */
  retryAfterSeconds?: number;
}

/**
 * A refused request, by its spec error code (see src/contract/errors.ts for code → HTTP status),
 * with the options above. Its `status` is the one given, else the reason's, else undefined (the
 * code's own applies).
 */
export class ServiceError extends Error {
  readonly fields?: Record<string, string[]>;
  readonly detail?: ErrorDetail;
  readonly status?: number;
  readonly reason?: ErrorReason;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    options: ServiceErrorOptions = {},
  ) {
    const { fields, detail, status, reason, retryAfterSeconds } = options;
    super(typeof detail === 'object' ? detail.en : (detail ?? reason ?? `error ${code}`));
    this.name = 'ServiceError';
    this.fields = fields;
    this.detail = detail;
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
    this.status = status ?? (reason === undefined ? undefined : ERROR_REASONS[reason].status);
  }
}

/**
 * A refusal by `reason` (ERROR_REASONS gives its code and HTTP status) with its message;
 * `options` adds fields or another status.
 */
export function refusal(
  reason: ErrorReason,
  detail: ErrorDetail,
  options: Omit<ServiceErrorOptions, 'reason' | 'detail'> = {},
): ServiceError {
  return new ServiceError(ERROR_REASONS[reason].code, { ...options, reason, detail });
}

/** ServiceError(1003) naming one field with one message; `options` adds a reason or a status. */
export function fieldError(
  field: string,
  message: string,
  options: Omit<ServiceErrorOptions, 'fields'> = {},
): ServiceError {
  return new ServiceError(1003, { ...options, fields: { [field]: [message] } });
}

/** Throws fieldError(field, message, options). */
export function invalidField(
  field: string,
  message: string,
  options: Omit<ServiceErrorOptions, 'fields'> = {},
): never {
  throw fieldError(field, message, options);
}

/** ServiceError(1003) naming each field of `fields` with its messages (nothing when it is empty). */
export function assertNoFieldErrors(fields: Record<string, string[]>): void {
  if (Object.keys(fields).length > 0) throw new ServiceError(1003, { fields });
}
