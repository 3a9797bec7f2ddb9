import type { PortalApiError } from '../api/portal-api-error';

/** What the user was doing when a call failed; some codes mean different things per action. */
export type FailedAction = 'load' | 'identify' | 'register' | 'credit' | 'finish';

const BY_CODE: Record<number, string> = {
  60003: 'errors.cardUnknown',
  60004: 'errors.cardInactive',
  55031: 'errors.contactUnknown',
  60005: 'errors.emailTaken',
  60006: 'errors.cardTaken',
  60014: 'errors.cardTaken',
  6001: 'errors.alreadyCredited',
  60001: 'errors.creditInProgress',
  1015: 'errors.maxCredits',
  1027: 'errors.transactionUnknown',
};

/**
 * The i18n key of the friendly text for a failed portal call (never the server's message):
 * by HTTP status for the session-wide cases (no answer, expired, rate limited, server fault),
 * else by error code, else a generic text.
 */
export function errorMessageKey(error: PortalApiError, action: FailedAction): string {
  if (error.status === 0) return 'errors.network';
  if (error.status === 410) return 'errors.expired';
  if (error.status === 429) return 'errors.rateLimited';
  if (error.status >= 500) return 'errors.server';
  if (error.code === 1003) return action === 'identify' ? 'errors.appTokenUsed' : 'errors.invalidInput';
  return BY_CODE[error.code] ?? 'errors.generic';
}
