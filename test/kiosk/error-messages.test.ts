import { describe, expect, it } from 'vitest';
import { ERROR_REASONS, ERRORS, type ErrorReason } from '../../src/contract/errors';
import { en } from '../../src/kiosk/i18n/en';
import { errorMessageKey, type KioskKey } from '../../src/kiosk/i18n/error-message';
import { nl } from '../../src/kiosk/i18n/nl';
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR, refusalOf, toApiError } from '../../src/web/api-error';

function text(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
}

const err = (code: number, status = ERRORS[code as keyof typeof ERRORS]?.status ?? 422) =>
  new ApiError(code, status);

describe('error messages: friendly text by reason, then code, never the server message', () => {
  const refused = (reason: ErrorReason, status = ERROR_REASONS[reason].status) =>
    new ApiError(ERROR_REASONS[reason].code, status, reason);

  it.each([
    [err(60003), 'errors.cardUnknown'],
    [err(60004), 'errors.cardInactive'],
    [err(55031), 'errors.contactUnknown'],
    [refused('contact_session_token_used'), 'errors.appTokenUsed'],
    [err(1003), 'errors.invalidInput'],
    [err(60005), 'errors.emailTaken'],
    [err(60014), 'errors.cardTaken'],
    [err(6001), 'errors.alreadyCredited'],
    [refused('customer_already_credited'), 'errors.alreadyCredited'],
    [refused('session_already_credited'), 'errors.alreadyCredited'],
    [refused('nothing_to_credit'), 'errors.transactionUnknown'],
    [err(60001), 'errors.creditInProgress'],
    [err(1015), 'errors.maxCredits'],
    [refused('portal_session_expired'), 'errors.expired'],
    [refused('portal_session_ended'), 'errors.sessionEnded'],
    [refused('portal_session_not_found'), 'errors.sessionEnded'],
    [refused('not_allowed_in_session'), 'errors.invalidInput'],
    [new ApiError(NETWORK_ERROR, 0), 'errors.network'],
    [new ApiError(1003, 429), 'errors.rateLimited'],
    [new ApiError(1003, 429, 'too_many_wrong_codes'), 'errors.tooManyCodes'],
    [new ApiError(1000, 500), 'errors.server'],
    [err(55045), 'errors.generic'],
    [err(5001), 'errors.giftcardUnknown'],
    [err(5002), 'errors.giftcardExpired'],
    [err(5003), 'errors.giftcardEmpty'],
    [refused('nothing_left_to_pay'), 'errors.giftcardNothingLeft'],
    [refused('one_giftcard_only'), 'errors.giftcardOneOnly'],
    [refused('giftcard_inactive'), 'errors.giftcardInactive'],
    [err(5006), 'errors.giftcardDigitalToppedUp'],
    [err(5008), 'errors.giftcardOverMax'],
    [refused('amount_below_minimum'), 'errors.amountTooSmall'],
    [refused('prepaid_balance_insufficient'), 'errors.prepaidEmpty'],
    [refused('prepaid_transaction_done'), 'errors.prepaidDone'],
    [err(80004), 'errors.voucherUnknown'],
    [err(80005), 'errors.voucherRedeemed'],
    [err(80006), 'errors.voucherExpired'],
    [err(80012), 'errors.voucherNotValid'],
    [err(80014), 'errors.voucherNotValid'],
    [err(80017), 'errors.voucherLocked'],
    [refused('voucher_someone_else', 403), 'errors.voucherSomeoneElse'],
    [refused('voucher_limit_reached'), 'errors.voucherLimit'],
    [err(1017), 'errors.notEnoughCredits'],
    [err(1018), 'errors.outOfStock'],
    [err(1019), 'errors.claimLimit'],
    [err(1052), 'errors.rewardUnavailable'],
  ] as [ApiError, string][])('%o → %s', (error, key) => {
    expect(errorMessageKey(error)).toBe(key);
    expect(typeof text(en, key)).toBe('string');
    expect(typeof text(nl, key)).toBe('string');
  });

  it('reads code and reason from an error body; a body without them is an invalid response', () => {
    expect(refusalOf({ code: 1003, reason: 'portal_session_ended', message: 'x' }, 409)).toMatchObject({
      code: 1003,
      status: 409,
      reason: 'portal_session_ended',
    });
    expect(refusalOf({ code: 1003, reason: 7 }, 422).reason).toBeUndefined();
    expect(refusalOf(undefined, 502)).toMatchObject({ code: INVALID_RESPONSE, status: 502 });
  });

  it('only answers without a reply, overload and server faults invite a retry', () => {
    expect(new ApiError(NETWORK_ERROR, 0).retryable).toBe(true);
    expect(new ApiError(1003, 429).retryable).toBe(true);
    expect(new ApiError(1000, 503).retryable).toBe(true);
    expect(err(60004).retryable).toBe(false);
    expect(new ApiError(1003, 410).retryable).toBe(false);
  });

  it('anything else thrown counts as no answer', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({
      code: NETWORK_ERROR,
      status: 0,
    });
  });
});

describe('texts: Dutch and English have the same keys', () => {
  const keys = (node: object, prefix = ''): string[] =>
    Object.entries(node).flatMap(([k, v]) =>
      typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );

  it('keys are typed: one that is not in en.ts fails the typecheck (tsc runs over the tests)', () => {
    // @ts-expect-error 'errors.nope' is no key of the kiosk's texts
    const unknown: KioskKey = 'errors.nope';
    const known: KioskKey = 'errors.sessionEnded';
    expect(typeof text(en, known)).toBe('string');
    expect(text(en, unknown)).toBeUndefined();
  });

  it('every key in both, none empty', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      expect(String(text(en, key)).length).toBeGreaterThan(0);
      expect(String(text(nl, key)).length).toBeGreaterThan(0);
    }
  });
});
