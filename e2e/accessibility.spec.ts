import { createSession, kioskAt, kioskUrl } from './support/api';
import { uniqueId } from './support/data';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * Accessibility sweep. Every screen a spec stops at with screenshots() is checked there with every
 * axe rule set (wcag2a/aa, wcag21a/aa, wcag22aa, best-practice, experimental), no violation of any
 * impact, at 1280×800 and 800×1280 (support/axe.ts); the cashier console's pages likewise at phone
 * and tablet sizes (consoleScreenshots). This spec visits the screens no other spec stops at.
 */

test('an unknown standby device', async ({ page }) => {
  await page.goto(kioskAt('?device=no-such-device'));
  await expect(page.getByTestId('screen-unknown-device')).toBeVisible();
  await screenshots(page, 'unknown-device');
});

test('an e-mail address the account does not know, without registration', async ({ page }) => {
  const session = await createSession('', {
    scanner_type: 'hand_scanner',
    enable_email_identification: true,
    enable_on_screen_keyboard: true,
  });
  await page.goto(kioskUrl(session));
  await page.getByTestId('use-email').click();
  await page.getByTestId('email-input').fill(`nobody-${uniqueId()}@example.com`);
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('screen-email-unknown')).toBeVisible();
  await screenshots(page, 'email-unknown');
});

test('the scan screen in Dutch, then cancelled, then the end of the session once nobody reads it', async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.clock.install();
  await page.goto(kioskUrl(session));
  await page.getByRole('button', { name: 'Nederlands' }).click();
  await expect(page.getByTestId('screen-scan')).toContainText('Scan');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await screenshots(page, 'scan-dutch');

  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('screen-cancelled')).toBeVisible();
  await screenshots(page, 'goodbye');
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('screen-ended')).toBeVisible();
  await screenshots(page, 'session-ended');
});
