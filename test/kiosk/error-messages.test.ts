import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/contract/errors';
import { NETWORK_ERROR, PortalApiError, toPortalApiError } from '../../src/kiosk/api/portal-api-error';
import { en } from '../../src/kiosk/i18n/en';
import { errorMessageKey, type FailedAction } from '../../src/kiosk/i18n/error-message';
import { nl } from '../../src/kiosk/i18n/nl';

function text(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
}

const err = (code: number, status = ERRORS[code as keyof typeof ERRORS]?.status ?? 422) =>
  new PortalApiError(code, status);

describe('error messages: friendly text by code, never the server message', () => {
  it.each([
    [err(60003), 'identify', 'errors.cardUnknown'],
    [err(60004), 'identify', 'errors.cardInactive'],
    [err(55031), 'identify', 'errors.contactUnknown'],
    [err(1003), 'identify', 'errors.appTokenUsed'],
    [err(1003), 'register', 'errors.invalidInput'],
    [err(60005), 'register', 'errors.emailTaken'],
    [err(60014), 'register', 'errors.cardTaken'],
    [err(6001), 'credit', 'errors.alreadyCredited'],
    [err(60001), 'credit', 'errors.creditInProgress'],
    [err(1015), 'credit', 'errors.maxCredits'],
    [new PortalApiError(1003, 410), 'identify', 'errors.expired'],
    [new PortalApiError(NETWORK_ERROR, 0), 'load', 'errors.network'],
    [new PortalApiError(1003, 429), 'identify', 'errors.rateLimited'],
    [new PortalApiError(1000, 500), 'finish', 'errors.server'],
    [err(55045), 'finish', 'errors.generic'],
    [err(5001), 'giftcard-scan', 'errors.giftcardUnknown'],
    [err(5002), 'giftcard-redeem', 'errors.giftcardExpired'],
    [err(5003), 'giftcard-redeem', 'errors.giftcardEmpty'],
    [new PortalApiError(1003, 409), 'giftcard-redeem', 'errors.giftcardNothingLeft'],
    [new PortalApiError(1003, 422), 'giftcard-redeem', 'errors.giftcardInactive'],
    [err(5006), 'giftcard-top-up', 'errors.giftcardDigitalToppedUp'],
    [err(5008), 'giftcard-top-up', 'errors.giftcardOverMax'],
    [new PortalApiError(1003, 422), 'prepaid-pay', 'errors.prepaidEmpty'],
    [new PortalApiError(1003, 409), 'prepaid-pay', 'errors.prepaidDone'],
    [new PortalApiError(1003, 409), 'prepaid-top-up', 'errors.prepaidDone'],
    [err(80004), 'voucher-redeem', 'errors.voucherUnknown'],
    [err(80005), 'voucher-redeem', 'errors.voucherRedeemed'],
    [err(80006), 'voucher-redeem', 'errors.voucherExpired'],
    [err(80012), 'voucher-redeem', 'errors.voucherNotValid'],
    [err(80014), 'voucher-redeem', 'errors.voucherNotValid'],
    [err(80017), 'voucher-redeem', 'errors.voucherLocked'],
    [new PortalApiError(1003, 403), 'voucher-redeem', 'errors.voucherSomeoneElse'],
    [new PortalApiError(1003, 422), 'voucher-redeem', 'errors.voucherLimit'],
    [err(1017), 'reward-claim', 'errors.notEnoughCredits'],
    [err(1018), 'reward-claim', 'errors.outOfStock'],
    [err(1019), 'reward-claim', 'errors.claimLimit'],
    [err(1052), 'reward-claim', 'errors.rewardUnavailable'],
    [err(55030), 'subscription', 'errors.subscriptionUnknown'],
    [err(60014), 'card-add', 'errors.cardTaken'],
    [err(60004), 'card-add', 'errors.cardInactive'],
  ] as [PortalApiError, FailedAction, string][])('%o during %s → %s', (error, action, key) => {
    expect(errorMessageKey(error, action)).toBe(key);
    expect(typeof text(en, key)).toBe('string');
    expect(typeof text(nl, key)).toBe('string');
  });

  it('only answers without a reply, overload and server faults invite a retry', () => {
    expect(new PortalApiError(NETWORK_ERROR, 0).retryable).toBe(true);
    expect(new PortalApiError(1003, 429).retryable).toBe(true);
    expect(new PortalApiError(1000, 503).retryable).toBe(true);
    expect(err(60004).retryable).toBe(false);
    expect(new PortalApiError(1003, 410).retryable).toBe(false);
  });

  it('anything else thrown counts as no answer', () => {
    expect(toPortalApiError(new TypeError('Failed to fetch'))).toMatchObject({
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

  it('every key in both, none empty', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      expect(String(text(en, key)).length).toBeGreaterThan(0);
      expect(String(text(nl, key)).length).toBeGreaterThan(0);
    }
  });
});
