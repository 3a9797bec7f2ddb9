import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalSessionType } from '../../src/contract/portal';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Prepaid at the kiosk: pay from and top up the identified customer's prepaid balance. A payment
 * charges min(amount, balance) and says what is left to pay at the till; an empty balance is
 * refused kindly before any amount is asked; the session moves money once.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;

/** A prepaid session for a customer with `balanceInCents`, identified by their card. */
async function identified(
  type: PortalSessionType,
  balanceInCents: number,
  amountInCents: number | null = null,
) {
  const api = flow.api();
  const customer = api.customer({ firstname: 'Pia', prepaid_balance_in_cents: balanceInCents });
  const uuid = api.openSession(type, { amount_in_cents: amountInCents });
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.scan(customer.card);
  await kiosk.until(() => expect(heading()).not.toBe('Scan your card'));
  return { uuid, customer, kiosk };
}

describe('paying from the prepaid balance', () => {
  it('the session’s € 12.50 from € 15: confirm, paid, new balance; a reload shows the result; Done completes', async () => {
    const { uuid, customer, kiosk } = await identified('pay_prepaid', 1500, 1250);
    expect(heading()).toBe('Pay €12.50 from your prepaid balance?');
    expect(text('prepaid-balance')).toBe('Prepaid balance€15.00');
    expect(screen.queryByRole('button', { name: 'Change amount' })).toBeNull();
    await kiosk.user.click(screen.getByRole('button', { name: 'Pay €12.50' }));

    await kiosk.until(() => expect(heading()).toBe('Paid from your balance'));
    expect(text('prepaid-moved')).toBe('Paid€12.50');
    expect(text('prepaid-new-balance')).toBe('Your new balance: €2.50');
    expect(screen.queryByTestId('prepaid-rest')).toBeNull();
    expect(customer.prepaid_balance_in_cents).toBe(250);

    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => expect(heading()).toBe('Paid from your balance'));
    expect(text('prepaid-new-balance')).toBe('Your new balance: €2.50');
    await reloaded.user.click(screen.getByRole('button', { name: 'Done' }));
    await reloaded.until(() => screen.getByTestId('screen-completed'));
    expect(flow.api().eventTypes(uuid)).toEqual([
      'contact_identified',
      'prepaid_transaction',
      'session_completed',
    ]);
  });

  it('a typed € 20 with € 2.50 on the balance: € 2.50 paid, the remaining € 17.50 at the till', async () => {
    const { kiosk } = await identified('pay_prepaid', 250);
    expect(heading()).toBe('How much would you like to pay?');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    for (const key of ['2', '0']) await kiosk.user.click(screen.getByTestId(`keypad-${key}`));
    expect(text('keypad-amount')).toBe('€20.00');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(text('prepaid-partly')).toBe(
      'Your balance covers €2.50. Please pay the remaining €17.50 at the till.',
    );
    await kiosk.user.click(screen.getByRole('button', { name: 'Pay €2.50' }));
    // What is still due is the hero, never a success.
    await kiosk.until(() => expect(heading()).toBe('€17.50 still to pay at the till'));
    expect(text('prepaid-due')).toBe('Still to pay at the till€17.50');
    expect(text('prepaid-rest')).toBe('Your prepaid balance paid €2.50.');
    expect(text('prepaid-new-balance')).toBe('Your new balance: €0.00');
  });

  it('an empty balance is refused kindly before any amount; Cancel changes nothing', async () => {
    const { uuid, kiosk } = await identified('pay_prepaid', 0, 500);
    expect(heading()).toBe('Your prepaid balance is empty');
    expect(screen.getByText('There is nothing on it to pay with. Please pay at the till.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-button')).toBeNull();
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.until(() => screen.getByText('Nothing was changed.'));
    expect(flow.api().eventTypes(uuid)).toEqual(['contact_identified', 'session_cancelled']);
  });

  it('moves money once: a second try of the session (another screen did it) is refused in words', async () => {
    const { uuid, kiosk } = await identified('pay_prepaid', 1500, 500);
    expect(flow.api().call('POST', `/portal/api/sessions/${uuid}/prepaid/pay`, {}).status).toBe(200);
    await kiosk.user.click(screen.getByRole('button', { name: 'Pay €5.00' }));
    await kiosk.until(() =>
      expect(text('action-error')).toBe('This has already been done. Please ask the cashier.'),
    );
  });
});

describe('topping up the prepaid balance', () => {
  it('the keypad types euros: under the minimum cannot go on, 1, 5 is € 15.00; confirmed, added', async () => {
    const { customer, kiosk } = await identified('top_up_prepaid', 500);
    expect(heading()).toBe('How much would you like to add?');
    expect(text('keypad-min')).toBe('At least €1.00.');
    for (const key of ['decimal', '5', '0']) await kiosk.user.click(screen.getByTestId(`keypad-${key}`));
    expect(text('keypad-amount')).toBe('€0.50');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    for (const key of ['back', 'back', 'back', '1', '5'])
      await kiosk.user.click(screen.getByTestId(`keypad-${key}`));
    expect(text('keypad-amount')).toBe('€15.00');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(heading()).toBe('Add €15.00 to your prepaid balance?');
    await kiosk.user.click(screen.getByRole('button', { name: 'Add €15.00' }));
    await kiosk.until(() => expect(heading()).toBe('Your balance is topped up'));
    expect(text('prepaid-new-balance')).toBe('Your new balance: €20.00');
    expect(customer.prepaid_balance_in_cents).toBe(2000);
  });

  it('in Dutch, a preset: € 25 added', async () => {
    const { kiosk } = await identified('top_up_prepaid', 500);
    await kiosk.user.click(screen.getByRole('button', { name: 'NL Nederlands' }));
    expect(heading()).toBe('Hoeveel wil je erop zetten?');
    await kiosk.user.click(screen.getByTestId('preset-2500'));
    expect(heading()).toBe('€\u00a025,00 op je prepaid-saldo zetten?');
    await kiosk.user.click(screen.getByTestId('confirm-button'));
    await kiosk.until(() => expect(text('prepaid-new-balance')).toContain('€\u00a030,00'));
  });
});
