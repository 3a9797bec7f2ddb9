import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/support/chromium';

/**
 * The kiosk end to end, in Debian's Chromium, against the real built service that
 * scripts/run-e2e.mjs starts (its address in E2E_BASE_URL). Run it with `npm run test:e2e`.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Each screenshotted screen runs every axe rule set in two orientations: slow on 2 busy cores.
  timeout: 60_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
