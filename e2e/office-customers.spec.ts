import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { DEMO_OWNER, LAPTOP, OFFICE_PHONE, officeScreenshots, signInToOffice } from './support/office';

/*
 * Customer service in the office (docs/office.md "Customer service") on the real built service with
 * the demo account: the owner finds Anna by e-mail, opens her page and corrects her points with a
 * reason. Screenshots at 1280×800 and 390×844, each checked by axe; the address and title name no
 * customer.
 */

test.describe.configure({ mode: 'serial' });

let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: LAPTOP, locale: 'en-US' })).newPage();
});

test.afterAll(async () => {
  await browser?.close();
});

test('the owner finds Anna, reads her page and corrects her points with a reason', async () => {
  const base = process.env.E2E_BASE_URL!;
  await page.goto(`${base}/office/`);
  await signInToOffice(page, DEMO_OWNER);
  await page.goto(`${base}/office/#customers`);
  await expect(page.getByTestId('screen-customers')).toBeVisible();
  await page.getByLabel('E-mail address, card or name').fill('anna@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('customer-results')).toContainText('anna@example.com');
  await officeScreenshots(page, 'customers-search');

  await page.getByRole('button', { name: /^Open Anna/ }).click();
  await expect(page.getByTestId('customer-summary')).toContainText('anna@example.com');
  await expect(page.getByTestId('customer-history')).toBeVisible();
  expect(page.url()).toBe(`${base}/office/#customers`);
  expect(await page.title()).toBe('Customers · Office');

  const before = Number(await page.getByTestId('customer-credits').innerText());
  await page.getByRole('button', { name: 'Correct points' }).click();
  await page.getByTestId('correction-credits').fill('5');
  await page.getByTestId('correction-reason').fill('Purchase of yesterday not credited at the till');
  await officeScreenshots(page, 'customer-correction');
  // The form itself at both sizes (the page's screenshots show its top).
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', OFFICE_PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.getByTestId('correction-form').screenshot({
      path: `test-results/screenshots/office-customer-correction-${size}.png`,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(LAPTOP);
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByText(/The points are corrected/)).toBeVisible();
  await expect(page.getByTestId('customer-credits')).toHaveText(String(before + 5));
  await expect(page.getByTestId('customer-history')).toContainText(
    '“Purchase of yesterday not credited at the till”',
  );
  await officeScreenshots(page, 'customer');
  // Her page, scrolled to the history with the correction in it.
  await page.getByTestId('customer-history').scrollIntoViewIfNeeded();
  await page.screenshot({
    path: 'test-results/screenshots/office-customer-history-laptop.png',
    animations: 'disabled',
  });
});
