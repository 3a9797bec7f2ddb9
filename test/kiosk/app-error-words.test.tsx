import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS, ERRORS, type ErrorCode, type ErrorReason } from '../../src/contract/errors';
import { en } from '../../src/kiosk/i18n/en';
import { errorMessageKey } from '../../src/kiosk/i18n/error-message';
import { ApiError } from '../../src/web/api-error';
import { failedWith, refusedFor } from '../helpers/fake-portal-api';
import { type Controls, setUpFlowTests } from '../helpers/flow-tests';

/*
 * Every refusal a customer can meet at the kiosk, in the words its screen shows for it
 * (i18n/error-message.ts): each one answered by the fake service, with its error body, to the
 * action that meets it, and read off the screen. Never the server's message.
 */

const flow = setUpFlowTests();
type Words = keyof typeof en.errors;
/** The minutes a refusal with Retry-After: RETRY_AFTER_SECONDS says to wait. */
const RETRY_AFTER_SECONDS = 1790;
/** A text as the screen shows it: the account's credit word (here the default) and the minutes nested in. */
const said = (words: Words) =>
  en.errors[words]
    .replace(/\$t\(unit\.(\w+)\)/g, (_, key: keyof typeof en.unit) => en.unit[key])
    .replace('{{count}}', String(Math.ceil(RETRY_AFTER_SECONDS / 60)));
/** A refusal (by reason, by code, or an HTTP status of its own) and the words it must show. */
type Row = [
  label: ErrorReason | ErrorCode | 'HTTP 429' | 'HTTP 500' | 'HTTP 410' | 'too_many_wrong_codes, Retry-After',
  words: Words,
];

const refusalOf = (label: Row[0]) =>
  label === 'too_many_wrong_codes, Retry-After'
    ? refusedFor('too_many_wrong_codes').withRetryAfter(RETRY_AFTER_SECONDS)
    : label === 'HTTP 429'
      ? failedWith(1003, 429)
      : label === 'HTTP 500'
        ? failedWith(1000, 500)
        : label === 'HTTP 410'
          ? refusedFor('portal_session_expired')
          : typeof label === 'number'
            ? failedWith(label)
            : refusedFor(label).withStatus(
                label === 'voucher_someone_else' ? 403 : ERROR_REASONS[label].status,
              );

/** The words on screen now: the friendly text of the action's error. */
const shown = () => screen.getByTestId('action-error').querySelector('p')?.textContent;

/**
 * Brings a flow to an action (`match`: its request) and answers each row's refusal to it in turn,
 * `again` being what the customer does to try the action again.
 */
async function meet(match: string, rows: Row[], again: (kiosk: Controls) => Promise<void>, kiosk: Controls) {
  const path = match.split(' ').at(-1)!;
  for (const [label, words] of rows) {
    const answered = flow.api().answerNext(match, refusalOf(label), Number.POSITIVE_INFINITY);
    const tried = flow.api().calls(path).length;
    await again(kiosk);
    await kiosk.until(() => expect(shown(), `the words of ${label}`).toBe(said(words)));
    expect(flow.api().calls(path).length, `${label} was answered`).toBeGreaterThan(tried);
    answered();
  }
}

const ROWS = {
  identify: [
    ['contact_session_token_used', 'appTokenUsed'],
    ['customer_already_credited', 'alreadyCredited'],
    ['portal_session_ended', 'sessionEnded'],
    ['portal_session_not_found', 'sessionEnded'],
    ['HTTP 410', 'expired'],
    ['HTTP 429', 'rateLimited'],
    ['too_many_failed_attempts', 'rateLimited'],
    ['too_many_streams', 'rateLimited'],
    ['HTTP 500', 'server'],
    [60003, 'cardUnknown'],
    [60004, 'cardInactive'],
    ['card_blocked', 'cardInactive'],
    [55031, 'contactUnknown'],
    ['not_allowed_in_session', 'invalidInput'],
    [55045, 'generic'],
    ['email_identification_disabled', 'emailNotEnabled'],
    ['contact_set_by_pos', 'customerChosen'],
    ['payment_awaited', 'paymentAwaited'],
  ],
  pay: [
    ['giftcard_inactive', 'giftcardInactive'],
    ['nothing_left_to_pay', 'giftcardNothingLeft'],
    ['one_giftcard_only', 'giftcardOneOnly'],
    [5001, 'giftcardUnknown'],
    [5002, 'giftcardExpired'],
    [5003, 'giftcardEmpty'],
  ],
  topUp: [
    ['amount_below_minimum', 'amountTooSmall'],
    ['amount_set_by_session', 'amountFixed'],
    ['giftcard_top_up_done', 'topUpDone'],
    [5006, 'giftcardDigitalToppedUp'],
    [5008, 'giftcardOverMax'],
  ],
  prepaid: [
    ['prepaid_balance_insufficient', 'prepaidEmpty'],
    ['prepaid_transaction_done', 'prepaidDone'],
  ],
  voucher: [
    ['voucher_someone_else', 'voucherSomeoneElse'],
    ['voucher_limit_reached', 'voucherLimit'],
    [80004, 'voucherUnknown'],
    [80005, 'voucherRedeemed'],
    [80006, 'voucherExpired'],
    [80012, 'voucherNotValid'],
    [80014, 'voucherNotValid'],
    [80017, 'voucherLocked'],
  ],
  claim: [
    ['proof_required', 'proofRequired'],
    [1017, 'notEnoughCredits'],
    [1018, 'outOfStock'],
    [1019, 'claimLimit'],
    [1052, 'rewardUnavailable'],
    [6003, 'rewardUnavailable'],
  ],
  receipt: [
    ['loyalty_token_invalid', 'receiptInvalid'],
    ['loyalty_token_expired', 'receiptExpired'],
    ['loyalty_token_claimed', 'receiptClaimed'],
  ],
  register: [
    ['registration_done', 'registrationDone'],
    [60005, 'emailTaken'],
    [60006, 'cardTaken'],
    [60014, 'cardTaken'],
  ],
  verify: [
    ['verification_code_wrong', 'codeWrong'],
    ['verification_code_expired', 'codeExpired'],
    ['verification_locked', 'verifyLocked'],
    ['too_many_wrong_codes', 'tooManyCodes'],
    ['too_many_wrong_codes, Retry-After', 'tooManyCodesMinutes_other'],
  ],
  pair: [['pairing_code_invalid', 'pairingCodeInvalid']],
  credit: [
    ['nothing_to_credit', 'transactionUnknown'],
    ['session_already_credited', 'alreadyCredited'],
    [1027, 'transactionUnknown'],
    [6001, 'alreadyCredited'],
    [60001, 'creditInProgress'],
    [1015, 'maxCredits'],
  ],
} satisfies Record<string, Row[]>;

/** An identify session with Anna (120 credits, a reward, a voucher) on its scan screen. */
async function annasSession(type: 'identify' | 'vouchers' = 'identify') {
  const api = flow.api();
  const anna = api.customer({ firstname: 'Anna', credit_balance: 120 });
  const uuid = api.openSession(type, { settings: { enable_registration: true } });
  return { anna, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
}

describe('a refusal is said in the words of its reason, else of its code', () => {
  it('pairing the screen', async () => {
    const kiosk = await flow.renderKiosk({ kind: 'missing' });
    await kiosk.user.click(screen.getByRole('button', { name: 'Pair this screen' }));
    await kiosk.user.type(screen.getByLabelText('Pairing code'), 'K7QM-3XRP');
    await meet(
      '/devices/pair',
      ROWS.pair,
      (k) => k.user.click(screen.getByRole('button', { name: 'Pair' })),
      kiosk,
    );
  });

  it('at the scan', async () => {
    const { anna, kiosk } = await annasSession();
    await meet('/identify', ROWS.identify, (k) => k.scan(anna.card), kiosk);
  });

  it('paying with a gift card', async () => {
    const api = flow.api();
    const card = api.giftcard({ hash: 'GC-WORDS-01', balance_in_cents: 1000 });
    const kiosk = await flow.renderKiosk({
      kind: 'session',
      uuid: api.openSession('redeem_giftcards', { amount_in_cents: 500 }),
    });
    await kiosk.scan(card.hash);
    await kiosk.until(() => screen.getByTestId('pay-button'));
    await meet('/giftcards/redeem', ROWS.pay, (k) => k.user.click(screen.getByTestId('pay-button')), kiosk);
  });

  it('topping up a gift card', async () => {
    const api = flow.api();
    const card = api.giftcard({ hash: 'GC-WORDS-02', balance_in_cents: 1000 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid: api.openSession('top_up_giftcards') });
    await kiosk.scan(card.hash);
    await kiosk.until(() => screen.getByTestId('preset-1000'));
    await kiosk.user.click(screen.getByTestId('preset-1000'));
    await meet(
      '/giftcards/top-up',
      ROWS.topUp,
      (k) => k.user.click(screen.getByTestId('confirm-button')),
      kiosk,
    );
  });

  it('paying from the prepaid balance', async () => {
    const api = flow.api();
    const pia = api.customer({ prepaid_balance_in_cents: 1000 });
    const kiosk = await flow.renderKiosk({
      kind: 'session',
      uuid: api.openSession('pay_prepaid', { amount_in_cents: 500 }),
    });
    await kiosk.scan(pia.card);
    await kiosk.until(() => screen.getByTestId('confirm-button'));
    await meet(
      '/prepaid/pay',
      ROWS.prepaid,
      (k) => k.user.click(screen.getByTestId('confirm-button')),
      kiosk,
    );
  });

  it('using a voucher', async () => {
    flow.api().voucher({ code: 'MUFFIN-WORDS', name: 'Free muffin' });
    const { anna, kiosk } = await annasSession('vouchers');
    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByTestId('scan-voucher'));
    await kiosk.user.click(screen.getByTestId('scan-voucher'));
    await kiosk.scan('MUFFIN-WORDS');
    await kiosk.until(() => screen.getByTestId('confirm-button'));
    await meet(
      '/vouchers/redeem',
      ROWS.voucher,
      (k) => k.user.click(screen.getByTestId('confirm-button')),
      kiosk,
    );
  });

  it('claiming a reward', async () => {
    const reward = flow.api().reward({ title: 'Free coffee', required_credits: 50 });
    const { anna, kiosk } = await annasSession();
    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByTestId(`reward-${reward.uuid}`));
    await kiosk.user.click(screen.getByTestId(`reward-${reward.uuid}`));
    await meet(
      '/rewards/claim',
      ROWS.claim,
      (k) => k.user.click(screen.getByTestId('confirm-button')),
      kiosk,
    );
  });

  it('collecting a receipt’s credits', async () => {
    const { anna, kiosk } = await annasSession();
    const receipt = flow.api().receipt(5);
    await kiosk.scan(anna.card);
    await kiosk.until(() => screen.getByTestId('scan-receipt'));
    await kiosk.user.click(screen.getByTestId('scan-receipt'));
    await meet('/receipt-tokens/claim', ROWS.receipt, (k) => k.scan(receipt), kiosk);
  });

  it('registering', async () => {
    const api = flow.api();
    const uuid = api.openSession('identify', {
      settings: { enable_registration: true, primary_identification_method: 'email' },
    });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => screen.getByTestId('screen-registration'));
    await kiosk.user.click(screen.getByLabelText('I accept the terms and the privacy policy'));
    await meet('/register', ROWS.register, (k) => k.user.click(screen.getByTestId('register-submit')), kiosk);
  });

  it('confirming it is them with the code e-mailed', async () => {
    const api = flow.api();
    api.contact({ email: 'pia@example.com', prepaid_balance_in_cents: 1000 });
    const uuid = api.openSession('pay_prepaid', {
      amount_in_cents: 500,
      settings: { primary_identification_method: 'email' },
    });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'pia@example.com');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));
    await kiosk.until(() => screen.getByTestId('send-code'));
    await kiosk.user.click(screen.getByTestId('send-code'));
    await kiosk.until(() => screen.getByTestId('digit-keypad'));
    const typeCode = async (k: Controls) => {
      for (const digit of '135790') await k.user.click(screen.getByTestId(`keypad-${digit}`));
    };
    await meet('/verification/verify', ROWS.verify, typeCode, kiosk);
  });

  it.each(ROWS.credit)('crediting the purchase: %s', async (label, words) => {
    const api = flow.api();
    const eva = api.customer();
    api.answerNext('/credit-reception', refusalOf(label));
    const kiosk = await flow.renderKiosk({
      kind: 'session',
      uuid: api.openSession('credit_reception', { amount_in_cents: 1000 }),
    });
    await kiosk.scan(eva.card);
    await kiosk.until(() => expect(shown()).toBe(said(words)));
  });

  it('no connection while the session loads: the network’s words', async () => {
    await flow.setNetwork(false);
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid: flow.api().openSession('identify') });
    await kiosk.until(() => expect(shown()).toBe(en.errors.network), 10_000);
  });

  it('no refusal the kiosk has words for is left out above, nor any of its words', () => {
    const rows: Row[] = Object.values(ROWS).flat();
    const labels = new Set(rows.map(([label]) => label));
    const words = new Set(rows.map(([, w]) => w));
    const specific = (error: ApiError) =>
      !['errors.generic', 'errors.invalidInput'].includes(errorMessageKey(error));
    // Refusals only the office's sign-in and the console's till answer; the kiosk never calls them.
    const elsewhere = new Set<ErrorReason>(['sign_in_locked', 'passcode_locked']);
    for (const reason of Object.keys(ERROR_REASONS) as ErrorReason[]) {
      const { code, status } = ERROR_REASONS[reason];
      if (elsewhere.has(reason)) continue;
      if (specific(new ApiError(code, status, reason)) && status < 500 && status !== 410)
        expect(labels, reason).toContain(reason);
    }
    for (const code of Object.keys(ERRORS).map(Number) as ErrorCode[]) {
      if (specific(new ApiError(code, ERRORS[code].status)) && ERRORS[code].status < 500)
        expect(labels, String(code)).toContain(code);
    }
    // The singular of the minutes is held by error-messages.test.ts.
    expect([...words, 'network', 'tooManyCodesMinutes_one'].sort()).toEqual(Object.keys(en.errors).sort());
  });
});
