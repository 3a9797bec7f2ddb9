import type { TFunction } from 'i18next';
import { ApiError } from '../../web/api-error';

/** Texts of the `office` namespace. */
export type OfficeT = TFunction<'office'>;

/** Whether an error means the office session is gone (signed out, expired, signed out everywhere). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Whether an error is the office refusing the caller's role (403 office_not_allowed). */
export function isNotAllowed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** A 429's wait in words: "wait N minutes" (rounded up), or "a few minutes" when the answer gave none. */
export function waitWords(t: OfficeT, error: ApiError): string {
  const wait = error.retryAfterSeconds;
  return wait ? t('errors.rateLimitedMinutes', { count: Math.ceil(wait / 60) }) : t('errors.rateLimited');
}

/**
 * What went wrong, in words a shop owner understands: by the HTTP status (and the field a refusal
 * names, with `fieldNames` giving its label), else a generic line. Never the server's text.
 */
export function errorWords(t: OfficeT, error: unknown, fieldNames: Record<string, string> = {}): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.status === 0) return t('errors.network');
  if (error.status === 429) return waitWords(t, error);
  if (error.status === 401) return t('signIn.expired');
  if (error.status === 403) return t('notAllowed');
  if (error.status === 404) return t('errors.notFound');
  if (error.status === 409) return t('errors.conflict');
  if (error.status === 400 || error.status === 422) {
    const field = error.fields.map((name) => fieldNames[name.split('.').pop() ?? name]).find(Boolean);
    return field ? t('errors.invalidField', { field }) : t('errors.invalid');
  }
  return t('errors.generic');
}
