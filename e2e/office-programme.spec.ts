import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { publicApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { dataFolder, startCashierService } from './support/cashier';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { DEMO_OWNER, LAPTOP, OFFICE_PHONE, officeScreenshots, signInToOffice } from './support/office';

/*
 * The programme editor to the counter screen (docs/office.md "Rewards and the brand"): the owner
 * adds a reward with a picture in the office, and a counter screen's next session shows it with its
 * picture; the brand's colours are refused when they read badly. The office's screens are checked
 * with axe at both sizes and shot. A service of this spec's own (the demo account), so that the
 * reward it adds shows on no other spec's counter.
 */

test.describe.configure({ mode: 'serial' });

const SHOP = 'a0000000-0000-4000-8000-000000000001';
const PICTURE = join(process.cwd(), 'src/service/fixture/demo-media/reward-discount.png');
const TITLE = 'Office espresso';
const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

let browser: Browser;
let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let office: Page;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  const demo = JSON.parse(readFileSync(join(process.cwd(), 'src/service/fixture/demo-account.json'), 'utf8'));
  service = await startCashierService('office-programme', demo, data.dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  office = await (await browser.newContext({ viewport: LAPTOP, locale: 'en-US' })).newPage();
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  data?.remove();
});

/** Opens Rewards and brand by the navigation (behind Menu on a phone). */
async function openRewards(page: Page) {
  const menu = page.getByTestId('menu');
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId('nav-rewards').click();
  await expect(page.getByTestId('screen-rewards')).toBeVisible();
}

/** The brand part of the screen at both sizes, checked by axe: office-brand-laptop/phone.png. */
async function brandScreenshots(page: Page) {
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', OFFICE_PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page
      .getByRole('heading', { level: 2, name: 'Brand on the counter screen' })
      .scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `office-brand-${size}.png`), animations: 'disabled' });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(LAPTOP);
}

test('the owner adds a reward with a picture; a counter screen’s next session shows it with its picture', async () => {
  test.setTimeout(90_000);
  await office.goto(`${service.url}/office/`);
  await signInToOffice(office, DEMO_OWNER);
  await openRewards(office);
  await expect(office.getByTestId('reward-Free coffee')).toBeVisible();
  await officeScreenshots(office, 'rewards');

  await office.getByRole('button', { name: 'Add a reward' }).click();
  const form = office.getByTestId('reward-form');
  await form.getByLabel('Title').fill(TITLE);
  await form.getByLabel('Description').fill('A double shot, on us');
  await form.getByLabel('Points').fill('40');
  await form.getByLabel(/^Stock/).fill('25');
  await form.getByLabel(/^Limit per customer/).fill('2');
  await form.getByTestId('reward-picture').setInputFiles(PICTURE);
  await officeScreenshots(office, 'reward-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(office.getByText(`“${TITLE}” is added.`)).toBeVisible();
  const row = office.getByTestId(`reward-${TITLE}`);
  await expect(row).toContainText('40 points · 25 in stock · 2× per customer');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{20}\.png$/);

  // The public API at once, with the picture's address.
  const customer = await publicApi<{ uuid: string }>(
    'POST',
    '/contacts',
    { email: `programme-${Date.now()}@example.com` },
    { base: service.url },
  );
  await publicApi(
    'POST',
    '/credit-receptions',
    { contact_uuid: customer.uuid, credits: 100 },
    { base: service.url, token: 'demo-register-key' },
  );
  const rewards = await publicApi<{ uuid: string; title: string; media: { value: string } | null }[]>(
    'GET',
    `/rewards?contact_uuid=${customer.uuid}`,
    undefined,
    { base: service.url, token: 'demo-register-key' },
  );
  const made = rewards.find((r) => r.title === TITLE);
  expect(made?.media?.value).toMatch(/^\/media\/[0-9a-f]{20}\.png$/);

  // A counter screen's next session for that customer: the reward, claimable, with its picture.
  const session = await publicApi<{ url: string }>(
    'POST',
    '/portal-sessions',
    { shop_uuid: SHOP, contact_uuid: customer.uuid, scanner_type: 'hand_scanner' },
    { base: service.url },
  );
  const kiosk = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
  ).newPage();
  const url = new URL(session.url);
  await kiosk.goto(`${service.url}${url.pathname}${url.search}`);
  await expect(kiosk.getByTestId('panel-rewards')).toBeVisible();
  const tile = kiosk.getByTestId(`reward-${made!.uuid}`);
  await expect(tile).toContainText(TITLE);
  await expect(tile).toHaveAttribute('data-state', 'claimable');
  const picture = tile.locator('img');
  await expect(picture).toHaveAttribute('src', made!.media!.value);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await kiosk.screenshot({ path: join(SCREENSHOT_DIR, 'kiosk-office-reward.png'), animations: 'disabled' });
  await kiosk.context().close();
});

test('the brand: a colour too light is refused in words; a good one saved; axe finds nothing', async () => {
  test.setTimeout(60_000);
  await office.goto(`${service.url}/office/#rewards`);
  await expect(office.getByTestId('brand-form')).toBeVisible();
  const primary = office.getByTestId('brand-primary_color');
  await primary.fill('#ffe066');
  await expect(office.getByText('Contrast on white: 1.3:1')).toBeVisible();
  await office.getByRole('button', { name: 'Save the brand' }).click();
  await expect(office.getByRole('alert')).toHaveText(
    '“Main colour” is too light to read on the counter screen. Choose a darker colour.',
  );
  await primary.fill('#6b3e26');
  await office.getByRole('button', { name: 'Save the brand' }).click();
  await expect(
    office.getByText('The brand is saved. Counter screens show it at their next customer.'),
  ).toBeVisible();
  await brandScreenshots(office);
});
