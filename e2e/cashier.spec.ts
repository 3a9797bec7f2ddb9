import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  CASHIER_DEVICES,
  cashierFixture,
  consoleScreenshots,
  dataFolder,
  PHONE,
  reloadCashierFixture,
  signInAtTillIfAsked,
  startCashierService,
} from './support/cashier';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { scanWithHandScanner } from './support/hand-scanner';

/*
 * The cashier console hands off to the counter tablet: two browsers at once, the console on a phone
 * behind the counter and the shop's standby tablet facing the customer. A service of this spec's own
 * (demo account plus a Utrecht console device), so that the Amsterdam standby tablet sees only the
 * sessions started here. The tests run in order on that one service.
 */

test.describe.configure({ mode: 'serial' });

const euro = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

let browser: Browser;
let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let consoleContext: BrowserContext;
let counterContext: BrowserContext;
let cashier: Page;
let counter: Page;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  service = await startCashierService('cashier', cashierFixture(), data.dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  consoleContext = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
  counterContext = await browser.newContext({ viewport: { width: 800, height: 1280 }, locale: 'en-US' });
  cashier = await consoleContext.newPage();
  counter = await counterContext.newPage();
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  data?.remove();
});

/** A fixture that leaves a device out revokes it only when it wins over the database. */
const FIXTURE_WINS = ['--fixture-mode', 'replace'];

/** Types an amount on a console keypad as written, in euros: "12.75" is 1, 2, the decimal key, 7, 5. */
async function typeAmount(page: Page, keypad: string, amount: string) {
  for (const key of amount) await page.getByTestId(`${keypad}-${key === '.' ? 'decimal' : key}`).click();
}

test('pairing: the link pairs the phone once and leaves no token behind; the counter tablet stands by', async () => {
  await cashier.goto(`${service.url}/cashier/`);
  await expect(cashier.getByTestId('screen-pair')).toBeVisible();
  await consoleScreenshots(cashier, 'pair');

  await cashier.goto(`${service.url}/cashier/#device=${CASHIER_DEVICES.amsterdam}`);
  await signInAtTillIfAsked(cashier);
  await expect(cashier.getByTestId('console-shop')).toHaveText('Demo Coffee Amsterdam');
  await expect(cashier.getByTestId('console-device')).toHaveText('Till 1 · Demo Coffee');
  expect(cashier.url()).not.toContain(CASHIER_DEVICES.amsterdam);
  const cookies = await consoleContext.cookies();
  expect(cookies.map((c) => ({ name: c.name, httpOnly: c.httpOnly, sameSite: c.sameSite }))).toEqual([
    { name: 'portal_cashier', httpOnly: true, sameSite: 'Strict' },
  ]);
  expect(await cashier.evaluate(() => document.cookie)).toBe('');
  expect(await cashier.evaluate(() => JSON.stringify(localStorage))).not.toContain(CASHIER_DEVICES.amsterdam);

  await counter.goto(`${service.url}/portal/?device=demo-device-amsterdam`);
  await expect(counter.getByTestId('screen-standby')).toBeVisible();
});

test("the counter screen's settings: set once in a sheet, kept on this device", async () => {
  await cashier.getByTestId('settings-open').click();
  await expect(cashier.getByRole('dialog', { name: 'Counter screen settings' })).toBeVisible();
  // This counter has a USB hand scanner: chosen once, kept for every session of this phone.
  await cashier.getByTestId('scanner-hand_scanner').click();
  await consoleScreenshots(cashier, 'settings');
  await cashier.getByRole('button', { name: 'Done' }).click();
  await expect(cashier.getByRole('dialog')).toHaveCount(0);
  await cashier.reload();
  await expect(cashier.getByTestId('settings-summary')).toHaveText('Hand scanner');
});

test('the console starts a credit reception in three taps', async () => {
  // Type, amount, Start: each in view on the phone without scrolling, and nothing else to touch.
  const tile = cashier.getByTestId('type-credit_reception');
  const start = cashier.getByTestId('start-submit');
  for (const target of [tile, cashier.getByTestId('start-amount-decimal'), start])
    await expect(target).toBeInViewport({ ratio: 1 });
  await tile.click();
  await typeAmount(cashier, 'start-amount', '12.75');
  await expect(cashier.getByTestId('start-amount-value')).toHaveText(euro(1275));
  await expect(start).toHaveText(`Start · ${euro(1275)}`);
  await consoleScreenshots(cashier, 'start');
  await start.click();

  // The standby tablet switches to the new session at once, with the scanner this device keeps.
  await expect(counter.getByTestId('screen-scan')).toBeVisible();
  await expect(cashier.getByTestId('live-status')).toHaveText('Open');
  expect(await scrollTop(cashier)).toBe(0);
});

/** How far the page itself scrolled (the console's panels scroll inside it). */
const scrollTop = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);

test('credit reception: the customer scans, both screens show the credits', async () => {
  await expect(cashier.getByTestId('live-customer')).toContainText('Waiting for the customer');
  await expect(cashier.getByTestId('live-connection')).toHaveText('Live');

  await scanWithHandScanner(counter, 'CARD-0001');
  // Anna is Gold: 1.5 credits per euro, floor(12.75 × 1.5) = 19; she had 120.
  await expect(counter.getByTestId('screen-credit-result')).toBeVisible();
  await expect(counter.getByTestId('credits-earned')).toContainText('19');
  await expect(cashier.getByTestId('live-credits')).toContainText('+19 points');
  await expect(cashier.getByTestId('live-customer')).toContainText('Anna de Vries');
  await expect(cashier.getByTestId('live-customer')).toContainText('with their card');
  await expect(cashier.getByTestId('live-credit-balance')).toHaveText('139');
  await expect(cashier.getByTestId('live-receipt')).toContainText(
    'Points · Anna de Vries · purchase €12.75 · +19 points',
  );
  // Credits given: done while the counter still shows the result, and nothing left to cancel.
  await expect(cashier.getByTestId('live-status')).toHaveText('Done · +19 points');
  await expect(cashier.getByTestId('live-cancel')).toHaveCount(0);

  // The customer taps Done (before the result's 8 s are up): the session completes on both screens.
  await counter.getByTestId('done-button').click();
  await expect(counter.getByTestId('screen-completed')).toBeVisible();
  await expect(cashier.getByTestId('live-receipt')).toContainText('+19 points · Done');
  await consoleScreenshots(cashier, 'credits');
});

test('credit reception that waits: the customer scans first, the cashier sends the purchase amount', async () => {
  await cashier.getByTestId('live-new').click();
  await cashier.getByTestId('type-credit_reception').click();
  await cashier.getByTestId('start-submit').click();
  await expect(counter.getByTestId('screen-scan')).toBeVisible({ timeout: 15_000 });
  await scanWithHandScanner(counter, 'CARD-0002');
  await expect(counter.getByTestId('screen-waiting')).toBeVisible();
  // On another tab, a strip under the tabs says the customer waits, and leads back.
  await cashier.getByTestId('tab-today').click();
  await expect(cashier.getByTestId('waiting-strip')).toContainText(
    'The customer waits for the purchase amount.',
  );
  await consoleScreenshots(cashier, 'waiting');
  await cashier.getByTestId('tab-today').click();
  await cashier.getByTestId('waiting-strip').getByRole('button', { name: 'Show' }).click();
  // Send is in view while the customer waits, and the keypad above it.
  const send = cashier.getByTestId('purchase-submit');
  await expect(send).toBeInViewport({ ratio: 1 });
  await expect(send).toHaveText(`Send ${euro(0)}`);
  await expect(cashier.getByTestId('purchase-amount-back')).toBeInViewport({ ratio: 1 });
  // Ben is Silver: 1 credit per euro, floor(8.40) = 8.
  await typeAmount(cashier, 'purchase-amount', '8.4');
  await expect(send).toHaveText(`Send ${euro(840)}`);
  await consoleScreenshots(cashier, 'purchase');
  await send.click();
  await expect(counter.getByTestId('screen-credit-result')).toBeVisible();
  await expect(counter.getByTestId('credits-earned')).toContainText('8');
  await expect(cashier.getByTestId('live-credits')).toContainText('+8 points');
  await counter.getByTestId('done-button').click();
  await expect(cashier.getByTestId('live-receipt')).toContainText('+8 points · Done');
});

test('gift-card payment: the card pays € 25 of € 30, both screens show € 5 left to pay at the till', async () => {
  await cashier.getByTestId('live-new').click();
  await cashier.getByTestId('type-redeem_giftcards').click();
  await cashier.getByTestId('start-submit').click();
  await expect(cashier.getByTestId('amount-required')).toBeVisible();
  await typeAmount(cashier, 'start-amount', '30');
  await cashier.getByTestId('start-submit').click();

  await expect(counter.getByTestId('amount-due')).toContainText(euro(3000), { timeout: 15_000 });
  await scanWithHandScanner(counter, 'GC-0001');
  await expect(counter.getByTestId('pay-button')).toBeVisible();
  await counter.getByTestId('pay-button').click();
  await expect(counter.getByTestId('giftcard-remaining')).toContainText(euro(500));

  await expect(cashier.getByTestId('live-giftcards')).toContainText('Gift card …0001');
  await expect(cashier.getByTestId('live-giftcards-paid')).toHaveText(euro(2500));
  await expect(cashier.getByTestId('live-till')).toContainText(euro(500));
  await expect(cashier.getByTestId('live-receipt')).toContainText(
    'gift card …0001 €25.00 · to pay at the till €5.00',
  );
  await expect(cashier.getByTestId('live-status')).toHaveText(
    `Open · paid ${euro(2500)} · ${euro(500)} at the till`,
  );
  // A card was charged: cancelling would give nothing back.
  await expect(cashier.getByTestId('live-cancel')).toHaveCount(0);
  await consoleScreenshots(cashier, 'giftcard');

  await counter.getByTestId('done-button').click();
  await expect(counter.getByTestId('screen-completed')).toBeVisible();
  await expect(cashier.getByTestId('live-status')).toHaveText(
    `Done · paid ${euro(2500)} · ${euro(500)} at the till`,
  );
});

test('cancel from the console: the counter screen leaves the session at once', async () => {
  await cashier.getByTestId('live-new').click();
  await cashier.getByTestId('type-vouchers').click();
  await cashier.getByTestId('start-submit').click();
  await expect(counter.getByTestId('screen-scan')).toBeVisible({ timeout: 15_000 });

  await cashier.getByTestId('live-cancel').click();
  await expect(cashier.getByTestId('cancel-confirm')).toBeVisible();
  await expectNoAxeViolations(cashier);
  await cashier.getByTestId('cancel-yes').click();
  await expect(cashier.getByTestId('live-status')).toHaveText('Cancelled');
  // Cancelled at the till: the standby tablet is back on its welcome at once.
  await expect(counter.getByTestId('screen-standby')).toBeVisible();
  // A scan after the cancel does nothing.
  await scanWithHandScanner(counter, 'CARD-0001');
  await expect(counter.getByTestId('screen-standby')).toBeVisible();
});

test("today's sessions: a table, newest first, filtered by where they stand, with totals", async () => {
  await cashier.getByTestId('tab-today').click();
  const items = cashier.getByTestId('today-session');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Vouchers');
  await expect(items.nth(0)).toContainText('Cancelled');
  await expect(items.nth(1)).toContainText(`Done · paid ${euro(2500)} · ${euro(500)} at the till`);
  await expect(items.nth(3)).toContainText('Done · +19 points');
  await expect(cashier.getByTestId('today-totals')).toContainText('27');
  await consoleScreenshots(cashier, 'today');

  await cashier.getByTestId('filter-done').click();
  await expect(items).toHaveCount(3);
  await expect(cashier.getByTestId('today-totals')).toContainText('Sessions3');
  await cashier.getByTestId('filter-cancelled').click();
  await expect(items).toHaveCount(1);
  await expect(cashier.getByTestId('today-totals')).toContainText(`Gift cards paid${euro(0)}`);
  await expectNoAxeViolations(cashier);
  await cashier.getByTestId('filter-all').click();

  // Dutch, on the small tablet: New and Live side by side.
  await cashier.getByRole('button', { name: 'NL', exact: true }).click();
  await cashier.getByTestId('tab-start').click();
  await cashier.setViewportSize({ width: 768, height: 1024 });
  await expect(cashier.getByTestId('panel-live')).toBeVisible();
  await expect(cashier.getByTestId('panel-start')).toContainText('Start een sessie');
  await expectNoAxeViolations(cashier);
  await cashier.screenshot({ path: 'test-results/screenshots/cashier-split-tablet-nl.png' });
  await cashier.getByRole('button', { name: 'EN', exact: true }).click();
  await cashier.setViewportSize(PHONE);
});

test('a top-up from the console waits for the cashier to receive the money', async () => {
  await cashier.getByTestId('tab-start').click();
  await cashier.getByTestId('type-top_up_prepaid').click();
  await typeAmount(cashier, 'start-amount', '50');
  await cashier.getByTestId('find-query').fill('CARD-0002');
  await cashier.getByTestId('find-submit').click();
  await expect(cashier.getByTestId('start-customer')).toContainText('Ben');
  await cashier.getByTestId('start-submit').click();

  // The counter says where it is paid before the customer confirms, then waits for the till.
  await expect(counter.getByTestId('pay-at-till')).toHaveText(`Pay ${euro(5000)} at the till.`, {
    timeout: 15_000,
  });
  await counter.getByTestId('confirm-button').click();
  await expect(counter.getByTestId('screen-waiting-payment')).toContainText(`Pay ${euro(5000)} at the till`);
  await expect(cashier.getByTestId('live-collect')).toContainText(`Collect ${euro(5000)}`);
  await expect(cashier.getByTestId('live-received')).toBeInViewport({ ratio: 1 });
  await consoleScreenshots(cashier, 'collect');
  // Nothing moved yet: Ben's prepaid balance is still € 0.
  await expect(cashier.getByTestId('live-customer')).toContainText(euro(0));

  await cashier.getByTestId('live-received').click();
  await expect(counter.getByTestId('prepaid-new-balance')).toContainText(euro(5000));
  await expect(cashier.getByTestId('live-received')).toHaveCount(0);
  await expect(cashier.getByTestId('live-receipt')).toContainText(`collect ${euro(5000)}`);
  await expect(cashier.getByTestId('live-status')).toHaveText(`Done · topped up ${euro(5000)}`);
  await expect(cashier.getByTestId('live-cancel')).toHaveCount(0);
  await counter.getByTestId('done-button').click();
  await expect(counter.getByTestId('screen-completed')).toBeVisible();
});

test('a revoked device is refused at its next request and lands on pairing', async () => {
  test.setTimeout(60_000);
  const folder = dataFolder();
  let own = await startCashierService('cashier-revoke', cashierFixture(), folder.dir);
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${own.url}/cashier/#device=${CASHIER_DEVICES.utrecht}`);
    await signInAtTillIfAsked(page);
    await expect(page.getByTestId('console-device')).toBeVisible();

    // The operator removes the device from the fixture and has the service load it at its next
    // start; a fixture that would revoke a device loads only when it wins over the database.
    await own.stop();
    own = await startCashierService(
      'cashier-revoke',
      cashierFixture([CASHIER_DEVICES.utrecht]),
      folder.dir,
      Number(new URL(own.url).port),
      undefined,
      FIXTURE_WINS,
    );
    expect((await page.request.get(`${own.url}/cashier/api/device`)).status()).toBe(401);
    await page.goto(`${own.url}/cashier/`);
    await expect(page.getByTestId('pair-revoked')).toBeVisible();
    await consoleScreenshots(page, 'revoked');
    // Its pairing link no longer works either.
    await page.goto(`${own.url}/cashier/#device=${CASHIER_DEVICES.utrecht}`);
    await expect(page.getByTestId('pair-error')).toBeVisible();
  } finally {
    await context.close();
    await own.stop();
    folder.remove();
  }
});

test('an open console whose device is revoked says it is no longer paired, without a reload', async () => {
  test.setTimeout(60_000);
  const folder = dataFolder();
  const own = await startCashierService(
    'cashier-revoke-open',
    cashierFixture(),
    folder.dir,
    undefined,
    undefined,
    FIXTURE_WINS,
  );
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${own.url}/cashier/#device=${CASHIER_DEVICES.utrecht}`);
    await signInAtTillIfAsked(page);
    await expect(page.getByTestId('console-device')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });

    // The operator removes the device from the fixture and has the running service load it.
    reloadCashierFixture(own, 'cashier-revoke-open', cashierFixture([CASHIER_DEVICES.utrecht]), folder.dir);
    await expect(page.getByTestId('pair-revoked')).toBeVisible();
    await expect(page.getByTestId('pair-revoked')).toHaveText(
      'This device is no longer paired. Ask the manager for its pairing code.',
    );
    await expect(page.getByText('That did not work. Try again.')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
      true,
    );
  } finally {
    await context.close();
    await own.stop();
    folder.remove();
  }
});
