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
    // A failing test leaves its last screen and a trace (each action with the DOM before and after,
    // network, console) in test-results/e2e/<test>/: `npx playwright show-trace …/trace.zip`. No
    // screencast in the trace: it made a loaded run ~1.5× slower. No retries: a flaky test fails.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
