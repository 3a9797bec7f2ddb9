import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIOSK } from '../helpers/fake-portal-api';
import { setUpFlowTests } from '../helpers/flow-tests';

/*
 * Screens nobody touches: every screen that shows a customer's data ends after a bounded time,
 * counted from when it appeared (idle_seconds, 60 s here, then a 10 s countdown; a result after
 * end_screen_seconds, 8 s), and the session ends properly — cancelled when it changed nothing,
 * completed when it did — so the POS and a standby screen follow. Nothing of the customer stays.
 */

const flow = setUpFlowTests();
const IDLE_MS = KIOSK.idle_seconds * 1000;
const COUNTDOWN_MS = 10_000;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const countdown = () => screen.queryByTestId('idle-countdown');

async function identified(
  type: 'identify' | 'credit_reception' = 'identify',
  amountInCents: number | null = null,
) {
  const api = flow.api();
  const anna = api.customer({ firstname: 'Anna', credit_balance: 70 });
  const uuid = api.openSession(type, { amount_in_cents: amountInCents });
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.scan(anna.card);
  await kiosk.until(() => expect(heading()).not.toBe('Scan your card'));
  return { uuid, kiosk };
}

/** A € 25 gift-card payment, a card with € 10 on it scanned and shown. */
async function giftcardShown() {
  const api = flow.api();
  const card = api.giftcard({ hash: 'GC-IDLE-0001', balance_in_cents: 1000 });
  const uuid = api.openSession('redeem_giftcards', { amount_in_cents: 2500 });
  const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
  await kiosk.scan(card.hash);
  await kiosk.until(() => screen.getByTestId('pay-button'));
  return { api, uuid, kiosk };
}

describe('the first screen', () => {
  it('nobody touched it: it never resets; after a touch it starts over when left, in the browser’s language', async () => {
    const uuid = flow.api().openSession('identify');
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.wait(10 * 60_000);
    expect(countdown()).toBeNull();

    await kiosk.user.click(screen.getByRole('button', { name: 'NL Nederlands' }));
    expect(heading()).toBe('Scan je pas');
    await kiosk.wait(IDLE_MS);
    expect(countdown()?.textContent).toContain('Dit scherm begint over 10 seconden opnieuw.');
    await kiosk.wait(COUNTDOWN_MS);
    expect(countdown()).toBeNull();
    expect(heading()).toBe('Scan your card');
    expect(flow.api().eventTypes(uuid)).toEqual([]);
  });

  it('an e-mail typed and left: the screen starts over, without it', async () => {
    const uuid = flow.api().openSession('identify', { settings: { enable_email_identification: true } });
    const kiosk = await flow.renderKiosk({ kind: 'session', uuid });
    await kiosk.user.click(screen.getByRole('button', { name: 'Use my e-mail address' }));
    await kiosk.user.type(screen.getByLabelText('E-mail address'), 'someone@example.com');
    await kiosk.wait(IDLE_MS + COUNTDOWN_MS);
    expect(heading()).toBe('Scan your card');
    await kiosk.user.click(screen.getByRole('button', { name: 'Use my e-mail address' }));
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('');
  });
});

describe('a customer’s screens', () => {
  it('an untouched portal: the countdown after 60 s, then the session ends (cancelled: nothing changed), and its end screen goes too', async () => {
    const { uuid, kiosk } = await identified();
    await kiosk.wait(IDLE_MS - 1000);
    expect(countdown()).toBeNull();
    await kiosk.wait(1000);
    expect(countdown()?.textContent).toBe(
      "Are you still there?This screen closes in 10 seconds.I'm still here",
    );
    await kiosk.wait(COUNTDOWN_MS);
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(screen.queryByTestId('screen-welcome')).toBeNull();
    expect(flow.api().eventTypes(uuid)).toEqual(['contact_identified', 'session_cancelled']);

    await kiosk.wait(KIOSK.end_screen_seconds * 1000);
    expect(heading()).toBe('Thank you for visiting Demo Coffee Amsterdam');
    expect(document.body.textContent).not.toContain('Anna');
  });

  it('"I\'m still here" keeps the screen; left alone again, it ends after the idle time anew', async () => {
    const { kiosk } = await identified();
    await kiosk.wait(IDLE_MS + 1000);
    await kiosk.user.click(screen.getByRole('button', { name: "I'm still here" }));
    expect(countdown()).toBeNull();
    await kiosk.wait(IDLE_MS - 1000);
    expect(heading()).toBe('Welcome, Anna!');
    expect(countdown()).toBeNull();
    await kiosk.wait(1000);
    expect(countdown()).not.toBeNull();
  });

  it('an untouched credit result: after end_screen_seconds the session completes, with no "are you still there?"', async () => {
    const { uuid, kiosk } = await identified('credit_reception', 1250);
    await kiosk.until(() => screen.getByTestId('screen-credit-result'));
    await kiosk.wait(KIOSK.end_screen_seconds * 1000 - 100);
    expect(countdown()).toBeNull();
    expect(screen.getByTestId('screen-credit-result')).toBeTruthy();
    await kiosk.until(() => screen.getByTestId('screen-completed'), 1000);
    expect(countdown()).toBeNull();
    expect(flow.api().eventTypes(uuid)).toEqual([
      'contact_identified',
      'credit_reception',
      'session_completed',
    ]);
  });

  it('a gift card that paid part of the amount, left alone: the session completes, with what was paid', async () => {
    const { api, uuid, kiosk } = await giftcardShown();
    await kiosk.user.click(screen.getByTestId('pay-button'));
    await kiosk.until(() => screen.getByTestId('screen-giftcard-paid'));
    await kiosk.wait(IDLE_MS + COUNTDOWN_MS);
    await kiosk.until(() => screen.getByTestId('screen-completed'));
    expect(screen.getByTestId('remaining-summary').textContent).toBe(
      'Please pay the remaining €15.00 at the till.',
    );
    expect(api.eventTypes(uuid).at(-1)).toBe('session_completed');
  });

  it('a scanned gift card left alone: its balance goes, the session is cancelled', async () => {
    const { api, uuid, kiosk } = await giftcardShown();
    await kiosk.wait(IDLE_MS + COUNTDOWN_MS);
    await kiosk.until(() => screen.getByTestId('screen-cancelled'));
    expect(screen.queryByTestId('giftcard-balance')).toBeNull();
    expect(api.eventTypes(uuid)).toEqual(['session_cancelled']);
  });
});
