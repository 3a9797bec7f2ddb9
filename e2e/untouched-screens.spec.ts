import type { Page } from '@playwright/test';
import { createSession, kioskUrl, sessionEvents } from './support/api';
import { newCustomer } from './support/data';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * A screen nobody touches, in a real browser against the real service: the customer's portal ends
 * after idle_seconds (60 s by default) and a 10 s countdown, and the session ends — cancelled, with
 * its event — so the POS and a standby screen follow. The page's clock is installed so that a
 * minute passes in a moment (page.clock.runFor); everything else is real. The other screens left
 * alone, and "I'm still here": test/kiosk/app-quit-on-idle.test.tsx.
 */

async function open(page: Page) {
  const session = await createSession('', {
    scanner_type: 'hand_scanner',
    enable_email_identification: true,
    enable_on_screen_keyboard: true,
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

/** Lets `seconds` of the page's time pass without a touch. */
async function leaveAlone(page: Page, seconds: number) {
  await page.clock.runFor(seconds * 1000);
}

test('an untouched customer portal shows the countdown after 60 s, then ends the session (cancelled: nothing changed)', async ({
  page,
}) => {
  const customer = await newCustomer({ credits: 70 });
  const session = await open(page);
  await identify(page, customer.email);
  await expect(page.getByTestId('screen-welcome')).toBeVisible();

  // The page's time also flows by itself meanwhile (a loaded machine's seconds): the second it
  // shows is not asserted here (test/kiosk/app-quit-on-idle.test.tsx does, on a fake clock).
  await leaveAlone(page, 61);
  await expect(page.getByTestId('idle-countdown')).toContainText('This screen closes in');
  await screenshots(page, 'kiosk-idle-countdown', { untouched: true });
  await leaveAlone(page, 10);
  // Checking the countdown with axe takes seconds of the page's time too: its end screen may be gone.
  await expect(page.getByTestId('screen-cancelled').or(page.getByTestId('screen-ended'))).toBeVisible();
  await expect(page.getByTestId('screen-welcome')).toHaveCount(0);
  expect((await sessionEvents(session.uuid)).map((e) => e.type)).toContain('session_cancelled');
});
