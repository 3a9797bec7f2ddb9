import type { ErrorCode } from '../../contract/errors';

/** A message more precise than the error table's, in English and (optionally) Dutch. */
export type ErrorDetail = string | { en: string; nl: string };

/**
 * A refused request, by its spec error code (see src/contract/errors.ts for code → HTTP status).
 * `fields` names the offending input fields with their messages (input errors, code 1003);
 * `detail` replaces the table's message when the code alone is too vague (e.g. which token was used);
 * `status` overrides the code's HTTP status where one code covers several cases (1003 for a missing
 * resource answers 404, for an ended session 409).
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string[]>,
    readonly detail?: ErrorDetail,
    readonly status?: number,
  ) {
    super(typeof detail === 'object' ? detail.en : (detail ?? `error ${code}`));
    this.name = 'ServiceError';
  }
}

/** Throws ServiceError(1003) with one message for one field. */
export function invalidField(field: string, message: string): never {
  throw new ServiceError(1003, { [field]: [message] });
}
