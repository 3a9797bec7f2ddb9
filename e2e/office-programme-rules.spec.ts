import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { cashierFixture, dataFolder, startCashierService } from './support/cashier';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { DEMO_OWNER, LAPTOP, officeScreenshots, signInToOffice } from './support/office';

/*
 * The office's Earning and Promotions screens (docs/office.md "Earning and promotions") on a
 * laptop and a phone, each checked by axe: the owner adds an earning rule and makes voucher codes.
 * The editor → counter path and the CSV download end to end are the other programme spec's.
 */

test.describe.configure({ mode: 'serial' });

let browser: Browser;
let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let office: Page;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  service = await startCashierService('office-programme-rules', cashierFixture(), data.dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  office = await (await browser.newContext({ viewport: LAPTOP, locale: 'en-US' })).newPage();
  await office.goto(`${service.url}/office/`);
  await signInToOffice(office, DEMO_OWNER);
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  data?.remove();
});

test('the owner adds an earning rule for Gold on Tuesday afternoons', async () => {
  await office.goto(`${service.url}/office/#earning`);
  await expect(office.getByTestId('rule-list')).toBeVisible();
  await office.getByRole('button', { name: 'Add an earning rule' }).click();
  const form = office.getByTestId('rule-form');
  await form.getByLabel('Points per unit').fill('2');
  await form.getByLabel('Tier').selectOption({ label: 'Gold' });
  await form.getByLabel('Tue').check();
  await form.getByLabel(/From/).fill('14:00');
  await form.getByLabel(/Until/).fill('17:00');
  await officeScreenshots(office, 'earning-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(office.getByText('The earning rule is added.', { exact: false })).toBeVisible();
  await expect(office.getByTestId('rule-list')).toContainText(
    'Gold · 2 points per Purchase amount, rounded down · Tue 14:00–17:00',
  );
  await officeScreenshots(office, 'earning');
});

test('the owner makes voucher codes for a promotion', async () => {
  await office.goto(`${service.url}/office/#promotions`);
  await expect(office.getByTestId('promotion-list')).toBeVisible();
  await office.getByRole('button', { name: 'Make codes for Free muffin' }).click();
  await office.getByTestId('batch-form').getByLabel('How many codes').fill('250');
  await office.getByTestId('batch-form').getByRole('button', { name: 'Make codes' }).click();
  await expect(office.getByText('250 codes are made for Free muffin.', { exact: false })).toBeVisible();
  await officeScreenshots(office, 'promotions');
});
