import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/cashier/i18n/en';
import { nl } from '../../src/cashier/i18n/nl';
import { type CashierKey, errorMessageKey } from '../../src/cashier/lib/error-message';
import { pairingToken } from '../../src/cashier/lib/pairing-link';
import { customerName, dayTotals, receiptLine } from '../../src/cashier/lib/receipt';
import { sessionPhase, statusLine, valueMoved } from '../../src/cashier/lib/session-status';
import type { CashierSessionSummary } from '../../src/contract/cashier';
import { ApiError } from '../../src/web/api-error';

/** The console's receipt line, day totals, pairing link and error words (pure functions). */

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { cashier: en }, nl: { cashier: nl } },
  ns: ['cashier'],
  defaultNS: 'cashier',
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const t = (lng: string) => i18n.getFixedT(lng, 'cashier');

const anna = {
  uuid: 'd1',
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'de Vries',
  locale: 'nl',
  tier: { name: 'Gold' },
  credit_balance: 139,
  prepaid_balance_in_cents: 1500,
};

function session(overrides: Partial<CashierSessionSummary>): CashierSessionSummary {
  return {
    uuid: 's1',
    type: 'credit_reception',
    status: 'completed',
    created_at: '2026-11-21T13:05:00+00:00',
    ended_at: null,
    expires_at: '2026-11-21T14:05:00+00:00',
    amount_in_cents: null,
    purchase_in_cents: null,
    waiting_for_purchase: false,
    started_by: { name: 'Till 1' },
    staff_name: null,
    contact: null,
    identification: null,
    credits: null,
    giftcard_payment: null,
    giftcard_top_ups: [],
    prepaid: null,
    vouchers: [],
    rewards: [],
    payment_due: null,
    ...overrides,
  };
}

describe('receiptLine', () => {
  it('a credit reception: who, the purchase, the credits, how it ended', () => {
    const line = receiptLine(session({ amount_in_cents: 1275, credits: 19, contact: anna }), t('en'), 'en');
    expect(line).toMatch(
      /^\d\d:\d\d (AM|PM) · Points · Anna de Vries · purchase €12\.75 · \+19 points · Done$/,
    );
  });

  it('a gift-card payment: each card and what is left to pay at the till, in Dutch', () => {
    const line = receiptLine(
      session({
        type: 'redeem_giftcards',
        amount_in_cents: 3000,
        giftcard_payment: {
          payments: [
            {
              transaction_uuid: 't1',
              giftcard: { uuid: 'g1', hash_hint: '0001' },
              amount_in_cents: 2500,
              balance_after_in_cents: 0,
            },
          ],
          paid_in_cents: 2500,
          remaining_in_cents: 500,
        },
      }),
      t('nl'),
      'nl',
    ).replaceAll('\u00a0', ' ');
    expect(line).toContain('Betalen met cadeaukaart · bedrag € 30,00 · cadeaukaart …0001 € 25,00');
    expect(line).toContain('nog te betalen € 5,00 · Klaar');
  });

  it('prepaid paid in part, vouchers and rewards', () => {
    const line = receiptLine(
      session({
        type: 'pay_prepaid',
        status: 'open',
        amount_in_cents: 6000,
        prepaid: { amount_in_cents: -5000, unpaid_in_cents: 1000 },
        vouchers: [{ code: 'MUFFIN-0001', name: 'Free muffin' }],
        rewards: [{ title: 'Free coffee', credits: 50 }],
      }),
      t('en'),
      'en',
    );
    expect(line).toContain(
      'prepaid paid €50.00 · to pay at the till €10.00 · voucher MUFFIN-0001 · reward Free coffee · Done',
    );
  });
});

describe('statusLine: where a session stands, then what moved', () => {
  const status = (overrides: Partial<CashierSessionSummary>) => {
    const s = session(overrides);
    return { phase: sessionPhase(s), line: statusLine(s, t('en'), 'en'), moved: valueMoved(s) };
  };
  const giftcards = (paid: number, remaining: number) => ({
    payments: [
      {
        transaction_uuid: 't1',
        giftcard: { uuid: 'g1', hash_hint: '0001' },
        amount_in_cents: paid,
        balance_after_in_cents: 0,
      },
    ],
    paid_in_cents: paid,
    remaining_in_cents: remaining,
  });

  it('open, nothing moved: "Open", and Cancel undoes nothing', () => {
    expect(status({ status: 'open' })).toEqual({ phase: 'open', line: 'Open', moved: false });
  });

  it('a fully paid session still on its result is done, never "Open"', () => {
    expect(
      status({ type: 'redeem_giftcards', status: 'open', giftcard_payment: giftcards(3000, 0) }),
    ).toEqual({ phase: 'done', line: 'Done · paid €30.00', moved: true });
    expect(
      status({
        type: 'pay_prepaid',
        status: 'open',
        prepaid: { amount_in_cents: -1200, unpaid_in_cents: null },
      }),
    ).toEqual({ phase: 'done', line: 'Done · paid €12.00', moved: true });
    expect(status({ status: 'open', credits: 19 })).toEqual({
      phase: 'done',
      line: 'Done · +19 points',
      moved: true,
    });
  });

  it('part paid: open, with what was paid and what the till takes', () => {
    expect(
      status({ type: 'redeem_giftcards', status: 'open', giftcard_payment: giftcards(2500, 500) }),
    ).toEqual({ phase: 'open', line: 'Open · paid €25.00 · €5.00 at the till', moved: true });
  });

  it('a held top-up is open, says what to collect, and has moved nothing yet', () => {
    expect(
      status({ type: 'top_up_prepaid', status: 'open', payment_due: { amount_in_cents: 5000, held: true } }),
    ).toEqual({ phase: 'open', line: 'Open · collect €50.00', moved: false });
    expect(
      status({
        type: 'top_up_prepaid',
        status: 'completed',
        prepaid: { amount_in_cents: 5000, unpaid_in_cents: null },
        payment_due: { amount_in_cents: 5000, held: false },
      }),
    ).toEqual({ phase: 'done', line: 'Done · topped up €50.00', moved: true });
  });

  it('cancelled and expired sessions are in the cancelled phase, with what moved before', () => {
    expect(status({ status: 'cancelled' })).toEqual({ phase: 'cancelled', line: 'Cancelled', moved: false });
    expect(status({ status: 'expired' }).line).toBe('Expired');
    expect(
      status({ type: 'redeem_giftcards', status: 'cancelled', giftcard_payment: giftcards(2500, 500) }).line,
    ).toBe('Cancelled · paid €25.00 · €5.00 at the till');
  });

  it('in Dutch', () => {
    const line = statusLine(
      session({ status: 'completed', giftcard_payment: giftcards(1200, 0) }),
      t('nl'),
      'nl',
    );
    expect(line.replaceAll('\u00a0', ' ')).toBe('Klaar · € 12,00 betaald');
  });
});

describe('dayTotals', () => {
  it('adds credits (no float noise), gift cards paid, prepaid paid and what the till takes', () => {
    const totals = dayTotals([
      session({ credits: 0.1 }),
      session({ credits: 0.2 }),
      session({ prepaid: { amount_in_cents: -500, unpaid_in_cents: 200 } }),
      session({
        prepaid: { amount_in_cents: 1000, unpaid_in_cents: null },
        payment_due: { amount_in_cents: 1000, held: false },
      }),
      session({ giftcard_payment: { payments: [], paid_in_cents: 2500, remaining_in_cents: 500 } }),
      // A top-up still waiting for its money is not taken yet.
      session({ payment_due: { amount_in_cents: 5000, held: true } }),
    ]);
    expect(totals).toEqual({ credits: 0.3, giftcardsInCents: 2500, prepaidInCents: 500, tillInCents: 1700 });
  });
});

describe('helpers', () => {
  it('customerName: full name, else e-mail, else null', () => {
    expect(customerName(anna)).toBe('Anna de Vries');
    expect(customerName({ ...anna, firstname: null, lastname: ' ' })).toBe('anna@example.com');
    expect(customerName(null)).toBeNull();
  });

  it('pairingToken reads #device= only', () => {
    expect(pairingToken('#device=demo-cashier-amsterdam')).toBe('demo-cashier-amsterdam');
    expect(pairingToken('#device=%20')).toBeNull();
    expect(pairingToken('')).toBeNull();
    expect(pairingToken('#other=1')).toBeNull();
  });

  it('errorMessageKey: by status and code', () => {
    expect(errorMessageKey(new ApiError(0, 0))).toBe('errors.network');
    expect(errorMessageKey(new ApiError(55031, 404))).toBe('errors.notFound');
    expect(errorMessageKey(new ApiError(60004, 422))).toBe('errors.inactiveCard');
    expect(errorMessageKey(new ApiError(1003, 409), 'errors.ended')).toBe('errors.ended');
    expect(errorMessageKey(new ApiError(1003, 429))).toBe('errors.tooMany');
    expect(errorMessageKey(new Error('boom'))).toBe('errors.network');
  });

  it('console keys are typed: one that is not in en.ts fails the typecheck', () => {
    // @ts-expect-error 'errors.nope' is no key of the console's texts
    const unknown: CashierKey = 'errors.nope';
    const known: CashierKey = 'errors.conflict';
    expect(t('en')(known)).not.toBe(known);
    expect(t('en')(unknown)).toBe(unknown);
  });
});
