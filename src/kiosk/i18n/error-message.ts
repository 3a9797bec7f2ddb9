import type { PortalApiError } from '../api/portal-api-error';

/** What the user was doing when a call failed; some codes mean different things per action. */
export type FailedAction =
  | 'load'
  | 'identify'
  | 'register'
  | 'credit'
  | 'finish'
  | 'giftcard-scan'
  | 'giftcard-redeem'
  | 'giftcard-top-up'
  | 'prepaid-pay'
  | 'prepaid-top-up'
  | 'voucher-redeem'
  | 'reward-claim'
  | 'subscription'
  | 'card-add'
  | 'card-remove'
  | 'scan-lookup';

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
  5001: 'errors.giftcardUnknown',
  5002: 'errors.giftcardExpired',
  5003: 'errors.giftcardEmpty',
  5006: 'errors.giftcardDigitalToppedUp',
  5008: 'errors.giftcardOverMax',
  80004: 'errors.voucherUnknown',
  80005: 'errors.voucherRedeemed',
  80006: 'errors.voucherExpired',
  80012: 'errors.voucherNotValid',
  80014: 'errors.voucherNotValid',
  80017: 'errors.voucherLocked',
  1017: 'errors.notEnoughCredits',
  1018: 'errors.outOfStock',
  1019: 'errors.claimLimit',
  1052: 'errors.rewardUnavailable',
  6003: 'errors.rewardUnavailable',
  55030: 'errors.subscriptionUnknown',
};

/**
 * 1003 is the service's general refusal: what it means depends on the action and the HTTP status
 * (contract/portal.ts lists them per call). Anything not listed reads as an input problem.
 */
function refusalKey(action: FailedAction, status: number): string {
  switch (action) {
    case 'identify':
      return 'errors.appTokenUsed';
    case 'giftcard-redeem':
      return status === 409 ? 'errors.giftcardNothingLeft' : 'errors.giftcardInactive';
    case 'giftcard-top-up':
      return 'errors.giftcardInactive';
    case 'prepaid-pay':
      return status === 409 ? 'errors.prepaidDone' : 'errors.prepaidEmpty';
    case 'prepaid-top-up':
      return status === 409 ? 'errors.prepaidDone' : 'errors.invalidInput';
    case 'voucher-redeem':
      return status === 403 ? 'errors.voucherSomeoneElse' : 'errors.voucherLimit';
    default:
      return 'errors.invalidInput';
  }
}

/**
 * The i18n key of the friendly text for a failed portal call (never the server's message):
 * by HTTP status for the session-wide cases (no answer, expired, rate limited, server fault),
 * else by error code (1003 by action and status), else a generic text.
 */
export function errorMessageKey(error: PortalApiError, action: FailedAction): string {
  if (error.status === 0) return 'errors.network';
  if (error.status === 410) return 'errors.expired';
  if (error.status === 429) return 'errors.rateLimited';
  if (error.status >= 500) return 'errors.server';
  if (error.code === 1003) return refusalKey(action, error.status);
  return BY_CODE[error.code] ?? 'errors.generic';
}
