import { describe, expect, it } from 'vitest';
import type { GiftcardPayment, PortalGiftcard } from '../../src/contract/portal';
import { firstRedeemStep } from '../../src/kiosk/flows/giftcard-redeem/redeem-step';
import { firstPrepaidStep } from '../../src/kiosk/flows/prepaid/prepaid-step';
import {
  canUseAnotherCard,
  chargeFor,
  emptyPayment,
  paymentFocus,
  redeemProblem,
  topUpProblem,
} from '../../src/kiosk/lib/giftcards';
import { prepaidCharge, prepaidDoneFromEvents } from '../../src/kiosk/lib/prepaid';
import { madeChanges } from '../../src/kiosk/lib/session-outcome';

const card = (over: Partial<PortalGiftcard> = {}): PortalGiftcard => ({
  uuid: 'g1',
  hash_hint: '0001',
  type: 'PHYSICAL',
  balance_in_cents: 2500,
  expiration_date: '2027-12-31T23:59:59+01:00',
  expired: false,
  active: true,
  can_top_up: true,
  max_top_up_in_cents: 47_500,
  ...over,
});

const payment = (amount: number): GiftcardPayment => ({
  transaction_uuid: `t${amount}`,
  giftcard: { uuid: 'g1', hash_hint: '0001' },
  amount_in_cents: amount,
  balance_after_in_cents: 0,
});

describe('gift-card redeem: what a card pays and what remains', () => {
  it('charges min(balance, remaining): € 25 card on € 30 pays € 25; on € 5 it pays € 5', () => {
    expect(chargeFor(card(), 3000)).toBe(2500);
    expect(chargeFor(card(), 500)).toBe(500);
    expect(chargeFor(card({ balance_in_cents: 0 }), 500)).toBe(0);
    expect(chargeFor(card(), 0)).toBe(0);
  });

  it('explains a card that cannot pay, in the order the service refuses', () => {
    expect(redeemProblem(card())).toBeNull();
    expect(redeemProblem(card({ expired: true }))).toBe('expired');
    expect(redeemProblem(card({ balance_in_cents: 0 }))).toBe('empty');
    expect(redeemProblem(card({ active: false, expired: true, balance_in_cents: 0 }))).toBe('inactive');
    expect(redeemProblem(card({ expired: true, balance_in_cents: 0 }))).toBe('expired');
  });

  it('offers another card while something remains, and only when the session takes several', () => {
    const partly = { payments: [payment(2500)], paid_in_cents: 2500, remaining_in_cents: 500 };
    expect(canUseAnotherCard(partly, true)).toBe(true);
    expect(canUseAnotherCard(partly, false)).toBe(false);
    expect(canUseAnotherCard({ ...partly, remaining_in_cents: 0 }, true)).toBe(false);
    expect(canUseAnotherCard(emptyPayment(3000), false)).toBe(true);
  });

  it('starts with the whole amount to pay when nothing is paid', () => {
    expect(emptyPayment(3000)).toEqual({ payments: [], paid_in_cents: 0, remaining_in_cents: 3000 });
    expect(emptyPayment(null).remaining_in_cents).toBe(0);
  });

  it('opens on the payment so far after a reload, else on scanning', () => {
    expect(firstRedeemStep({ giftcard_payment: emptyPayment(3000) })).toEqual({
      step: 'scan',
      capture: 'scan',
    });
    expect(
      firstRedeemStep({
        giftcard_payment: { payments: [payment(2500)], paid_in_cents: 2500, remaining_in_cents: 500 },
      }),
    ).toEqual({ step: 'paid' });
    expect(firstRedeemStep({ giftcard_payment: null })).toEqual({ step: 'scan', capture: 'scan' });
  });
});

describe('gift-card top-up: what can be added', () => {
  it('explains a card that cannot be topped up', () => {
    expect(topUpProblem(card())).toBeNull();
    expect(topUpProblem(card({ can_top_up: false, type: 'DIGITAL', max_top_up_in_cents: 45_000 }))).toBe(
      'digital_used',
    );
    expect(topUpProblem(card({ can_top_up: false, max_top_up_in_cents: 0 }))).toBe('at_max');
    expect(topUpProblem(card({ can_top_up: false, expired: true }))).toBe('expired');
    expect(topUpProblem(card({ can_top_up: false, active: false }))).toBe('inactive');
  });
});

describe('gift-card payment: the figure emphasised', () => {
  it('is what is still due while something is, else what was paid (never "still to pay € 0.00")', () => {
    expect(paymentFocus({ payments: [], paid_in_cents: 2500, remaining_in_cents: 2750 })).toBe('remaining');
    expect(paymentFocus({ payments: [], paid_in_cents: 3000, remaining_in_cents: 0 })).toBe('paid');
    expect(paymentFocus(emptyPayment(1000))).toBe('remaining');
  });
});

describe('prepaid: what a payment takes and what is left for the till', () => {
  it('charges min(amount, balance)', () => {
    expect(prepaidCharge(1250, 1500)).toEqual({ chargeInCents: 1250, unpaidInCents: 0 });
    expect(prepaidCharge(2000, 250)).toEqual({ chargeInCents: 250, unpaidInCents: 1750 });
    expect(prepaidCharge(500, 0)).toEqual({ chargeInCents: 0, unpaidInCents: 500 });
  });

  it("confirms the session's amount, or asks for one", () => {
    expect(firstPrepaidStep(1250)).toEqual({ step: 'confirm', amountInCents: 1250 });
    expect(firstPrepaidStep(null)).toEqual({ step: 'amount' });
  });

  it("reads a session's prepaid transaction from its event (a reload shows the result)", () => {
    const event = (type: string, data: unknown) => ({
      uuid: 'e',
      type,
      created_at: '2026-01-01T00:00:00Z',
      data,
    });
    expect(
      prepaidDoneFromEvents([
        event('contact_identified', {}),
        event('prepaid_transaction', { amount_in_cents: -250, prepaid_balance: { balance_in_cents: 0 } }),
      ]),
    ).toEqual({ amount_in_cents: 250, balance_in_cents: 0 });
    expect(prepaidDoneFromEvents([event('contact_identified', {})])).toBeNull();
    expect(prepaidDoneFromEvents([event('prepaid_transaction', { nonsense: true })])).toBeNull();
    expect(prepaidDoneFromEvents([event('prepaid_transaction', null)])).toBeNull();
    expect(
      prepaidDoneFromEvents([
        event('prepaid_transaction', { amount_in_cents: '250', prepaid_balance: { balance_in_cents: 0 } }),
      ]),
    ).toBeNull();
    expect(
      prepaidDoneFromEvents([event('prepaid_transaction', { amount_in_cents: 250, prepaid_balance: null })]),
    ).toBeNull();
    expect(
      prepaidDoneFromEvents([
        event('prepaid_transaction', { amount_in_cents: 1000, prepaid_balance: { balance_in_cents: 1500 } }),
      ]),
    ).toEqual({ amount_in_cents: 1000, balance_in_cents: 1500 });
  });
});

describe('end screens: never "nothing was changed" after a change', () => {
  it('counts balance and voucher events as changes', () => {
    expect(madeChanges([{ type: 'contact_identified' }, { type: 'session_cancelled' }])).toBe(false);
    expect(madeChanges([{ type: 'voucher_redeemed' }])).toBe(true);
    expect(madeChanges([{ type: 'giftcard_transaction' }])).toBe(true);
  });
});
