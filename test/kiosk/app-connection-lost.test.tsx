import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failedWith } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * The connection lost mid-flow, as at a real counter: the tablet's network off for 30 s (or an
 * answer lost on its way back) while a payment is under way. The customer sees within 2 s that
 * the connection is lost and that their progress is kept; the payment goes through by itself once
 * it is back, with the same Idempotency-Key on every try, so it is made once; Cancel waits for the
 * payment's outcome, and nothing is tried after it.
 */

const flow = setUpFlowTests();
const OFFLINE_MS = 30_000;

/** A gift-card payment of `amountInCents`, its card (with `balanceInCents`) scanned and shown. */
async function cardShown(amountInCents: number, balanceInCents: number) {
  const api = flow.api();
  const card = api.giftcard({ hash: 'GC-LOST-0001', balance_in_cents: balanceInCents });
  const uuid = api.openSession('redeem_giftcards', { amount_in_cents: amountInCents });
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.scan(card.hash);
  await kiosk.until(() => screen.getByTestId('screen-giftcard-card'));
  return { uuid, card, kiosk };
}

const notice = () => screen.getByTestId('offline-notice');
/** How many times the session charged a gift card. */
const charges = (uuid: string) =>
  flow
    .api()
    .eventTypes(uuid)
    .filter((t) => t === 'giftcard_transaction').length;
const keysOf = (path: string) =>
  new Set(
    flow
      .api()
      .calls(path)
      .map((r) => r.idempotencyKey),
  );

describe('connection lost during a payment', () => {
  it('a 30 s loss: "connection lost" within 2 s, then the payment goes through by itself, once, with one key', async () => {
    const { uuid, card, kiosk } = await cardShown(1200, 2000);
    await flow.setNetwork(false);
    await kiosk.user.click(screen.getByRole('button', { name: 'Pay €12.00 with this card' }));
    expect(screen.getByTestId('pay-button').textContent).toBe('Paying…');
    await kiosk.wait(2000);
    expect(notice().textContent).toBe(
      "No connection right now. Don't worry: what you have done is kept, and we carry on as soon as the connection is back.",
    );

    await kiosk.wait(OFFLINE_MS);
    expect(card.balance_in_cents).toBe(2000);
    expect(screen.getByTestId('pay-button').textContent).toBe('Paying…');

    await flow.setNetwork(true);
    await kiosk.until(() => screen.getByTestId('screen-giftcard-paid'));
    expect(notice().hidden).toBe(true);
    expect(screen.getByTestId('giftcard-paid').textContent).toBe('Paid with gift cards€12.00');
    expect(card.balance_in_cents).toBe(800);
    expect(charges(uuid)).toBe(1);
    // Tried again and again while offline (0.5 s doubling to 4 s), always as the same action.
    expect(flow.api().calls('/giftcards/redeem').length).toBeGreaterThan(5);
    expect(keysOf('/giftcards/redeem').size).toBe(1);
  });

  it('the answer lost on its way back, three times: tried again with the same key, charged once', async () => {
    const { uuid, card, kiosk } = await cardShown(1500, 4000);
    flow.api().loseAnswers('/giftcards/redeem', 3);
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.wait(1000);
    expect(notice().textContent).toContain('what you have done is kept');

    await kiosk.until(() => screen.getByTestId('screen-giftcard-paid'));
    await kiosk.until(() => expect(notice().hidden).toBe(true));
    expect(flow.api().calls('/giftcards/redeem')).toHaveLength(4);
    expect(keysOf('/giftcards/redeem').size).toBe(1);
    expect(card.balance_in_cents).toBe(2500);
    expect(charges(uuid)).toBe(1);
  });

  it('network off, then Cancel: it waits for the payment, which is not tried again; nothing is charged', async () => {
    const { uuid, card, kiosk } = await cardShown(1200, 2000);
    await flow.setNetwork(false);
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    expect(screen.getByTestId('cancel-button').textContent).toBe('One moment…');
    expect(screen.getByTestId('cancel-waiting').textContent).toBe(
      'We finish as soon as what is under way is done.',
    );
    await kiosk.wait(OFFLINE_MS);
    const tries = flow.api().calls('/giftcards/redeem').length;

    await flow.setNetwork(true);
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(screen.getByText('Nothing was changed.')).toBeTruthy();
    expect(flow.api().calls('/giftcards/redeem')).toHaveLength(tries);
    expect(card.balance_in_cents).toBe(2000);
    expect(flow.api().eventTypes(uuid)).toEqual(['session_cancelled']);
  });

  it('the payment reached the service but its answer was lost, then Cancel offline: the charge is shown', async () => {
    const { uuid, card, kiosk } = await cardShown(1200, 2000);
    flow.api().loseAnswers('/giftcards/redeem');
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await flow.setNetwork(false);
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.wait(OFFLINE_MS);

    await flow.setNetwork(true);
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(screen.getByTestId('paid-summary').textContent).toBe('Paid €12.00 with gift cards.');
    expect(card.balance_in_cents).toBe(800);
    expect(flow.api().eventTypes(uuid)).toEqual(['giftcard_transaction', 'session_cancelled']);
  });

  it('Cancel while the payment’s answer is slow: the payment finishes first, and the end says what it paid', async () => {
    const { uuid, kiosk } = await cardShown(1200, 2000);
    const release = flow.api().hold('/giftcards/redeem');
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.user.click(screen.getByRole('button', { name: "I'm done" }));
    await kiosk.wait(5000);
    expect(flow.api().calls('/cancel')).toEqual([]);

    release();
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(screen.getByTestId('paid-summary').textContent).toBe('Paid €12.00 with gift cards.');
    expect(flow.api().eventTypes(uuid)).toEqual(['giftcard_transaction', 'session_cancelled']);
  });

  it('two cards with a network cut: the second pays the rest once; no other card meanwhile; the service’s total shows', async () => {
    const api = flow.api();
    const second = api.giftcard({ hash: 'GC-LOST-0002', balance_in_cents: 1000 });
    const { uuid, card: first, kiosk } = await cardShown(3000, 2500);
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() =>
      expect(screen.getByTestId('giftcard-remaining').textContent).toBe('Still to pay€5.00'),
    );
    await kiosk.user.click(screen.getByRole('button', { name: 'Use another card' }));
    await kiosk.scan(second.hash);
    await kiosk.until(() => screen.getByRole('button', { name: 'Pay €5.00 with this card' }));

    await flow.setNetwork(false);
    await kiosk.user.click(screen.getByTestId('pay-button'));
    expect((screen.getByTestId('other-card') as HTMLButtonElement).disabled).toBe(true);
    await kiosk.wait(OFFLINE_MS);
    await flow.setNetwork(true);

    await kiosk.until(() => screen.getByRole('heading', { name: 'All paid — thank you!' }));
    expect(screen.getByTestId('giftcard-paid').textContent).toBe('Paid with gift cards€30.00');
    // All paid: no "still to pay € 0.00".
    expect(screen.queryByTestId('giftcard-remaining')).toBeNull();
    expect([first.balance_in_cents, second.balance_in_cents]).toEqual([0, 500]);
    expect(charges(uuid)).toBe(2);
  });

  it('after a reconnect the screen shows the session as the service has it, not what it showed before', async () => {
    const api = flow.api();
    const other = api.giftcard({ hash: 'GC-ELSEWHERE', balance_in_cents: 2000 });
    const { uuid, card, kiosk } = await cardShown(1000, 2000);
    await flow.setNetwork(false);
    // Meanwhile the amount is paid on another screen of the same session.
    expect(
      api.call('POST', `/portal/api/sessions/${uuid}/giftcards/redeem`, { giftcard_uuid: other.uuid }).status,
    ).toBe(200);

    await flow.setNetwork(true);
    await kiosk.until(() => screen.getByRole('heading', { name: 'All paid — thank you!' }));
    expect(screen.queryByTestId('pay-button')).toBeNull();
    expect(card.balance_in_cents).toBe(2000);
  });
});

describe('connection lost elsewhere in a flow', () => {
  it('during identification: "checking your card" and the notice; identified by itself once back', async () => {
    const api = flow.api();
    const ben = api.customer({ firstname: 'Ben' });
    const uuid = api.openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await flow.setNetwork(false);
    await kiosk.scan(ben.card);
    await kiosk.wait(1000);
    expect(screen.getByText('Checking your card…')).toBeTruthy();
    expect(notice().textContent).toContain('No connection right now');

    await flow.setNetwork(true);
    await kiosk.until(() => screen.getByRole('heading', { name: 'Welcome, Ben!' }));
    expect(notice().hidden).toBe(true);
    expect(keysOf('/identify').size).toBe(1);
  });

  it('a server fault is tried twice more, then said with Try again, which sends the same action again', async () => {
    const { uuid, card, kiosk } = await cardShown(1200, 2000);
    flow.api().answerNext('/giftcards/redeem', failedWith(1000, 503), 3);
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() =>
      expect(screen.getByTestId('action-error').textContent).toBe(
        'Something went wrong on our side. Please try again, or ask the cashier.Try again',
      ),
    );
    expect(flow.api().calls('/giftcards/redeem')).toHaveLength(3);
    expect(card.balance_in_cents).toBe(2000);

    await kiosk.user.click(screen.getByRole('button', { name: 'Try again' }));
    await kiosk.until(() => screen.getByTestId('screen-giftcard-paid'));
    expect(keysOf('/giftcards/redeem').size).toBe(1);
    expect(flow.api().eventTypes(uuid)).toEqual(['giftcard_transaction']);
  });
});
