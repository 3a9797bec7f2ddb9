import { createSession, kioskUrl } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

test('a hand scanner (keyboard wedge) identifies ben with no field focused', async ({ page }) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await screenshots(page, 'scan-hand-scanner');

  // Slow, human typing is not a scan.
  await scanWithHandScanner(page, 'CARD-0002', { gapMs: 120 });
  await expect(page.getByTestId('screen-scan')).toBeVisible();

  await scanWithHandScanner(page, 'CARD-0002');
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ben');
  await expect(page.getByTestId('credit-balance')).toContainText('35');
  // Screen readers announce the new screen: its heading takes the focus (once it is painted).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // The tabs and visit stats join the welcome a frame later.
  await expect(page.getByTestId('tab-rewards')).toBeVisible();
  await expect(page.getByTestId('stat-visits')).toBeVisible();
});

test("a card scanned at the service's first screen, before the kiosk's scripts run, is read once they do", async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  // Hold the kiosk's scripts back: the page has the screen the service rendered, nothing runs it yet.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/portal/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(kioskUrl(session), { waitUntil: 'commit' });
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  // Not answering taps yet: its buttons have no handlers until the scripts take the screen over.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await scanWithHandScanner(page, 'CARD-0002');
  release();
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ben');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
});
