import { expect } from 'vitest';
import { ERROR_REASONS, type ErrorReason } from '../../src/contract/errors';

/** The error body of every failed call (extensions.md "Errors"). */
export interface ErrorBody {
  code: number;
  message: string;
  errors?: Record<string, string[]>;
}

/** Expects an error answer with this `code` and HTTP `status` (default 422); answers its body. */
export async function expectError(
  res: { statusCode: number; json(): unknown },
  code: number,
  status = 422,
): Promise<ErrorBody> {
  expect({ status: res.statusCode, code: (res.json() as { code: number }).code }).toEqual({ status, code });
  return res.json() as ErrorBody;
}

/**
 * Expects a refusal with this `reason` (extensions.md "Errors"): the code and HTTP status
 * ERROR_REASONS gives it, or `status` where the route answers another; answers its body.
 */
export function expectReason(
  res: { statusCode: number; json(): unknown },
  reason: ErrorReason,
  status: number = ERROR_REASONS[reason].status,
): ErrorBody {
  const body = res.json() as ErrorBody & { reason?: string };
  expect({ status: res.statusCode, code: body.code, reason: body.reason }).toEqual({
    status,
    code: ERROR_REASONS[reason].code,
    reason,
  });
  return body;
}
