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
});
