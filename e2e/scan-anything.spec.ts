import type { Page } from '@playwright/test';
import { createSession, kioskUrl, publicApi, sessionEvents } from './support/api';
import { giftcardBalance, newCustomer, newGiftcard, uniqueId } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The scan-anything session (docs/v1-api.md): one scan screen, and whatever is scanned decides —
 * a card opens the customer's portal, a voucher its redemption, a gift card the choice of paying
 * with it or topping it up, a receipt code its credits, anything else "not recognised".
 */

async function openScanAnything(page: Page, settings: Record<string, unknown> = {}) {
  const session = await createSession('scan-anything', { scanner_type: 'hand_scanner', ...settings });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan-anything-scan')).toBeVisible();
  return session;
}

test('a loyalty card opens the customer portal', async ({ page }) => {
  const customer = await newCustomer({ credits: 40 });
  await openScanAnything(page);
  await screenshots(page, 'kiosk-scan-anything');
  await scanWithHandScanner(page, customer.card);
  await expect(page.getByTestId('panel-rewards')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toContainText('40');
});

test('a voucher opens its redemption, judged at the scan', async ({ page }) => {
  await openScanAnything(page);
  await scanWithHandScanner(page, 'MUFFIN-EXPIRED');
  await expect(page.getByTestId('screen-voucher-unusable')).toBeVisible();
  await expect(page.getByTestId('voucher-unusable')).toHaveAttribute('data-reason', 'expired');
});

test('a usable voucher asks who you are before it is used', async ({ page }) => {
  await openScanAnything(page);
  // Anna's MUFFIN-0001: no test redeems it (e2e/vouchers.spec.ts).
  await scanWithHandScanner(page, 'MUFFIN-0001');
  await expect(page.getByTestId('screen-voucher-confirm')).toBeVisible();
});

test('a gift card asks: pay with it or top it up; paying pays the session’s amount', async ({ page }) => {
  const card = await newGiftcard(3000);
  await openScanAnything(page, { amount_in_cents: 1200 });
  await scanWithHandScanner(page, card.hash);
  await expect(page.getByTestId('screen-giftcard-choice')).toBeVisible();
  await expect(page.getByTestId('choose-pay')).toContainText('12');
  await screenshots(page, 'kiosk-giftcard-choice');
  await page.getByTestId('choose-pay').click();
  await expect(page.getByTestId('pay-button')).toBeVisible();
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('screen-giftcard-paid')).toBeVisible();
  expect(await giftcardBalance(card.hash)).toBe(1800);
});

test('a gift card topped up instead: paid at the till, the balance rises', async ({ page }) => {
  // A digital card takes one top-up: a new one, empty.
  const card = await newGiftcard();
  await openScanAnything(page, { amount_in_cents: 1500 });
  await scanWithHandScanner(page, card.hash);
  await page.getByTestId('choose-top-up').click();
  await expect(page.getByTestId('screen-topup-confirm')).toBeVisible();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-topup-result')).toBeVisible();
  expect(await giftcardBalance(card.hash)).toBe(1500);
});

test('a receipt code asks who you are, then collects its credits, once', async ({ page }) => {
  const customer = await newCustomer();
  const receipt = await publicApi<string>('POST', '/api/v3/oauth/clients/loyalty-tokens', {
    version: 'v1',
    shop_id: 1,
    unique_id: `E2E-SCAN-${uniqueId()}`,
    credits: 12,
  });
  const session = await openScanAnything(page);
  await scanWithHandScanner(page, receipt);
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, customer.card);
  await expect(page.getByTestId('screen-receipt')).toBeVisible();
  await page.getByTestId('collect-receipt').click();
  await expect(page.getByTestId('screen-credit-result')).toBeVisible();
  await expect(page.getByTestId('credits-earned')).toContainText('+12');
  const events = await sessionEvents(session.uuid);
  expect(events.filter((e) => e.type === 'receipt_token_claimed')).toHaveLength(1);
});

test('anything else is not recognised, on the same screen', async ({ page }) => {
  await openScanAnything(page);
  await scanWithHandScanner(page, 'NOTHING-WE-KNOW-42');
  await expect(page.getByTestId('scan-not-recognised')).toHaveAttribute('data-kind', 'unknown');
  await expect(page.getByTestId('screen-scan-anything-scan')).toBeVisible();
});
