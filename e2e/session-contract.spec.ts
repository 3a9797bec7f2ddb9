import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, publicApi } from './support/api';
import { dataFolder, startCashierService } from './support/cashier';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The session is the contract, at the counter (docs/trust-model.md): a top-up says where it is
 * paid; a voucher that cannot be used is said so at the scan; a customer known by e-mail alone
 * confirms it is them with the code e-mailed to them — read here from the service's log, as a demo
 * without a mail server writes it — and five wrong codes lock it; and no counter screen shows a
 * phone number, birth date, last name or whole e-mail address. A service of the spec's own (the demo
 * account), so that its log can be read.
 */
test.describe.configure({ mode: 'serial' });

let service: Awaited<ReturnType<typeof startCashierService>>;
let data: ReturnType<typeof dataFolder>;
let log = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  data = dataFolder();
  const demo = JSON.parse(readFileSync(join(process.cwd(), 'src/service/fixture/demo-account.json'), 'utf8'));
  service = await startCashierService('session-contract', demo, data.dir, undefined, (text) => {
    log += text;
  });
});

test.afterAll(async () => {
  await service?.stop();
  data?.remove();
});

/** Anna (the demo's): CARD-0001, Dutch, € 15 prepaid. */
const ANNA = 'd0000000-0000-4000-8000-000000000001';

/** Opens the kiosk on a new session of `kind` made with `settings`, as the POS would. */
async function openSession(page: Page, kind: string, settings: Record<string, unknown>) {
  const path = kind ? `/portal-sessions/${kind}` : '/portal-sessions';
  const session = await publicApi<{ url: string }>(
    'POST',
    path,
    { shop_uuid: DEMO.shopUuid, scanner_type: 'hand_scanner', ...settings },
    { base: service.url },
  );
  const url = new URL(session.url);
  await page.goto(`${service.url}${url.pathname}${url.search}`);
}

/** The code the service wrote to its log for `masked` (a***@example.com) after `since` characters of it. */
async function codeFromLog(masked: string, since: number): Promise<string> {
  const pattern = new RegExp(
    `verification code for ${masked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\d{6})`,
  );
  await expect.poll(() => pattern.exec(log.slice(since))?.[1]).toBeTruthy();
  return pattern.exec(log.slice(since))![1]!;
}

async function typeCode(page: Page, code: string) {
  for (const digit of code) await page.getByTestId(`keypad-${digit}`).click();
}

/** What the counter must never show of Anna (the fixture's), in any of its forms. */
const ANNA_PRIVATE = [
  'anna@example.com',
  '+31612345678',
  '0612345678',
  '1990-04-12',
  'April 12, 1990',
  '12 april 1990',
  'de Vries',
  'CARD-0001',
];

async function expectNothingPrivate(page: Page) {
  const text = await page.locator('body').innerText();
  for (const secret of ANNA_PRIVATE) expect(text).not.toContain(secret);
}

test('a prepaid top-up says it is paid at the till before it is confirmed', async ({ page }) => {
  await openSession(page, 'top-up-prepaid', { contact_uuid: ANNA, amount_in_cents: 5000 });
  await expect(page.getByTestId('screen-prepaid-confirm')).toBeVisible();
  // Anna reads Dutch (her language).
  await expect(page.getByTestId('pay-at-till')).toHaveText('Betaal € 50,00 aan de kassa.');
  await screenshots(page, 'kiosk-topup-pay-at-till');
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('prepaid-new-balance')).toContainText('€ 65,00');
});

test('an expired and a used voucher are refused at the scan, with their date, never offered', async ({
  page,
}) => {
  await openSession(page, 'vouchers', {});
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'MUFFIN-EXPIRED');
  await expect(page.getByTestId('screen-voucher-unusable')).toBeVisible();
  await expect(page.getByTestId('voucher-unusable')).toHaveText('It expired on January 31, 2025.');
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);
  await screenshots(page, 'kiosk-voucher-expired-at-scan');
  await page.getByTestId('back-button').click();

  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'MUFFIN-USED');
  await expect(page.getByTestId('voucher-unusable')).toHaveText(/^It was already used on \w+ \d+, \d{4}\.$/);
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);
});

test('e-mail, then a reward claim asks for the code e-mailed (here: in the log), then claims', async ({
  page,
}) => {
  const email = `verify-${Date.now()}@example.com`;
  const { uuid } = await publicApi<{ uuid: string }>('POST', '/contacts', { email }, { base: service.url });
  await publicApi(
    'POST',
    '/credit-receptions',
    { contact_uuid: uuid, credits: 100 },
    { token: DEMO.registerKey, base: service.url },
  );
  await openSession(page, '', { primary_identification_method: 'email' });
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  // Their rewards they may see; their vouchers wait for the proof.
  await page.getByTestId('tab-vouchers').click();
  await expect(page.getByTestId('proof-needed')).toBeVisible();
  await page.getByTestId('tab-rewards').click();

  await page.getByTestId('reward-e0000000-0000-4000-8000-000000000001').click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-verify')).toBeVisible();
  await screenshots(page, 'kiosk-verify');
  const since = log.length;
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('screen-verify-code')).toBeVisible();
  await expect(page.getByTestId('verify-demo-log')).toBeVisible();
  const masked = `${email[0]}***@example.com`;
  await expect(page.getByTestId('screen-verify-code')).toContainText(masked);
  await expectNothingPrivate(page);
  const code = await codeFromLog(masked, since);
  await screenshots(page, 'kiosk-verify-code');
  await typeCode(page, code);

  // Proven: back at the claim, which goes through now.
  await expect(page.getByTestId('screen-reward-confirm')).toBeVisible();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('claimed-reward')).toContainText('Free coffee');
});

test('five wrong codes lock the session: it takes and sends no more', async ({ page }) => {
  await openSession(page, 'pay-prepaid', { primary_identification_method: 'email', amount_in_cents: 500 });
  await page.getByTestId('email-input').fill('anna@example.com');
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('screen-verify')).toBeVisible();
  const since = log.length;
  await page.getByTestId('send-code').click();
  const code = await codeFromLog('a***@example.com', since);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let left = 4; left >= 1; left -= 1) {
    await typeCode(page, wrong);
    // Anna reads Dutch: "U kunt het nog 4 keer proberen."
    await expect(page.getByTestId('verify-attempts')).toContainText(`nog ${left} keer`);
  }
  await typeCode(page, wrong);
  await expect(page.getByTestId('screen-verify-locked')).toBeVisible();
  await screenshots(page, 'kiosk-verify-locked');
  await expectNothingPrivate(page);
  // Nothing was paid: Anna's balance is as it was.
  const balance = await publicApi<{ balance_in_cents: number }>(
    'GET',
    `/contacts/${ANNA}/prepaid-balance`,
    undefined,
    { base: service.url },
  );
  expect(balance.balance_in_cents).toBe(6500);
});

test('no counter screen shows a phone number, birth date, last name or whole e-mail address', async ({
  page,
}) => {
  await openSession(page, '', { enable_email_identification: true });
  await scanWithHandScanner(page, 'CARD-0001');
  await expect(page.getByTestId('screen-welcome')).toContainText('Anna');
  await expect(page.getByTestId('panel-rewards')).toBeVisible();
  await expectNothingPrivate(page);
  await page.getByTestId('tab-vouchers').click();
  await expect(page.getByTestId('panel-vouchers')).not.toContainText('One moment');
  await expectNothingPrivate(page);
  // The account's details are on the customer's phone: the counter shows only a QR of the link.
  await page.getByTestId('manage-on-phone').click();
  await expect(page.getByTestId('me-link-qr')).toBeVisible();
  await expectNothingPrivate(page);
  await page.getByTestId('back-button').click();
  // No profile, cards, e-mail or activity at the counter.
  await expect(page.getByRole('tab')).toHaveCount(2);
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
  await expectNothingPrivate(page);
});
