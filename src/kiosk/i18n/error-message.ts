import type { ParseKeys } from 'i18next';
import type { ErrorReason } from '../../contract/errors';
import type { ApiError } from '../../web/api-error';

/** A key of the kiosk's texts (en.ts); a key that does not exist fails the typecheck. */
export type KioskKey = ParseKeys<'kiosk'>;

/** The refusals a customer can meet at the kiosk, by the body's `reason` (contract ERROR_REASONS). */
const BY_REASON: Partial<Record<ErrorReason, KioskKey>> = {
  portal_session_not_found: 'errors.sessionEnded',
  portal_session_ended: 'errors.sessionEnded',
  contact_session_token_used: 'errors.appTokenUsed',
  customer_already_credited: 'errors.alreadyCredited',
  session_already_credited: 'errors.alreadyCredited',
  nothing_to_credit: 'errors.transactionUnknown',
  giftcard_inactive: 'errors.giftcardInactive',
  nothing_left_to_pay: 'errors.giftcardNothingLeft',
  one_giftcard_only: 'errors.giftcardOneOnly',
  amount_below_minimum: 'errors.amountTooSmall',
  prepaid_balance_insufficient: 'errors.prepaidEmpty',
  prepaid_transaction_done: 'errors.prepaidDone',
  voucher_someone_else: 'errors.voucherSomeoneElse',
  loyalty_token_invalid: 'errors.receiptInvalid',
  loyalty_token_expired: 'errors.receiptExpired',
  loyalty_token_claimed: 'errors.receiptClaimed',
  voucher_limit_reached: 'errors.voucherLimit',
  proof_required: 'errors.proofRequired',
  email_identification_disabled: 'errors.emailNotEnabled',
  contact_set_by_pos: 'errors.customerChosen',
  amount_set_by_session: 'errors.amountFixed',
  giftcard_top_up_done: 'errors.topUpDone',
  registration_done: 'errors.registrationDone',
  payment_awaited: 'errors.paymentAwaited',
  verification_code_wrong: 'errors.codeWrong',
  verification_code_expired: 'errors.codeExpired',
  verification_locked: 'errors.verifyLocked',
  pairing_code_invalid: 'errors.pairingCodeInvalid',
};

const BY_CODE: Record<number, KioskKey> = {
  1003: 'errors.invalidInput',
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
};

/**
 * The i18n key of the friendly text for a failed portal call (never the server's message):
 * by HTTP status for the session-wide cases (no answer, expired, rate limited, server fault),
 * else by the body's `reason`, else by error code (1003 without a reason is an input problem),
 * else a generic text.
 */
export function errorMessageKey(error: ApiError): KioskKey {
  if (error.status === 0) return 'errors.network';
  if (error.status === 410) return 'errors.expired';
  // A spent budget of wrong codes waits up to an hour, not a moment: how long, when the answer says.
  if (error.reason === 'too_many_wrong_codes') {
    return error.retryAfterSeconds ? 'errors.tooManyCodesMinutes' : 'errors.tooManyCodes';
  }
  if (error.status === 429) return 'errors.rateLimited';
  if (error.status >= 500) return 'errors.server';
  return (error.reason && BY_REASON[error.reason]) ?? BY_CODE[error.code] ?? 'errors.generic';
}

/** The values the text of errorMessageKey(error) takes: the whole minutes to wait, on a 429 that says. */
export function errorMessageValues(error: ApiError): { count?: number } {
  return error.retryAfterSeconds ? { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) } : {};
}
