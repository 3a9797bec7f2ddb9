import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIOSK } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The giftcard session at the kiosk: the customer chooses to pay the session's amount with a gift
 * card or to top one up, then that flow runs; once money moved (or a top-up waits at the till), a
 * reload shows the way it went, not the choice again. A session without an amount only tops up.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;
const CHOICE = 'Pay with your gift card, or top it up?';

async function giftcardSession(amountInCents: number | null, requirePaymentConfirmation = false) {
  const uuid = flow.api().openSession('giftcard', {
    amount_in_cents: amountInCents,
    settings: { require_payment_confirmation: requirePaymentConfirmation },
  });
  return { uuid, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
}

describe('pay with a gift card, or top one up', () => {
  it('Pay: the choice says the amount, the card pays it; a reload shows the payment, not the choice', async () => {
    const card = flow.api().giftcard({ hash: 'GC-CHOICE-0001', balance_in_cents: 2500 });
    const { uuid, kiosk } = await giftcardSession(1000);
    await kiosk.until(() => expect(heading()).toBe(CHOICE));
    expect(text('choose-pay')).toContain('Pay €10.00 with a gift card');
    // No card scanned yet: no balance to show.
    expect(screen.queryByTestId('choice-balance')).toBeNull();
    await kiosk.user.click(screen.getByTestId('choose-pay'));
    await kiosk.until(() => expect(heading()).toBe('Scan your gift card'));
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(heading()).toBe('Pay with this gift card?'));
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() => expect(heading()).toBe('All paid — thank you!'));
    expect(card.balance_in_cents).toBe(1500);

    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => expect(heading()).toBe('All paid — thank you!'));
    expect(screen.queryByTestId('screen-giftcard-choice')).toBeNull();
  });

  it("Top up: the card, the session's amount, paid at the till: the card's balance rises", async () => {
    const card = flow.api().giftcard({ hash: 'GC-CHOICE-0002', balance_in_cents: 500 });
    const { uuid, kiosk } = await giftcardSession(1000);
    await kiosk.until(() => screen.getByTestId('choose-top-up'));
    await kiosk.user.click(screen.getByTestId('choose-top-up'));
    await kiosk.until(() => expect(heading()).toBe('Scan the gift card to top up'));
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(heading()).toBe('Add €10.00 to the card ending 0002?'));
    expect(text('pay-at-till')).toBe('Pay €10.00 at the till.');
    await kiosk.user.click(screen.getByRole('button', { name: 'Add €10.00' }));
    await kiosk.until(() => expect(heading()).toBe('Your gift card is topped up'));
    expect(text('giftcard-new-balance')).toBe('New balance€15.00');
    expect(card.balance_in_cents).toBe(1500);
    expect(flow.api().eventTypes(uuid)).toEqual(['payment_due', 'giftcard_transaction']);
  });

  it('without an amount there is nothing to pay: the choice is not asked, the top-up starts', async () => {
    const { kiosk } = await giftcardSession(null);
    await kiosk.until(() => expect(heading()).toBe('Scan the gift card to top up'));
    expect(screen.queryByTestId('screen-giftcard-choice')).toBeNull();
  });
});

describe('the unhappy paths', () => {
  it('a top-up waiting for its payment at the till: a reload shows the wait, not the choice', async () => {
    const card = flow.api().giftcard({ hash: 'GC-CHOICE-0003', balance_in_cents: 0 });
    const { uuid, kiosk } = await giftcardSession(2000, true);
    await kiosk.until(() => screen.getByTestId('choose-top-up'));
    await kiosk.user.click(screen.getByTestId('choose-top-up'));
    await kiosk.until(() => expect(heading()).toBe('Scan the gift card to top up'));
    await kiosk.scan(card.hash);
    await kiosk.until(() => screen.getByRole('button', { name: 'Add €20.00' }));
    await kiosk.user.click(screen.getByRole('button', { name: 'Add €20.00' }));
    await kiosk.until(() => screen.getByTestId('screen-waiting-payment'));
    expect(card.balance_in_cents).toBe(0);

    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => screen.getByTestId('screen-waiting-payment'));
    expect(screen.queryByTestId('screen-giftcard-choice')).toBeNull();
  });

  it('the choice touched and left alone starts over; "I\'m done" cancels the session, nothing moved', async () => {
    const card = flow.api().giftcard({ hash: 'GC-CHOICE-0004', balance_in_cents: 2500 });
    const { uuid, kiosk } = await giftcardSession(1000);
    await kiosk.until(() => expect(heading()).toBe(CHOICE));
    await kiosk.user.click(screen.getByRole('heading', { level: 1 }));
    await kiosk.wait(KIOSK.idle_seconds * 1000);
    await kiosk.until(() => screen.getByTestId('idle-countdown'));
    await kiosk.wait(10_000);
    await kiosk.until(() => expect(screen.queryByTestId('idle-countdown')).toBeNull());
    expect(heading()).toBe(CHOICE);
    expect(flow.api().eventTypes(uuid)).toEqual([]);

    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(flow.api().eventTypes(uuid)).toEqual(['session_cancelled']);
    expect(card.balance_in_cents).toBe(2500);
  });
});
