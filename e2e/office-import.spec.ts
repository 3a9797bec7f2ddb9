import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { cashierFixture, dataFolder, startCashierService } from './support/cashier';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { DEMO_OWNER, LAPTOP, officeScreenshots, signInToOffice } from './support/office';

/*
 * Importing members in the office, end to end (docs/office.md "Importing members"): the owner
 * chooses a file with bad rows, the check lists them; a good file is checked and imported, with its
 * progress bar; each screen shot at 1280×800 and 390×844 and checked by axe. A service of this
 * spec's own (the demo account); the tests run in order on it.
 */

test.describe.configure({ mode: 'serial' });

let browser: Browser;
let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let office: Page;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  service = await startCashierService('office-import', cashierFixture(), data.dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  office = await (await browser.newContext({ viewport: LAPTOP, locale: 'en-US' })).newPage();
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  data?.remove();
});

const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('the owner checks a file with bad rows: each is listed by row, column and reason', async () => {
  await office.goto(`${service.url}/office/`);
  await signInToOffice(office, DEMO_OWNER);
  await office.goto(`${service.url}/office/#import`);
  await expect(office.getByTestId('screen-import')).toBeVisible();
  await officeScreenshots(office, 'import');

  const bad = [
    'email;firstname;lastname;cards;points;prepaid',
    'nina@example.com;Nina;Vos;IMPORT-1;120;12,50',
    'not-an-email;Bob;;;;',
    'nina@example.com;Nina;Twice;;;',
    'olga@example.com;Olga;;;-5;',
    'piet@example.com;Piet;;;;3,005',
  ].join('\n');
  await office.getByLabel('CSV file').setInputFiles(file('old-system.csv', bad));
  await office.getByRole('button', { name: 'Check file' }).click();
  await expect(office.getByTestId('import-result')).toBeVisible();
  await expect(office.getByTestId('import-bad-rows')).toContainText('4 rows would be refused');
  await expect(office.getByTestId('import-problem')).toHaveText([
    /^3\s*email\s*The e-mail address is not valid\.$/,
    /^4\s*email\s*The e-mail address is on an earlier row too\.$/,
    /^5\s*points\s*The number is negative\.$/,
    /^6\s*prepaid\s*More than 2 decimals\.$/,
  ]);
  await officeScreenshots(office, 'import-refused');
});

test('the owner checks a good file and imports it; the new member is found by card', async () => {
  const lines = ['\ufeffemail,firstname,lastname,cards,points,prepaid'];
  for (let i = 0; i < 3000; i++)
    lines.push(`e2e${i}@example.com,First${i},Last${i},E2E-${i},${i % 100},${i % 10}.50`);
  await office.getByLabel('CSV file').setInputFiles(file('members.csv', lines.join('\r\n')));
  await office.getByRole('button', { name: 'Check file' }).click();
  await expect(office.getByText('Every row can be imported.')).toBeVisible();
  await officeScreenshots(office, 'import-checked');
  await office.getByRole('button', { name: 'Import 3000 members' }).click();
  await expect(office.getByRole('heading', { name: 'Imported members.csv' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(office.getByTestId('import-summary')).toContainText('New members3000');
  await officeScreenshots(office, 'import-done');

  const found = await fetch(`${service.url}/contact-identifiers/find?contact_identifier_value=E2E-7`, {
    headers: { authorization: 'Bearer demo-register-key' },
  });
  expect(found.status).toBe(200);
  expect((await found.json()).data.contact.email).toBe('e2e7@example.com');
});
