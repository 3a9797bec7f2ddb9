import type { Page } from '@playwright/test';
import { createSession, kioskUrl, publicApi } from './support/api';
import { giftcardBalance, newCustomer, newGiftcard } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The giftcard and prepaid sessions (docs/v1-api.md): the customer chooses to pay or to top up
 * first; the flow of that choice follows, and the other way is closed once money moved.
 */

async function open(page: Page, kind: 'giftcard' | 'prepaid', settings: Record<string, unknown>) {
  const session = await createSession(kind, { scanner_type: 'hand_scanner', ...settings });
  await page.goto(kioskUrl(session));
  return session;
}

async function prepaidBalance(uuid: string): Promise<number> {
  return (await publicApi<{ prepaid_balance: { balance_in_cents: number } }>('GET', `/contacts/${uuid}`))
    .prepaid_balance.balance_in_cents;
}

test('prepaid: pay chosen, then the card, then the confirmation', async ({ page }) => {
  const customer = await newCustomer({ prepaidCents: 2000 });
  await open(page, 'prepaid', { amount_in_cents: 500 });
  await expect(page.getByTestId('screen-prepaid-choice')).toBeVisible();
  await screenshots(page, 'kiosk-prepaid-choice');
  await page.getByTestId('choose-pay').click();
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, customer.card);
  await expect(page.getByTestId('screen-prepaid-confirm')).toBeVisible();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-prepaid-result')).toBeVisible();
  expect(await prepaidBalance(customer.uuid)).toBe(1500);
});

test('prepaid: top up chosen says it is paid at the till', async ({ page }) => {
  const customer = await newCustomer();
  await open(page, 'prepaid', { amount_in_cents: 700 });
  await page.getByTestId('choose-top-up').click();
  await scanWithHandScanner(page, customer.card);
  await expect(page.getByTestId('screen-prepaid-confirm')).toContainText(/till/i);
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-prepaid-result')).toBeVisible();
  expect(await prepaidBalance(customer.uuid)).toBe(700);
});

test('gift card: the choice, then the scan; after a reload the way taken stays', async ({ page }) => {
  const card = await newGiftcard(2500);
  await open(page, 'giftcard', { amount_in_cents: 1000 });
  await expect(page.getByTestId('screen-giftcard-choice')).toBeVisible();
  await page.getByTestId('choose-pay').click();
  await scanWithHandScanner(page, card.hash);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('screen-giftcard-paid')).toBeVisible();
  expect(await giftcardBalance(card.hash)).toBe(1500);
  await page.reload();
  await expect(page.getByTestId('screen-giftcard-paid')).toBeVisible();
  await expect(page.getByTestId('screen-giftcard-choice')).toHaveCount(0);
});
