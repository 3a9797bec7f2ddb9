import type { Page } from '@playwright/test';
import { baseUrl, createSession, DEMO, kioskUrl } from './support/api';
import { expect, test } from './support/kiosk-test';

/*
 * Every page of the service works under its own content security policy (docs/operations.md
 * "Security headers"): the browser reports no violation, in the page or its camera decoder.
 */

/** Collects every CSP violation the page and its workers report, as `directive blocked-uri` lines. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(line: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test.describe('under its content security policy', () => {
  test.use({ camera: 'anna' });

  test('the kiosk: a session scanned with the WebAssembly decoder, then the standby screen', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    // camera_service 2: ZXing-C++ as WebAssembly, in a worker.
    const session = await createSession('', { scanner_type: 'camera', camera_service: 2 });
    await page.goto(kioskUrl(session));
    await expect(page.getByTestId('screen-welcome')).toBeVisible({ timeout: 15_000 });
    await page.goto(`${baseUrl()}/portal/?device=${DEMO.device}`);
    await expect(page.getByTestId('screen-standby').or(page.getByTestId('screen-welcome'))).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the cashier console’s pairing screen and the API reference', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(`${baseUrl()}/cashier/`);
    await expect(page.getByTestId('screen-pair')).toBeVisible();
    await page.goto(`${baseUrl()}/docs`);
    // Swagger UI lays out the whole document (every API) before its title shows: seconds on a busy machine.
    test.setTimeout(90_000);
    await expect(page.getByRole('heading', { level: 1, name: /Portal loyalty service/ })).toBeVisible({
      timeout: 45_000,
    });
    expect(violations).toEqual([]);
  });
});
