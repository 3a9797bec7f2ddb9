import { expect, screenshots, test } from './support/kiosk-test';

/*
 * Expiry goes through the product: the global setup created this session at the start of the run
 * on a second service instance whose sessions live 1 minute (its shortest setting); the spec waits
 * only for what is left of that minute while the other specs run.
 */
test('an expired session shows the timed-out screen', async ({ page }) => {
  const url = process.env.E2E_EXPIRING_SESSION_URL;
  test.skip(!url, 'needs the short-lived service instance of scripts/run-e2e.mjs');
  test.setTimeout(120_000);
  const wait = Number(process.env.E2E_EXPIRING_AFTER) + 1_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.goto(url!);
  await expect(page.getByTestId('screen-expired')).toBeVisible();
  await screenshots(page, 'expired');
});
