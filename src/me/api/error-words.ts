import type { ParseKeys, TFunction } from 'i18next';
import type { ErrorReason } from '../../contract/errors';
import { ApiError } from '../../web/api-error';

/** Texts of the `me` namespace. */
type MeT = TFunction<'me'>;

/** The refusals the /me/ API answers, by `reason` (contract ERROR_REASONS: no other can be named). */
const BY_REASON: Partial<Record<ErrorReason, ParseKeys<'me'>>> = {
  signed_out: 'errors.signedOut',
  link_invalid: 'errors.linkInvalid',
  card_not_addable: 'errors.cardNotAddable',
  verification_code_wrong: 'errors.codeInvalid',
  verification_code_expired: 'errors.codeExpired',
  verification_locked: 'errors.locked',
  invalid_attribute: 'errors.invalid',
  email_not_sent: 'errors.emailNotSent',
};

/**
 * What went wrong, in words a customer understands: by the refusal's `reason`, else by its HTTP
 * status (429 with the wait when the answer gave one), else a generic line. Never the server's text.
 */
export function errorWords(t: MeT, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.status === 429) {
    const wait = error.retryAfterSeconds;
    if (!wait) return t('errors.rateLimited');
    return wait <= 90
      ? t('errors.rateLimitedSeconds', { seconds: wait })
      : t('errors.rateLimitedMinutes', { count: Math.ceil(wait / 60) });
  }
  const key = error.reason ? BY_REASON[error.reason] : undefined;
  if (key) return t(key);
  if (error.status === 0) return t('errors.network');
  if (error.status === 401) return t('errors.signedOut');
  if (error.status === 404) return t('errors.notFound');
  if (error.status === 400 || error.status === 422) return t('errors.invalid');
  return t('errors.generic');
}
