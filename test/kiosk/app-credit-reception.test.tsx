import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * A credit-reception session: the customer identifies, then earns credits for the session's
 * amount, or waits (greeted by name) until the cashier rings up the purchase, which reaches the
 * screen live (its stream, or its polling while the stream is down).
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('credit reception', () => {
  it('for the session’s amount: the credits, the purchase, the new balance and the next reward; Done completes', async () => {
    const api = flow.api();
    api.reward({ title: '10% off your next order', required_credits: 30 });
    const customer = api.customer({ firstname: 'Eva', credit_balance: 0 });
    const uuid = api.openSession('credit_reception', { amount_in_cents: 1250 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(customer.card);

    await kiosk.until(() => expect(heading()).toBe('Thank you, Eva!'));
    await kiosk.until(() => expect(text('credits-earned')).toBe('Points earned+12'));
    expect(text('credit-purchase')).toBe('For your purchase of €12.50');
    await kiosk.until(() => expect(text('credit-balance')).toBe('You now have 12 points'));
    expect(text('credit-next-reward')).toBe('Only 18 points to go to 10% off your next order.');
    // The progress bar to that reward: 12 of its 30 credits, named by the line above it.
    const bar = screen.getByRole('progressbar', {
      name: 'Only 18 points to go to 10% off your next order.',
    });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['12', '30']);
    expect(screen.queryByTestId('result-unlock')).toBeNull();
    expect(customer.credit_balance).toBe(12);
    // A result has no Cancel: Done is its one way forward.
    expect(screen.queryByTestId('cancel-button')).toBeNull();

    await kiosk.user.click(screen.getByRole('button', { name: 'Done' }));
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(api.eventTypes(uuid)).toEqual(['contact_identified', 'credit_reception', 'session_completed']);
  });

  it('waiting for the cashier: greeted by name in their language, then credited live when the POS pushes the purchase', async () => {
    const api = flow.api();
    const dirk = api.customer({ firstname: 'Dirk', locale: 'nl', credit_balance: 900, creditsPerEuro: 2 });
    const uuid = api.openSession('credit_reception');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(dirk.card);
    await kiosk.until(() => expect(heading()).toBe('Hallo Dirk! De kassamedewerker rekent je aankoop af'));
    await kiosk.wait(5000);
    expect(api.calls('/credit-reception')).toEqual([]);

    api.pushPurchase(uuid, 1250);
    await kiosk.until(() => screen.getByTestId('screen-credit-result'), 1000);
    await kiosk.until(() => expect(text('credits-earned')).toBe('Punten verdiend+25'));
    expect(text('credit-purchase')).toBe('Voor je aankoop van €\u00a012,50');
    // 900 credits and more: no reward is left to save for.
    expect(screen.queryByTestId('credit-next-reward')).toBeNull();
    expect(dirk.credit_balance).toBe(925);
  });

  it('a threshold crossed: the unlock line names the reward now claimable, the bar shows the next one', async () => {
    const api = flow.api();
    api.reward({ title: 'Free coffee', required_credits: 50 });
    api.reward({ title: 'Coffee beans', required_credits: 400 });
    const ben = api.customer({ firstname: 'Ben', credit_balance: 35.5, creditsPerEuro: 1.5 });
    const uuid = api.openSession('credit_reception', { amount_in_cents: 1600 });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(ben.card);

    await kiosk.until(() => expect(text('result-unlock')).toBe('You can now claim Free coffee'));
    await kiosk.until(() => expect(text('credits-earned')).toBe('Points earned+24'));
    expect(text('credit-next-reward')).toBe('Only 341 points to go to Coffee beans.');
    const bar = screen.getByRole('progressbar');
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['59.5', '400']);
  });

  it('the first screen says what is at stake: the purchase the credits are for', async () => {
    const api = flow.api();
    const uuid = api.openSession('credit_reception', { amount_in_cents: 850 });
    await flow.renderKiosk({ kind: 'session', uuid });
    expect(heading()).toBe('Scan your card');
    expect(text('scan-stake')).toBe('Your purchase of €8.50: scan your card to earn points for it.');
  });

  it('without a name: a greeting without one', async () => {
    const api = flow.api();
    const customer = api.customer();
    const uuid = api.openSession('credit_reception');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(customer.card);
    await kiosk.until(() => expect(heading()).toBe('The cashier is ringing up your purchase'));
    expect(text('screen-waiting')).toContain('Your points appear here as soon as the purchase is done.');
  });

  it('the live stream down: the purchase still arrives, by polling every 10 s', async () => {
    const api = flow.api();
    const customer = api.customer({ firstname: 'Eva' });
    const uuid = api.openSession('credit_reception');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.scan(customer.card);
    await kiosk.until(() => screen.getByTestId('screen-waiting'));
    // The stream drops and does not come back, while requests still get their answers.
    await act(async () => {
      api.streamsDown = true;
    });
    await kiosk.wait(12_000);
    api.pushPurchase(uuid, 500);
    await kiosk.wait(1000);
    expect(screen.getByTestId('screen-waiting')).toBeTruthy();

    await kiosk.until(() => screen.getByTestId('screen-credit-result'), 10_000);
    await kiosk.until(() => expect(text('credits-earned')).toBe('Points earned+5'));
  });
});
