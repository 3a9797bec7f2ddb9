import { createSession, kioskUrl } from './support/api';
import { expect, screenshots, test } from './support/kiosk-test';

test.describe('camera scanner', () => {
  test.use({ camera: 'anna' });

  test('identifies anna by the loyalty card QR code in front of the camera', async ({ page }) => {
    const session = await createSession('', { scanner_type: 'camera', camera_service: 3 });
    await page.goto(kioskUrl(session));
    const welcome = page.getByTestId('screen-welcome');
    await expect(welcome).toBeVisible({ timeout: 15_000 });
    await expect(welcome.getByRole('heading', { level: 1 })).toContainText('Anna');
    await expect(page.getByTestId('credit-balance')).toContainText('120');
    await screenshots(page, 'welcome');
  });
});

test.describe('camera preview', () => {
  test.use({ camera: 'blank' });

  test('shows the live camera preview, mirrored for the front camera', async ({ page }) => {
    const session = await createSession('', { scanner_type: 'camera', facing_mode: 'user' });
    await page.goto(kioskUrl(session));
    const video = page.getByTestId('camera').locator('video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await expect(video).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
    await screenshots(page, 'scan-camera');
  });
});
