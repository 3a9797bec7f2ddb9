import { describe, expect, it } from 'vitest';
import { creditStage } from '../../src/kiosk/lib/credit-stage';

const reception = {
  uuid: 'r1',
  credits: 12,
  created_at: '2026-01-01T10:00:00Z',
  contact: {
    uuid: 'c1',
    firstname: null,
    email_hint: 'a***@example.com',
    locale: null,
    tier: null,
    credit_balance: 132,
    prepaid_balance_in_cents: 0,
    terms_pending: false,
  },
  purchase_amount_in_cents: 1250,
  next_reward: null,
  unlocked_reward: null,
};

describe('credit reception: after identification', () => {
  it('shows a reception that exists (created here or pushed), whatever else is there', () => {
    expect(
      creditStage({
        credit_reception: reception,
        pos_transaction: { uuid: 'p', amount_in_cents: 100 },
        amount_in_cents: 5,
      }),
    ).toBe('result');
  });

  it('creates one for a pushed POS transaction', () => {
    expect(
      creditStage({
        credit_reception: null,
        pos_transaction: { uuid: 'p', amount_in_cents: 100 },
        amount_in_cents: null,
      }),
    ).toBe('create');
  });

  it('creates one for the amount the session was created with (zero included)', () => {
    expect(creditStage({ credit_reception: null, pos_transaction: null, amount_in_cents: 0 })).toBe('create');
  });

  it('waits for the cashier when there is nothing to credit yet', () => {
    expect(creditStage({ credit_reception: null, pos_transaction: null, amount_in_cents: null })).toBe(
      'waiting',
    );
  });
});
