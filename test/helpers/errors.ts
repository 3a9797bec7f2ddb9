import { expect } from 'vitest';

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
