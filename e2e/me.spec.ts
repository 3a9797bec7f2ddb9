import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CAMERA_DIR } from './fixtures/cameras';
import { writeFakeCamera } from './fixtures/fake-camera';
import { baseUrl, createSession, kioskUrl } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { newCustomer, newUnlinkedCard, uniqueId } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The customer's own page /me/ on a phone (390×844), opened from the counter's QR: the kiosk and
 * the phone as two pages against the real service. What is changed on the phone is used at the
 * counter next: a card added, the app code scanned by the hand scanner and shown to the camera.
 */

const PHONE = { width: 390, height: 844 } as const;
const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/** A phone: its own browser context (its own cookies), 390×844, touch. */
async function phoneOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-US',
    hasTouch: true,
    isMobile: true,
  });
  return context.newPage();
}

/** The link of a QR on the counter, on the service under test. */
function onService(url: string): string {
  const link = new URL(url);
  return `${baseUrl()}${link.pathname}${link.search}`;
}

/** Saves the phone's screen as me-<name>-phone.png, checked with every axe rule set. */
async function phoneScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `me-${name}-phone.png`),
    animations: 'disabled',
  });
  await expectNoAxeViolations(page);
}

/** The kiosk identifies `card` by the hand scanner on a new identify session; resolves on the welcome. */
async function identifyAtCounter(page: Page, value: string): Promise<void> {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible({ timeout: 15_000 });
  await scanWithHandScanner(page, value);
  await expect(page.getByTestId('screen-welcome')).toBeVisible({ timeout: 15_000 });
}

/** The counter's "Manage on your phone" QR for the customer of `card`: the link it encodes. */
async function counterLink(page: Page, card: string): Promise<string> {
  await identifyAtCounter(page, card);
  await page.getByTestId('manage-on-phone').click();
  const qr = page.getByTestId('me-link-qr');
  await expect(qr).toBeVisible();
  const url = await qr.getAttribute('data-url');
  expect(url).toMatch(/\/me\/\?token=/);
  return onService(url ?? '');
}

test('the counter shows a QR; the phone opens it, changes a custom select and adds a card; the counter knows the card next', async ({
  page,
  context,
}) => {
  const customer = await newCustomer({ credits: 30 });
  const url = await counterLink(page, customer.card);
  // Nothing personal on the counter's QR screen.
  await expect(page.getByTestId('screen-phone-link')).not.toContainText(customer.email);
  await screenshots(page, 'phone-link');

  const phone = await phoneOf(context.browser() as Browser);
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(/^Hi/);
  await expect(phone.getByTestId('app-code')).toBeVisible();
  expect(new URL(phone.url()).search).toBe('');

  // The link works once.
  const second = await phoneOf(context.browser() as Browser);
  await second.goto(url);
  await expect(second.getByTestId('link-invalid')).toBeVisible();
  await second.context().close();

  // A custom select attribute of the demo account (dier: cat, dog, …).
  await phone.getByTestId('nav-account').click();
  const animal = phone.getByTestId('field-dier').getByRole('combobox');
  await expect(animal).toBeVisible();
  const options = await animal
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const before = await animal.inputValue();
  const chosen = options.find((value) => value !== before) ?? options[0]!;
  await animal.selectOption(chosen);
  await phone.getByTestId('profile-save').click();
  await expect(phone.getByTestId('profile-saved')).toBeVisible();
  await phone.reload();
  await expect(phone.getByTestId('field-dier').getByRole('combobox')).toHaveValue(chosen);

  // A card of the shop's, handed out and linked to nobody yet, added by typing its number.
  const newCard = await newUnlinkedCard();
  await phone.getByTestId('nav-cards').click();
  await phone.getByLabel('Card number').fill(newCard);
  await phone.getByTestId('add-card-submit').click();
  await expect(phone.getByTestId('card-added')).toContainText(newCard.slice(-4));
  await expect(phone.getByTestId(`card-${newCard.slice(-4)}`)).toBeVisible();

  // The counter's next identification with that card.
  await identifyAtCounter(page, newCard);
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await phone.context().close();
});

test('the app code on the phone, typed by the hand scanner, identifies the customer; used once', async ({
  page,
  context,
}) => {
  const customer = await newCustomer();
  const url = await counterLink(page, customer.card);
  const phone = await phoneOf(context.browser() as Browser);
  await phone.goto(url);
  const code = await phone.getByTestId('app-code').getAttribute('data-code');
  expect(code).toBeTruthy();
  await identifyAtCounter(page, code ?? '');
  // A photo of the code is no use: once scanned, it identifies nobody again.
  const again = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(again));
  await expect(page.getByTestId('screen-scan')).toBeVisible({ timeout: 15_000 });
  await scanWithHandScanner(page, code ?? '');
  await expect(page.getByTestId('action-error')).toContainText('already been used');
  await phone.context().close();
});

test.describe('the app code shown to the camera', () => {
  test.use({ camera: 'absent' });

  test('the kiosk reads the phone’s QR from its camera and identifies the customer', async ({ context }) => {
    const customer = await newCustomer();
    const counter = await context.newPage();
    const url = await counterLink(counter, customer.card);
    const phone = await phoneOf(context.browser() as Browser);
    await phone.goto(url);
    const code = await phone.getByTestId('app-code').getAttribute('data-code');
    expect(code).toBeTruthy();
    // The phone's screen as the tablet's camera sees it: a fake camera showing that code.
    const file = await writeFakeCamera(join(CAMERA_DIR, `me-app-code-${uniqueId()}.y4m`), code, {
      codeFrames: 3,
    });
    const camera = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${file}`,
      ],
    });
    try {
      const kiosk = await (await camera.newContext({ locale: 'en-US', permissions: ['camera'] })).newPage();
      const session = await createSession('', { scanner_type: 'camera' });
      await kiosk.goto(kioskUrl(session));
      await expect(kiosk.getByTestId('screen-welcome')).toBeVisible({ timeout: 20_000 });
    } finally {
      await camera.close();
      await phone.context().close();
    }
  });
});

test('every /me/ screen at 390×844 (signed out, home, rewards, activity, cards, profile, delete, Dutch): axe 0; my data downloads', async ({
  page,
  context,
}) => {
  const signedOut = await phoneOf(context.browser() as Browser);
  await signedOut.goto(`${baseUrl()}/me/`);
  await expect(signedOut.getByTestId('me-sign-in')).toBeVisible();
  await phoneScreenshot(signedOut, 'sign-in');
  await signedOut.getByLabel('Your e-mail address').fill('someone@example.com');
  await signedOut.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(signedOut.getByTestId('me-sign-in-sent')).toBeVisible();
  await phoneScreenshot(signedOut, 'sign-in-sent');
  await signedOut.context().close();

  // A customer of this test's own with points and prepaid, so every screen has something to show
  // (the demo's Anna is only looked at by other specs).
  const customer = await newCustomer({ credits: 120, prepaidCents: 1500 });
  const url = await counterLink(page, customer.card);
  const phone = await phoneOf(context.browser() as Browser);
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Hi there');
  // Their first name, typed on the phone, greets them from then on.
  await phone.getByTestId('nav-account').click();
  await phone.getByTestId('field-firstname').getByRole('textbox').fill('Sanne');
  await phone.getByTestId('profile-save').click();
  await expect(phone.getByTestId('profile-saved')).toBeVisible();
  await phone.getByTestId('nav-home').click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Hi Sanne');
  await expect(phone.getByTestId('app-code')).toBeVisible();
  await phoneScreenshot(phone, 'home');
  for (const [section, ready] of [
    ['rewards', 'rewards'],
    ['activity', 'activity-list'],
    ['cards', 'card-list'],
  ] as const) {
    await phone.getByTestId(`nav-${section}`).click();
    await expect(phone.getByTestId(ready)).toBeVisible();
    await phoneScreenshot(phone, section);
  }
  await phone.getByTestId('nav-account').click();
  await expect(phone.getByTestId('field-dier')).toBeVisible();
  await phoneScreenshot(phone, 'account');
  // A refused value in words on its field.
  await phone.getByTestId('field-firstname').getByRole('textbox').fill('x'.repeat(200));
  await phone.getByTestId('profile-save').click();
  await expect(phone.getByTestId('field-firstname')).toContainText('At most');
  await phone.getByTestId('field-firstname').scrollIntoViewIfNeeded();
  await phoneScreenshot(phone, 'profile-error');
  // Download my data: the export as a file, about this customer.
  const [download] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('my-data.json');
  const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    contact: { email?: string };
  };
  expect(exported.contact.email).toBe(customer.email);
  // Delete my account: a code by e-mail first (kept here: "Keep my account").
  await phone.getByTestId('delete-start').click();
  await expect(phone.getByTestId('delete-confirm')).toBeVisible();
  await phone.getByLabel('Code from the e-mail').scrollIntoViewIfNeeded();
  await phoneScreenshot(phone, 'delete');
  await phone.getByRole('button', { name: 'Keep my account' }).click();
  // In Dutch at a tap.
  await phone.getByTestId('nav-home').click();
  await phone.getByTestId('language').click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(/^Hoi/);
  await phoneScreenshot(phone, 'home-nl');
  await phone.context().close();
});
