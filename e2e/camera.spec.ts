import type { Page } from '@playwright/test';
import { createSession, kioskUrl } from './support/api';
import { expect, screenshots, test } from './support/kiosk-test';

/** What the page asked the camera for, and the tracks it got, as recordCameras observes them. */
interface CameraRecord {
  constraints: MediaStreamConstraints[];
  tracks: MediaStreamTrack[];
}

/**
 * Observes getUserMedia without changing it: each call's constraints and the tracks of the stream
 * the browser (its fake camera) returned, kept on window.cameraRecord.
 */
async function recordCameras(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { constraints: [], tracks: [] } as CameraRecord;
    (window as unknown as { cameraRecord: CameraRecord }).cameraRecord = record;
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      if (constraints) record.constraints.push(constraints);
      const stream = await getUserMedia(constraints);
      record.tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

/** The readyState of every camera track the page opened, oldest first. */
function trackStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { cameraRecord: CameraRecord }).cameraRecord.tracks.map(
      (track) => track.readyState,
    ),
  );
}

test.describe('camera scanner', () => {
  test.use({ camera: 'anna' });

  test('identifies anna by the loyalty card QR code in front of the camera, then lets go of the camera', async ({
    page,
  }) => {
    await recordCameras(page);
    const session = await createSession('', { scanner_type: 'camera', camera_service: 3 });
    await page.goto(kioskUrl(session));
    const welcome = page.getByTestId('screen-welcome');
    await expect(welcome).toBeVisible({ timeout: 15_000 });
    await expect(welcome.getByRole('heading', { level: 1 })).toContainText('Anna');
    await expect(page.getByTestId('credit-balance')).toContainText('120');
    // The scan screen is gone: every track it opened is stopped (the camera's light goes off).
    await expect(page.getByTestId('camera')).toHaveCount(0);
    await expect.poll(() => trackStates(page)).toEqual(['ended']);
    await screenshots(page, 'welcome');
  });
});

test.describe('camera preview', () => {
  test.use({ camera: 'blank' });

  test('shows the live camera preview, mirrored for the front camera', async ({ page }) => {
    await recordCameras(page);
    const session = await createSession('', { scanner_type: 'camera', facing_mode: 'user' });
    await page.goto(kioskUrl(session));
    const video = page.getByTestId('camera').locator('video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await expect(video).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
    // Chromium's fake camera has no torch: no light button.
    await expect(page.getByRole('button', { name: 'Light' })).toHaveCount(0);
    await screenshots(page, 'scan-camera');
  });

  test('asks for the session facing_mode, releases the old camera on a switch and every camera on cancel', async ({
    page,
  }) => {
    await recordCameras(page);
    const session = await createSession('', { scanner_type: 'camera', facing_mode: 'environment' });
    await page.goto(kioskUrl(session));
    const video = page.getByTestId('camera').locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await expect(video).not.toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
    // The fake camera's label ("fake_device_0") names no side: the browser picks by facingMode.
    const asked = () =>
      page.evaluate(() => (window as unknown as { cameraRecord: CameraRecord }).cameraRecord.constraints);
    expect(await asked()).toEqual([{ video: { facingMode: 'environment' }, audio: false }]);
    expect(await trackStates(page)).toEqual(['live']);

    await page.getByRole('button', { name: 'Switch camera' }).click();
    await expect.poll(() => trackStates(page)).toEqual(['ended', 'live']);
    expect((await asked())[1]).toEqual({ video: { facingMode: 'user' }, audio: false });
    await expect(video).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');

    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('screen-cancelled')).toBeVisible();
    await expect.poll(() => trackStates(page)).toEqual(['ended', 'ended']);
  });
});
