import { readFileSync } from 'node:fs';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { cashierFixture, dataFolder, startCashierService } from './support/cashier';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { DEMO_OWNER, LAPTOP, officeScreenshots, signInToOffice } from './support/office';

/*
 * The office's reports end to end (docs/office.md "Reports"): a till gives points and sells
 * prepaid today, the owner opens Reports, reads the liability, and downloads it as a CSV file
 * (Playwright's download event) whose byte order mark, header and total say what the screen says.
 * A service of this spec's own (the demo account).
 */

test.describe.configure({ mode: 'serial' });

let browser: Browser;
let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let page: Page;

/** A call of the public API with the demo's Amsterdam register key. */
async function till(path: string, body: object): Promise<void> {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer demo-register-key', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  service = await startCashierService('office-reports', cashierFixture(), data.dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await (
    await browser.newContext({ viewport: LAPTOP, locale: 'en-US', acceptDownloads: true })
  ).newPage();
  const anna = 'd0000000-0000-4000-8000-000000000001';
  await till('/credit-receptions', { contact_uuid: anna, credits: 25 });
  await till('/prepaid-transactions', { contact_uuid: anna, amount_in_cents: 1250 });
  await till('/giftcard-transactions', {
    giftcard_uuid: 'f1000000-0000-4000-8000-000000000001',
    amount_in_cents: -300,
  });
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  data?.remove();
});

test('the owner reads the reports and downloads the liability as a CSV file that says what the screen says', async () => {
  await page.goto(`${service.url}/office/`);
  await signInToOffice(page, DEMO_OWNER);
  await page.getByTestId('nav-reports').click();
  await expect(page.getByTestId('screen-reports')).toBeVisible();
  await expect(page).toHaveTitle('Reports · Office');
  const liability = page.getByTestId('report-liability');
  const total = liability.getByTestId('report-row').last();
  await expect(total.locator('td').first()).toHaveText('Total');
  await expect(liability.getByTestId('report-chart').locator('svg').first()).toBeVisible();
  // Today's activity shows the till's work (the gift card paid with), besides the fixture's openings.
  const activity = page.getByTestId('report-activity');
  await expect(activity.getByTestId('report-row').last()).toContainText('€3.00');
  await expect(page.getByTestId('report-sessions')).toBeVisible();
  await expect(page.getByTestId('report-staff')).toBeVisible();

  const cells = await total.locator('td').allInnerTexts();
  const prepaidOnScreen = cells[2]!.replace(/[^\d.-]/g, '');
  const giftcardsOnScreen = cells[3]!.replace(/[^\d.-]/g, '');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('csv-liability').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^liability-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('row,shop_uuid,shop_name,credits,prepaid_eur,giftcards_eur');
  const totalLine = lines.find((line) => line.startsWith('total,'))!.split(',');
  expect(totalLine[4]).toBe(prepaidOnScreen);
  expect(totalLine[5]).toBe(giftcardsOnScreen);
  expect(lines.find((line) => line.startsWith('shop,a0000000-0000-4000-8000-000000000001,'))).toContain(
    'Demo Coffee Amsterdam',
  );

  await officeScreenshots(page, 'reports');
  // The activity and the staff further down, on a laptop.
  await activity.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/office-reports-activity-laptop.png' });
});
