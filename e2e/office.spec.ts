import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import {
  cashierFixture,
  consoleScreenshots,
  dataFolder,
  PHONE,
  signInAtTillIfAsked,
  startCashierService,
} from './support/cashier';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { screenshots as kioskScreenshots } from './support/kiosk-test';
import {
  DEMO_MANAGER,
  DEMO_OWNER,
  LAPTOP,
  officeScreenshots,
  openSection,
  signInToOffice,
} from './support/office';

/*
 * The office end to end, as a new owner runs a new shop from it: sign in, add a shop, pair a
 * console phone and a counter tablet with the codes the office shows (typed on their own pages),
 * add a cashier who signs in at the till, revoke the phone (it stops within seconds), and read it
 * all back in the audit log. Three browsers at once: the office on a laptop, the console on a
 * phone, the kiosk on a portrait tablet. A service of this spec's own (the demo account), so that
 * what it adds is the only change; the tests run in order on it.
 */

test.describe.configure({ mode: 'serial' });

const SHOP = 'Demo Coffee Haarlem';
const CONSOLE = 'Haarlem till';
const TABLET = 'Haarlem counter';
const CASHIER = { name: 'Lotte', passcode: '2468' } as const;

let browser: Browser;
let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let officeContext: BrowserContext;
let office: Page;
let consolePage: Page;
let kiosk: Page;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  service = await startCashierService('office', cashierFixture(), data.dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  officeContext = await browser.newContext({ viewport: LAPTOP, locale: 'en-US' });
  office = await officeContext.newPage();
  consolePage = await (
    await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true })
  ).newPage();
  kiosk = await (
    await browser.newContext({ viewport: { width: 800, height: 1280 }, locale: 'en-US' })
  ).newPage();
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  data?.remove();
});

/** The pairing code the office shows, as typed (the visible figures, not the spelled-out reading). */
async function shownCode(page: Page): Promise<string> {
  const code = page.getByTestId('pairing-code').locator('[aria-hidden="true"]');
  await expect(code).toHaveText(/\S{4}/);
  return (await code.innerText()).trim();
}

/** Adds a device of `kind` to the new shop in the office and answers its pairing code. */
async function addDevice(kind: 'tablet' | 'console', name: string): Promise<string> {
  await openSection(office, 'devices');
  await office.getByRole('button', { name: kind === 'tablet' ? 'Add tablet' : 'Add console phone' }).click();
  const form = office.getByTestId('device-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Shop').selectOption({ label: SHOP });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(office.getByTestId('pairing')).toContainText(`Pairing code for ${name}`);
  return shownCode(office);
}

test('sign-in: a wrong password is said in words; the owner signs in with a cookie the page never sees', async () => {
  await office.goto(`${service.url}/office/`);
  await expect(office.getByTestId('screen-sign-in')).toBeVisible();
  await officeScreenshots(office, 'sign-in');

  const screen = office.getByTestId('screen-sign-in');
  await screen.getByLabel('E-mail address').fill(DEMO_OWNER.email);
  await screen.getByLabel('Password').fill('not-the-password');
  await screen.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(office.getByTestId('sign-in-error')).toHaveText(
    'That e-mail address and password do not match. Check them and try again.',
  );
  expect(await officeContext.cookies()).toEqual([]);

  await signInToOffice(office, DEMO_OWNER);
  await expect(office.getByTestId('signed-in-as')).toContainText('Signed in as Demo Owner, Owner');
  const cookies = await officeContext.cookies();
  expect(
    cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite, path: c.path })),
  ).toEqual([{ name: 'portal_office', httpOnly: true, sameSite: 'Strict', path: '/office' }]);
  expect(await office.evaluate(() => document.cookie)).toBe('');
  expect(await office.evaluate(() => JSON.stringify(localStorage))).not.toContain(cookies[0]!.value);
});

test('the owner adds a shop', async () => {
  await office.getByRole('button', { name: 'Add a shop' }).click();
  const form = office.getByTestId('shop-form');
  await form.getByLabel('Name').fill(SHOP);
  await form.getByLabel('Reference').fill('HLM-01');
  await form.getByLabel('Street').fill('Grote Markt');
  await form.getByLabel('Number').fill('2');
  await form.getByLabel('Postal code').fill('2011 RD');
  await form.getByLabel('City').fill('Haarlem');
  await form.getByLabel('Country').fill('NL');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(office.getByText(`${SHOP} is added.`)).toBeVisible();
  await expect(office.getByTestId(`shop-${SHOP}`)).toContainText(
    'HLM-01 · Grote Markt 2, 2011 RD Haarlem, NL',
  );
  await officeScreenshots(office, 'shops');
});

test("a console phone is paired with the office's code, typed on the phone", async () => {
  const code = await addDevice('console', CONSOLE);
  await expect(office.getByTestId('countdown')).toContainText('Works once, for 1');
  await officeScreenshots(office, 'devices');

  await consolePage.goto(`${service.url}/cashier/`);
  await consolePage.getByTestId('pair-code').fill(code);
  await consolePage.getByTestId('pair-submit').click();
  // Nobody of the new shop has a till passcode yet: the console opens at once.
  await expect(consolePage.getByTestId('console-shop')).toHaveText(SHOP);
  await expect(consolePage.getByTestId('screen-till')).toHaveCount(0);

  await office.getByTestId('pairing').getByRole('button', { name: 'Done' }).click();
  await expect(office.getByTestId(`device-${CONSOLE}`).getByTestId('device-status')).toHaveText('In use');
});

test("a counter tablet is paired with the office's code, typed on its standby screen", async () => {
  const code = await addDevice('tablet', TABLET);

  await kiosk.goto(`${service.url}/portal/`);
  await kiosk.getByTestId('pair-this-screen').click();
  await expect(kiosk.getByTestId('screen-pair-device')).toBeVisible();
  await kioskScreenshots(kiosk, 'pair-device');
  await kiosk.getByTestId('pair-code-input').fill(code);
  await kiosk.getByTestId('pair-device-submit').click();
  await expect(kiosk.getByTestId('screen-standby')).toBeVisible();
  await expect(kiosk.getByTestId('screen-standby')).toContainText(SHOP);
  // No device token in the address: the tablet keeps it.
  expect(new URL(kiosk.url()).search).toBe('');

  await office.getByTestId('pairing').getByRole('button', { name: 'Done' }).click();
  await expect(office.getByTestId(`device-${TABLET}`).getByTestId('device-status')).toHaveText('In use');
});

test('a cashier with a passcode is added; the console asks who is at the till and they sign in', async () => {
  await openSection(office, 'staff');
  await office.getByRole('button', { name: 'Add a staff member' }).click();
  const form = office.getByTestId('staff-form');
  await form.getByLabel('Name').fill(CASHIER.name);
  await form.getByLabel('Role').selectOption({ label: 'Cashier' });
  await form.getByLabel(SHOP).check();
  await form.getByLabel('Till passcode').fill(CASHIER.passcode);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(office.getByTestId(`staff-${CASHIER.name}`)).toContainText(`${SHOP} · Till passcode set`);
  await officeScreenshots(office, 'staff');

  await consolePage.reload();
  const till = consolePage.getByTestId('screen-till');
  await expect(till).toBeVisible();
  await expect(till.getByRole('button', { name: CASHIER.name, exact: true })).toBeVisible();
  await consoleScreenshots(consolePage, 'till');
  await signInAtTillIfAsked(consolePage, CASHIER);
  await expect(consolePage.getByTestId('console-shop')).toHaveText(SHOP);
});

test('a register key for the new shop is shown once', async () => {
  await openSection(office, 'keys');
  await office.getByRole('button', { name: 'Create a register key' }).click();
  const form = office.getByTestId('key-form');
  await form.getByLabel('Name').fill('Haarlem POS');
  await form.getByLabel('Shop').selectOption({ label: SHOP });
  await form.getByRole('button', { name: 'Create a register key' }).click();
  await expect(office.getByTestId('token')).toHaveValue(/.{20,}/);
  await officeScreenshots(office, 'keys');
  await office.getByRole('button', { name: 'I have copied it' }).click();
  await expect(office.getByTestId('token')).toHaveCount(0);
  await expect(office.getByTestId('key-Haarlem POS')).toContainText(`${SHOP} · `);
});

test('the phone is revoked in the office and says so within seconds, without a reload', async () => {
  await consolePage.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
  await openSection(office, 'devices');
  await office.getByRole('button', { name: `Revoke ${CONSOLE}` }).click();
  await office.getByRole('button', { name: 'Yes, revoke it' }).click();
  await expect(office.getByText(`${CONSOLE} is revoked: it no longer works.`)).toBeVisible();
  await expect(office.getByTestId(`device-${CONSOLE}`).getByTestId('device-status')).toHaveText('Revoked');

  await expect(consolePage.getByTestId('pair-revoked')).toBeVisible({ timeout: 10_000 });
  expect(
    await consolePage.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
  ).toBe(true);
  // The tablet of the same shop keeps working.
  await kiosk.reload();
  await expect(kiosk.getByTestId('screen-standby')).toContainText(SHOP);
});

test("the audit log lists the new shop's changes, by whom and from where", async () => {
  await openSection(office, 'audit');
  await office.getByTestId('filter-shop').selectOption({ label: SHOP });
  const entries = office.getByTestId('audit-entry');
  for (const action of [
    'Shop added',
    'Device added',
    'Device paired',
    'Person added',
    'Signed in at the till',
    'Register key made',
    'Device revoked',
  ])
    await expect(entries.filter({ hasText: action }).first()).toBeVisible();
  // Newest first: the revoke, by the owner.
  await expect(entries.first()).toContainText('Device revoked');
  await expect(entries.first()).toContainText('Demo Owner');
  // Nothing of another shop.
  await expect(entries.filter({ hasText: 'Demo Coffee Amsterdam' })).toHaveCount(0);
  await officeScreenshots(office, 'audit');
});

test("a manager sees only their shop's devices and cannot add a shop", async () => {
  const context = await browser.newContext({ viewport: LAPTOP, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${service.url}/office/`);
    await signInToOffice(page, DEMO_MANAGER);
    await expect(page.getByTestId('shop-list').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('shop-Demo Coffee Utrecht')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a shop' })).toHaveCount(0);
    // Asked all the same, from the page: refused.
    const status = await page.evaluate(() =>
      fetch('/office/api/shops', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Not mine' }),
      }).then((response) => response.status),
    );
    expect(status).toBe(403);

    await openSection(page, 'devices');
    await expect(page.getByTestId('devices-of-Demo Coffee Utrecht')).toBeVisible();
    for (const other of ['Demo Coffee Amsterdam', SHOP])
      await expect(page.getByTestId(`devices-of-${other}`)).toHaveCount(0);
    await expect(page.getByTestId(`device-${CONSOLE}`)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
