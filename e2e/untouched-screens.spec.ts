import type { Page } from '@playwright/test';
import { createSession, kioskUrl, sessionEvents } from './support/api';
import { newCustomer, newGiftcard } from './support/data';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * Screens nobody touches: every screen that shows a customer's data ends after a bounded time,
 * counted from when it appeared (idle_seconds, 60 s by default, then a 10 s countdown), and the
 * session ends properly — cancelled when it changed nothing, completed when it did — with its event,
 * so the POS and a standby screen follow. The page's clock is installed so that a minute passes in
 * a moment (page.clock.runFor); everything else is real. Codes are typed, not scanned: a hand
 * scanner's keys are told apart by their timing, which a fake clock would not keep. (The untouched
 * credit result, in real time: credit-reception.spec.ts.)
 */

async function open(
  page: Page,
  kind: Parameters<typeof createSession>[0],
  settings: Record<string, unknown>,
) {
  const session = await createSession(kind, {
    scanner_type: 'hand_scanner',
    enable_email_identification: true,
    enable_on_screen_keyboard: true,
    ...settings,
  });
  await page.clock.install();
  await page.goto(kioskUrl(session));
  return session;
}

/** Identifies with the customer's e-mail address, until the portal's tabs show (their idle count starts then). */
async function identify(page: Page, email: string) {
  await page.getByTestId('use-email').click();
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('email-submit').click();
  await expect(page.getByRole('tablist')).toBeVisible();
}

/** Types a gift card's code instead of scanning it. */
async function typeGiftcard(page: Page, hash: string) {
  await page.getByTestId('type-code').click();
  await page.getByTestId('code-input').fill(hash);
  await page.getByTestId('code-submit').click();
}

/** Lets `seconds` of the page's time pass without a touch. */
async function leaveAlone(page: Page, seconds: number) {
  await page.clock.runFor(seconds * 1000);
}

test('an untouched customer portal shows the countdown after 60 s, then ends the session (cancelled: nothing changed)', async ({
  page,
}) => {
  const customer = await newCustomer({ credits: 70 });
  const session = await open(page, '', {});
  await identify(page, customer.email);
  await expect(page.getByTestId('screen-welcome')).toBeVisible();

  await leaveAlone(page, 59);
  await expect(page.getByTestId('idle-countdown')).toBeHidden();
  await leaveAlone(page, 2);
  await expect(page.getByTestId('idle-countdown')).toContainText('This screen closes in');
  await screenshots(page, 'kiosk-idle-countdown', { untouched: true });
  await leaveAlone(page, 11);
  // Checking the countdown with axe takes seconds of the page's time too: its end screen may be gone.
  await expect(page.getByTestId('screen-cancelled').or(page.getByTestId('screen-ended'))).toBeVisible();
  await expect(page.getByTestId('screen-welcome')).toHaveCount(0);
  expect((await sessionEvents(session.uuid)).map((e) => e.type)).toContain('session_cancelled');
});

test('"I\'m still here" keeps the screen; left alone again it ends after the idle time anew', async ({
  page,
}) => {
  const customer = await newCustomer();
  await open(page, '', {});
  await identify(page, customer.email);
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await leaveAlone(page, 61);
  await page.getByRole('button', { name: "I'm still here" }).click();
  await expect(page.getByTestId('idle-countdown')).toBeHidden();
  await leaveAlone(page, 30);
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await leaveAlone(page, 31);
  await expect(page.getByTestId('idle-countdown')).toBeVisible();
});

test('a gift card that paid part of the amount, left alone: the session completes, with what was paid', async ({
  page,
}) => {
  const card = await newGiftcard(1000);
  const session = await open(page, 'redeem-giftcards', { amount_in_cents: 2500 });
  await typeGiftcard(page, card.hash);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('screen-giftcard-paid')).toBeVisible();
  await leaveAlone(page, 61);
  await expect(page.getByTestId('idle-countdown')).toBeVisible();
  await leaveAlone(page, 11);
  await expect(page.getByTestId('screen-completed')).toBeVisible();
  await expect(page.getByTestId('remaining-summary')).toContainText('€15.00');
  expect((await sessionEvents(session.uuid)).map((e) => e.type)).toContain('session_completed');
});

test('a scanned gift card left alone: its balance goes, the session is cancelled', async ({ page }) => {
  const card = await newGiftcard(1000);
  const session = await open(page, 'redeem-giftcards', { amount_in_cents: 2500 });
  await typeGiftcard(page, card.hash);
  await expect(page.getByTestId('screen-giftcard-card')).toBeVisible();
  await leaveAlone(page, 72);
  await expect(page.getByTestId('screen-cancelled')).toBeVisible();
  await expect(page.getByTestId('giftcard-balance')).toHaveCount(0);
  expect((await sessionEvents(session.uuid)).map((e) => e.type)).toContain('session_cancelled');
});

test('an e-mail typed and left: the screen starts over, without it', async ({ page }) => {
  await open(page, '', {});
  await page.getByTestId('use-email').click();
  await page.getByTestId('email-input').fill('someone@example.com');
  await leaveAlone(page, 72);
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await page.getByTestId('use-email').click();
  await expect(page.getByTestId('email-input')).toHaveValue('');
});
