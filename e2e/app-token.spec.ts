import { createSession, kioskUrl } from './support/api';
import { expect, test } from './support/kiosk-test';

test.describe('app token', () => {
  test.use({ camera: 'benApp' });

  test('identifies ben by the app QR code once; the same code in a second session is refused', async ({
    page,
  }) => {
    const first = await createSession('', { scanner_type: 'camera', camera_service: 2 });
    await page.goto(kioskUrl(first));
    await expect(page.getByTestId('screen-welcome')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ben');

    const second = await createSession('', { scanner_type: 'camera', camera_service: 2 });
    await page.goto(kioskUrl(second));
    const error = page.getByTestId('action-error');
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText('already been used');
    await expect(page.getByTestId('screen-scan')).toBeVisible();
  });
});
