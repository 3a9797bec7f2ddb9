import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, test as base, chromium, expect, type Page } from '@playwright/test';
import { type CameraName, cameraFile } from '../fixtures/cameras';
import { expectNoAxeViolations } from './axe';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

/**
 * The camera a test's browser has: a fake camera showing a generated picture (CAMERA_CODES), one
 * whose permission is refused ('denied'), or none at all ('absent').
 */
export type CameraSetup = CameraName | 'denied' | 'absent';

/** Chromium flags for a camera setup; each fake-camera file needs its own browser launch. */
export function cameraArgs(camera: CameraSetup): string[] {
  if (camera === 'absent') return [];
  const device = ['--use-fake-device-for-media-stream'];
  if (camera === 'denied') return [...device, `--use-file-for-fake-video-capture=${cameraFile('blank')}`];
  return [
    ...device,
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${cameraFile(camera)}`,
  ];
}

/**
 * The suite's test: each test launches its own Chromium with the camera it declares
 * (`test.use({ camera: 'anna' })`), English, 1280×800; a failing test leaves a screenshot and a
 * trace in its test-results folder (playwright.config.ts).
 */
export const test = base.extend<{ camera: CameraSetup; context: BrowserContext; page: Page }>({
  camera: ['blank', { option: true }],
  context: async ({ camera, viewport }, use) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, ...cameraArgs(camera)],
    });
    const context = await browser.newContext({
      viewport,
      locale: 'en-US',
      permissions: camera === 'denied' || camera === 'absent' ? [] : ['camera'],
    });
    await use(context);
    await context.close();
    await browser.close();
  },
  page: async ({ context }, use) => {
    await use(await context.newPage());
  },
});

export { expect };

const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/** The kiosk's two orientations: a 10" tablet in landscape and in portrait. */
const ORIENTATIONS = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
] as const;

/**
 * Saves the current screen at 1280×800 (landscape) and 800×1280 (portrait), with the bundled font
 * and without arrival animations, each checked with every axe rule set (no violation of any
 * impact), then restores the size.
 *
 * The test stands at the kiosk while it shoots, as a customer reading the screen would: a key that
 * types nothing (Shift) before each step and at the end counts as their touch. Without it the
 * shots (axe takes seconds on busy cores) ate the screen's idle time — a result screen shows its
 * countdown after 8 s (end_screen_seconds), whose overlay then took the test's next tap, and ends
 * the session 10 s later. `untouched`: shoot a screen as nobody touches it (the idle countdown).
 */
export async function screenshots(
  page: Page,
  name: string,
  { untouched = false }: { untouched?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const stay = async () => {
    if (!untouched) await page.keyboard.press('Shift');
  };
  const original = page.viewportSize();
  await stay();
  // The bundled font arrives just after the first screen: shoot the screen as it looks a moment later
  // (a brand font that is not bundled never loads: then after 5 s as it is).
  await page
    .waitForFunction(
      () => {
        let loaded = false;
        document.fonts.forEach((face) => {
          if (face.family.replaceAll('"', '') === 'Inter Variable' && face.status === 'loaded') loaded = true;
        });
        return loaded;
      },
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  for (const size of ORIENTATIONS) {
    await page.setViewportSize(size);
    await stay();
    // Arrival animations shown at their end, not half faded in.
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
      animations: 'disabled',
    });
    await stay();
    await expectNoAxeViolations(page);
  }
  if (original) await page.setViewportSize(original);
  await stay();
}
