import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The prepaid session at the kiosk: the customer chooses to pay from or top up their balance, then
 * that flow runs; once money moved, a reload shows the way it went, not the choice again.
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
