import type { ParseKeys } from 'i18next';
import { toApiError } from '../../web/api-error';

/** A key of the console's texts (en.ts); a key that does not exist fails the typecheck. */
export type CashierKey = ParseKeys<'cashier'>;

/**
 * The i18n key of the message for a failed console call, by HTTP status and error code; `conflict`
 * names what a 409 means for this call.
 */
export function errorMessageKey(error: unknown, conflict: CashierKey = 'errors.conflict'): CashierKey {
  const { code, status } = toApiError(error);
  if (status === 0) return 'errors.network';
  if (status === 429) return 'errors.tooMany';
  if (code === 55031) return 'errors.notFound';
  if (code === 60003) return 'errors.unknownCard';
  if (code === 60004) return 'errors.inactiveCard';
  if (status === 410) return 'errors.expired';
  if (status === 409) return conflict;
  if (status === 422) return 'errors.invalid';
  return 'errors.generic';
}
