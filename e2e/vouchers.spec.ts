import type { Page } from '@playwright/test';
import { createSession, kioskUrl, publicApi } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * Vouchers at the kiosk: the customer's active vouchers as cards, redeemed by a tap or by scanning
 * a voucher code, with every refusal explained. Fixture vouchers: anna (CARD-0001) holds
 * MUFFIN-0001, TWOFORONE-0001, MUFFIN-USED (redeemed), MUFFIN-EXPIRED; MUFFIN-FREE belongs to
 * nobody; dirk (CARD-0005) holds none. Both speak Dutch (their locale), so the screens do too.
 */

async function openVouchers(page: Page, card: string, settings: Record<string, unknown> = {}) {
  const session = await createSession('vouchers', { scanner_type: 'hand_scanner', ...settings });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, card);
  await expect(page.getByTestId('screen-vouchers')).toBeVisible();
  return session;
}

async function voucherStatus(code: string): Promise<string> {
  return (await publicApi<{ status: string }>('GET', `/vouchers/find?code=${encodeURIComponent(code)}`))
    .status;
}

test('tap a voucher, confirm: redeemed; Done completes', async ({ page }) => {
  await openVouchers(page, 'CARD-0001');
  await expect(page.getByTestId('voucher-MUFFIN-0001')).toContainText('Geldig tot 30 juni 2027');
  await expect(page.getByTestId('voucher-MUFFIN-USED')).toHaveCount(0);
  await screenshots(page, 'kiosk-vouchers');

  await page.getByTestId('voucher-TWOFORONE-0001').click();
  await expect(page.getByTestId('screen-voucher-confirm')).toContainText('Two for one');
  await screenshots(page, 'kiosk-voucher-confirm');
  await page.getByTestId('confirm-button').click();

  await expect(page.getByTestId('screen-voucher-redeemed')).toBeVisible();
  await expect(page.getByTestId('redeemed-voucher')).toHaveText('Two for one');
  await screenshots(page, 'kiosk-voucher-redeemed');
  expect(await voucherStatus('TWOFORONE-0001')).toBe('REDEEMED');

  await page.getByTestId('another-voucher').click();
  await expect(page.getByTestId('voucher-TWOFORONE-0001')).toHaveCount(0);
  await expect(page.getByTestId('voucher-MUFFIN-0001')).toBeVisible();
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('screen-cancelled')).toContainText('Wat u al had gedaan, blijft staan');
});

test('scan a voucher of nobody (MUFFIN-FREE) with the hand scanner: confirmed by its code, redeemed', async ({
  page,
}) => {
  await openVouchers(page, 'CARD-0005');
  await expect(page.getByTestId('empty-list')).toHaveText('U hebt op dit moment geen vouchers.');
  await page.getByTestId('scan-voucher').click();
  await expect(page.getByTestId('screen-voucher-scan')).toBeVisible();
  await screenshots(page, 'kiosk-voucher-scan');
  await scanWithHandScanner(page, 'MUFFIN-FREE');
  await expect(page.getByTestId('voucher-code')).toHaveText('Vouchercode MUFFIN-FREE');
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('redeemed-voucher')).toHaveText('Free muffin');
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
});

test('refusals in words: already redeemed (MUFFIN-USED), expired, someone else’s, unknown code', async ({
  page,
}) => {
  await openVouchers(page, 'CARD-0001', { enable_on_screen_keyboard: true });
  const error = page.getByTestId('action-error');
  const tryCode = async (code: string) => {
    await page.getByTestId('scan-voucher').click();
    await scanWithHandScanner(page, code);
    await page.getByTestId('confirm-button').click();
  };

  await tryCode('MUFFIN-USED');
  await expect(error).toHaveAttribute('data-error-code', '80005');
  await expect(error).toHaveText('Deze voucher is al gebruikt.');
  await screenshots(page, 'kiosk-voucher-refused');

  await page.getByTestId('back-button').click();
  await tryCode('MUFFIN-EXPIRED');
  await expect(error).toHaveAttribute('data-error-code', '80006');
  await expect(error).toHaveText('Deze voucher is verlopen.');

  await page.getByTestId('back-button').click();
  await tryCode('MUFFIN-0002');
  await expect(error).toHaveAttribute('data-error-code', '1003');
  await expect(error).toHaveText('Deze voucher is van iemand anders.');

  // Typed on the on-screen code keyboard.
  await page.getByTestId('back-button').click();
  await page.getByTestId('scan-voucher').click();
  await page.getByTestId('type-code').click();
  const keyboard = page.getByTestId('on-screen-keyboard');
  for (const key of 'NOPE-1') await keyboard.locator(`[data-skbtn="${key}"]`).click();
  await screenshots(page, 'kiosk-voucher-code');
  await page.getByTestId('code-submit').click();
  await page.getByTestId('confirm-button').click();
  await expect(error).toHaveAttribute('data-error-code', '80004');
  await expect(error).toContainText('We herkennen deze vouchercode niet');
  expect(await voucherStatus('MUFFIN-0002')).toBe('ACTIVE');
});
