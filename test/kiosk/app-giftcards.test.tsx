import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalSettings } from '../../src/contract/portal';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Gift cards at the kiosk: paying a session's amount with one or more cards (each pays
 * min(balance, what remains)), and topping a card up. A card that cannot pay or be topped up is
 * explained before anything is asked; a refusal at the last moment is said in words.
 */

const flow = setUpFlowTests();
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const text = (testId: string) => screen.getByTestId(testId).textContent;

async function payment(amountInCents: number, settings: Partial<PortalSettings> = {}) {
  const uuid = flow.api().openSession('redeem_giftcards', { amount_in_cents: amountInCents, settings });
  return { uuid, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
}

describe('paying with gift cards', () => {
  it('two cards pay one amount: € 25 of € 30, then the rest; a reload keeps the progress; Done completes', async () => {
    const api = flow.api();
    const first = api.giftcard({ hash: 'GC-PAY-0001', balance_in_cents: 2500 });
    const second = api.giftcard({ hash: 'GC-PAY-0002', balance_in_cents: 10_000 });
    const { uuid, kiosk } = await payment(3000);
    expect(heading()).toBe('Scan your gift card');
    expect(text('amount-due')).toBe('To pay: €30.00');

    await kiosk.scan(first.hash);
    await kiosk.until(() => expect(heading()).toBe('Pay with this gift card?'));
    expect(text('giftcard-balance')).toBe('Balance of the card ending 0001€25.00');
    expect(text('giftcard-after')).toBe('This card pays €25.00; €5.00 is then still to pay.');
    await kiosk.user.click(screen.getByRole('button', { name: 'Pay €25.00 with this card' }));

    await kiosk.until(() => expect(heading()).toBe('€5.00 still to pay'));
    expect(text('giftcard-paid')).toBe('Paid with gift cards €25.00');
    expect(text('giftcard-remaining')).toBe('Still to pay€5.00');
    await kiosk.until(() =>
      expect(text('giftcard-payments')).toBe('Card ending 0001€25.00 paid · €0.00 left on the card'),
    );

    // A reload (or a standby screen) shows the service's progress, not a fresh start.
    cleanup();
    const reloaded = await flow.renderKiosk({ kind: 'session', uuid });
    await reloaded.until(() => expect(heading()).toBe('€5.00 still to pay'));
    await reloaded.user.click(screen.getByRole('button', { name: 'Use another card' }));
    expect(heading()).toBe('Scan another gift card');
    await reloaded.scan(second.hash);
    await reloaded.until(() => screen.getByRole('button', { name: 'Pay €5.00 with this card' }));
    await reloaded.user.click(screen.getByTestId('pay-button'));

    await reloaded.until(() => expect(heading()).toBe('All paid — thank you!'));
    expect(screen.queryByRole('button', { name: 'Use another card' })).toBeNull();
    await reloaded.user.click(screen.getByRole('button', { name: 'Done' }));
    await reloaded.until(() => screen.getByTestId('screen-completed'));
    expect(text('paid-summary')).toBe('Paid €30.00 with gift cards.');
    expect(screen.queryByTestId('remaining-summary')).toBeNull();
    expect([first.balance_in_cents, second.balance_in_cents]).toEqual([0, 9500]);
  });

  it('one card only: it pays what it holds, and the rest is for the till', async () => {
    const card = flow.api().giftcard({ hash: 'GC-ONE-0001', balance_in_cents: 1000 });
    const { kiosk } = await payment(3000, { allow_multiple_giftcards: false });
    await kiosk.scan(card.hash);
    await kiosk.until(() => screen.getByRole('button', { name: 'Pay €10.00 with this card' }));
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() => screen.getByTestId('pay-rest-at-till'));
    expect(text('pay-rest-at-till')).toBe('Please pay the remaining €20.00 at the till.');
    expect(screen.queryByRole('button', { name: 'Use another card' })).toBeNull();

    await kiosk.user.click(screen.getByRole('button', { name: 'Done' }));
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(text('remaining-summary')).toBe('Please pay the remaining €20.00 at the till.');
  });

  it.each([
    [
      'expired',
      { expired: true },
      'This gift card has expired',
      'Its end date has passed, so it can no longer pay. Try another card, or pay at the till.',
    ],
    [
      'empty',
      { balance_in_cents: 0 },
      'This gift card is empty',
      'There is no money left on it. Try another card, or pay at the till.',
    ],
    [
      'not active',
      { active: false },
      'This gift card cannot be used',
      'This gift card is not active. Please ask the cashier.',
    ],
  ])(
    'a card that is %s is explained, its balance greyed when it cannot pay, with no Pay; Cancel changes nothing',
    async (_, state, title, words) => {
      const card = flow.api().giftcard({ hash: 'GC-BAD-0001', balance_in_cents: 1000, ...state });
      const { uuid, kiosk } = await payment(1000);
      await kiosk.scan(card.hash);
      await kiosk.until(() => expect(heading()).toBe(title));
      expect(text('giftcard-problem')).toBe(words);
      // Money on a card that cannot pay is greyed and struck, never the screen's large figure.
      const balance = screen.getByTestId('giftcard-balance');
      expect(balance.dataset.unusable).toBe('true');
      expect(balance.classList.contains('stat-main')).toBe(false);
      expect(screen.queryByTestId('pay-button')).toBeNull();

      await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
      await kiosk.until(() => screen.getByText('Nothing was changed.'));
      expect(flow.api().eventTypes(uuid)).toEqual(['session_cancelled']);
    },
  );

  it('an empty card, then the next card read by the hand scanner at once, with no tap', async () => {
    const api = flow.api();
    const empty = api.giftcard({ hash: 'GC-EMPTY-0001', balance_in_cents: 0 });
    const good = api.giftcard({ hash: 'GC-GOOD-0001', balance_in_cents: 5000 });
    const { kiosk } = await payment(1000);
    await kiosk.scan(empty.hash);
    await kiosk.until(() => expect(heading()).toBe('This gift card is empty'));
    await kiosk.scan(good.hash);
    await kiosk.until(() => screen.getByRole('button', { name: 'Pay €10.00 with this card' }));
    expect(text('giftcard-balance')).toBe('Balance of the card ending 0001€50.00');
  });

  it('part paid: the second card read by the hand scanner at once; "I\'m done" asks first, saying what is due', async () => {
    const api = flow.api();
    const first = api.giftcard({ hash: 'GC-PART-0001', balance_in_cents: 2500 });
    const second = api.giftcard({ hash: 'GC-PART-0002', balance_in_cents: 1000 });
    const { uuid, kiosk } = await payment(5000, { allow_multiple_giftcards: true });
    await kiosk.scan(first.hash);
    await kiosk.until(() => screen.getByTestId('pay-button'));
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() => expect(heading()).toBe('€25.00 still to pay'));
    // A confirmation screen and a part-paid result have no Cancel beside their own ways forward.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    await kiosk.scan(second.hash);
    await kiosk.until(() => screen.getByRole('button', { name: 'Pay €10.00 with this card' }));
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() => expect(heading()).toBe('€15.00 still to pay'));
    await kiosk.user.click(screen.getByRole('button', { name: 'Use another card' }));
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    expect(text('done-confirm')).toContain('Please pay the remaining €15.00 at the till.');
    await kiosk.user.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(heading()).toBe('Scan another gift card');
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.user.click(screen.getByRole('button', { name: "Yes, I'm done" }));
    // Money moved: the session completes, and its end says what was paid.
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(api.eventTypes(uuid).at(-1)).toBe('session_completed');
    expect([first.balance_in_cents, second.balance_in_cents]).toEqual([0, 0]);
  });

  it('an unknown code typed on the code screen is said in words; the right one goes on', async () => {
    const card = flow.api().giftcard({ hash: 'GC-TYPED-01', balance_in_cents: 500 });
    const { kiosk } = await payment(1000, { enable_on_screen_keyboard: true });
    await kiosk.user.click(screen.getByRole('button', { name: 'Type the code' }));
    expect(heading()).toBe('Type the code of your gift card');
    await kiosk.user.type(screen.getByLabelText('Gift card code'), 'GC-404');
    await kiosk.user.click(screen.getByTestId('code-submit'));
    await kiosk.until(() =>
      expect(text('action-error')).toBe(
        "We don't recognise this gift card. Check the code, or ask the cashier.",
      ),
    );

    await kiosk.user.clear(screen.getByLabelText('Gift card code'));
    await kiosk.user.type(screen.getByLabelText('Gift card code'), card.hash);
    await kiosk.user.click(screen.getByTestId('code-submit'));
    await kiosk.until(() => screen.getByRole('button', { name: 'Pay €5.00 with this card' }));
  });
});

describe('topping up a gift card', () => {
  async function topUp() {
    const uuid = flow.api().openSession('top_up_giftcards');
    return { uuid, kiosk: await flow.renderKiosk({ kind: 'session', uuid }) };
  }

  it('scan, type € 12.50 on the keypad, confirm: the new balance; Done completes', async () => {
    const card = flow.api().giftcard({ hash: 'GC-UP-0001', type: 'DIGITAL' });
    const { uuid, kiosk } = await topUp();
    expect(heading()).toBe('Scan the gift card to top up');
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(heading()).toBe('How much would you like to add?'));
    expect(text('keypad-min')).toBe('From €1.00 to €500.00.');
    for (const key of ['1', '2', 'decimal', '5']) await kiosk.user.click(screen.getByTestId(`keypad-${key}`));
    expect(text('keypad-amount')).toBe('€12.50');
    await kiosk.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(heading()).toBe('Add €12.50 to the card ending 0001?');
    expect(text('topup-balance-after')).toBe('Balance after€12.50');
    expect(text('pay-at-till')).toBe('Pay €12.50 at the till.');
    await kiosk.user.click(screen.getByRole('button', { name: 'Add €12.50' }));
    await kiosk.until(() => expect(heading()).toBe('Your gift card is topped up'));
    expect(text('giftcard-new-balance')).toBe('New balance€12.50');
    expect(card.balance_in_cents).toBe(1250);

    await kiosk.user.click(screen.getByRole('button', { name: 'Done' }));
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(flow.api().eventTypes(uuid)).toEqual(['payment_due', 'giftcard_transaction', 'session_completed']);
  });

  it('near the maximum: presets over it are hidden, the keypad refuses more and its range says the most; a top-up over it meanwhile is refused in words', async () => {
    const card = flow.api().giftcard({ hash: 'GC-0006', balance_in_cents: 49_000 });
    const { kiosk } = await topUp();
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(text('topup-max')).toBe('You can add at most €10.00 to this card.'));
    expect(screen.queryByTestId('preset-2500')).toBeNull();
    expect(screen.queryByTestId('preset-5000')).toBeNull();
    expect(text('keypad-min')).toBe('From €1.00 to €10.00.');
    for (const key of ['2', '0']) await kiosk.user.click(screen.getByTestId(`keypad-${key}`));
    expect(text('keypad-amount')).toBe('€2.00');
    // The key was refused, the amount is still valid: no error, the range stands out.
    expect(screen.getByTestId('keypad-min').dataset.refused).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    await kiosk.user.click(screen.getByTestId('keypad-back'));
    expect(screen.getByTestId('keypad-min').dataset.refused).toBeUndefined();
    for (const key of ['1', '0']) await kiosk.user.click(screen.getByTestId(`keypad-${key}`));
    expect(text('keypad-amount')).toBe('€10.00');
    expect(screen.getByTestId('keypad-min').dataset.refused).toBeUndefined();

    await kiosk.user.click(screen.getByTestId('preset-1000'));
    // Meanwhile the till adds € 1: € 10 more would now go over the program's maximum.
    card.balance_in_cents += 100;
    await kiosk.user.click(screen.getByRole('button', { name: 'Add €10.00' }));
    await kiosk.until(() =>
      expect(text('action-error')).toBe(
        'That is more than this gift card can hold. Please choose a smaller amount.',
      ),
    );
    expect(card.balance_in_cents).toBe(49_100);
  });

  it('a digital card that had its one top-up is explained before any amount is asked', async () => {
    const card = flow
      .api()
      .giftcard({ hash: 'GC-D-0001', type: 'DIGITAL', balance_in_cents: 500, topped_up: true });
    const { kiosk } = await topUp();
    await kiosk.scan(card.hash);
    await kiosk.until(() => expect(heading()).toBe('This gift card cannot be topped up again'));
    expect(text('topup-problem')).toBe(
      'A digital gift card can be topped up once, and this one already was.',
    );
    expect(screen.queryByTestId('amount-keypad')).toBeNull();
  });

  it('a digital card topped up at the till while the customer confirms: refused in words', async () => {
    const card = flow.api().giftcard({ hash: 'GC-D-0002', type: 'DIGITAL' });
    const { kiosk } = await topUp();
    await kiosk.scan(card.hash);
    await kiosk.until(() => screen.getByTestId('preset-2500'));
    await kiosk.user.click(screen.getByTestId('preset-2500'));
    card.topped_up = true;
    await kiosk.user.click(screen.getByRole('button', { name: 'Add €25.00' }));
    await kiosk.until(() =>
      expect(text('action-error')).toBe(
        'A digital gift card can be topped up only once, and this one already was.',
      ),
    );
    await kiosk.user.click(screen.getByRole('button', { name: 'Change amount' }));
    expect(heading()).toBe('How much would you like to add?');
  });
});
