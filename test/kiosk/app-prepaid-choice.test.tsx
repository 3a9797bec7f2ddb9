import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIOSK } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The prepaid session at the kiosk: the customer chooses to pay from or top up their balance, then
 * that flow runs; once money moved (or a top-up waits at the till), a reload shows the way it went,
 * not the choice again. An empty balance is said before anything is asked.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('pay or top up the prepaid balance', () => {
  it('Pay: the card, the session’s € 5.00, paid; a reload shows the result', async () => {
    const api = flow.api();
    const customer = api.customer({ firstname: 'Pia', prepaid_balance_in_cents: 1500 });
    const uuid = api.openSession('prepaid', { amount_in_cents: 500 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => expect(heading()).toBe('Pay from your balance, or top it up?'));
    expect(screen.getByTestId('choose-pay').textContent).toContain('€5.00');
    await kiosk.user.click(screen.getByTestId('choose-pay'));
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(customer.card);
    await kiosk.until(() => expect(heading()).toBe('Pay €5.00 from your prepaid balance?'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Pay €5.00' }));
    await kiosk.until(() => expect(heading()).toBe('Paid from your balance'));
    expect(customer.prepaid_balance_in_cents).toBe(1000);

    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => expect(heading()).toBe('Paid from your balance'));
    expect(screen.queryByTestId('screen-prepaid-choice')).toBeNull();
  });

  it('Top up: paid at the till, the balance rises', async () => {
    const api = flow.api();
    const customer = api.customer({ firstname: 'Pia', prepaid_balance_in_cents: 0 });
    const uuid = api.openSession('prepaid', { amount_in_cents: 2000 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => screen.getByTestId('choose-top-up'));
    await kiosk.user.click(screen.getByTestId('choose-top-up'));
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(customer.card);
    await kiosk.until(() => expect(screen.getByTestId('screen-prepaid-confirm').textContent).toMatch(/till/));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => screen.getByTestId('screen-prepaid-result'));
    expect(customer.prepaid_balance_in_cents).toBe(2000);
  });
});

describe('the unhappy paths', () => {
  it('Pay with an empty balance: said once the customer is known, before anything is asked', async () => {
    const api = flow.api();
    const customer = api.customer({ firstname: 'Pia', prepaid_balance_in_cents: 0 });
    const uuid = api.openSession('prepaid', { amount_in_cents: 500 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => screen.getByTestId('choose-pay'));
    await kiosk.user.click(screen.getByTestId('choose-pay'));
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(customer.card);
    await kiosk.until(() => expect(heading()).toBe('Your prepaid balance is empty'));
    expect(api.eventTypes(uuid)).toEqual(['contact_identified']);
  });

  it('a top-up waiting for its payment at the till: a reload shows the wait, not the choice', async () => {
    const api = flow.api();
    const customer = api.customer({ firstname: 'Pia', prepaid_balance_in_cents: 0 });
    const uuid = api.openSession('prepaid', {
      amount_in_cents: 2000,
      settings: { require_payment_confirmation: true },
    });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => screen.getByTestId('choose-top-up'));
    await kiosk.user.click(screen.getByTestId('choose-top-up'));
    await kiosk.until(() => expect(heading()).toBe('Scan your card'));
    await kiosk.scan(customer.card);
    await kiosk.until(() => screen.getByTestId('confirm-button'));
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => screen.getByTestId('screen-waiting-payment'));
    expect(customer.prepaid_balance_in_cents).toBe(0);

    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => screen.getByTestId('screen-waiting-payment'));
    expect(screen.queryByTestId('screen-prepaid-choice')).toBeNull();
  });

  it('the choice touched and left alone starts over; "I\'m done" cancels the session, nothing moved', async () => {
    const uuid = flow.api().openSession('prepaid', { amount_in_cents: 500 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.until(() => expect(heading()).toBe('Pay from your balance, or top it up?'));
    await kiosk.user.click(screen.getByRole('heading', { level: 1 }));
    await kiosk.wait(KIOSK.idle_seconds * 1000);
    await kiosk.until(() => screen.getByTestId('idle-countdown'));
    await kiosk.wait(10_000);
    await kiosk.until(() => expect(screen.queryByTestId('idle-countdown')).toBeNull());
    expect(heading()).toBe('Pay from your balance, or top it up?');

    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(flow.api().eventTypes(uuid)).toEqual(['session_cancelled']);
  });
});
