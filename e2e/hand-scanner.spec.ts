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
  // The tabs join the welcome a frame later; Ben has no visit yet, so no "Visits 0".
  await expect(page.getByTestId('tab-rewards')).toBeVisible();
  await expect(page.getByTestId('stat-visits')).toHaveCount(0);
});

test('a card scanned while the kiosk is still loading its session is read once the scan screen appears', async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  // Hold the session's first answer back: the page has loaded, no screen is up yet.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/portal/api/sessions/${session.uuid}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toHaveCount(0);
  await scanWithHandScanner(page, 'CARD-0002');
  release();
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ben');
});
