import type { Page } from '@playwright/test';
import { createSession, kioskUrl, publicApi, sessionEvents } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * Vouchers at the kiosk: the customer's active vouchers as cards, redeemed by a tap or by scanning
 * a voucher code, with every refusal explained; one that cannot be used is said so at the scan.
 * Fixture vouchers: anna (CARD-0001) holds MUFFIN-0001, TWOFORONE-0001, MUFFIN-USED (redeemed),
 * MUFFIN-EXPIRED (no test redeems MUFFIN-0001); ben holds MUFFIN-0002; MUFFIN-FREE belongs to
 * nobody (one test redeems it); dirk (CARD-0005) holds none. Anna and Dirk speak Dutch (their
 * locale), so the screens do too.
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
  await expect(page.getByTestId('screen-voucher-confirm')).toContainText('Twee voor één');
  await screenshots(page, 'kiosk-voucher-confirm');
  await page.getByTestId('confirm-button').click();

  await expect(page.getByTestId('screen-voucher-redeemed')).toBeVisible();
  await expect(page.getByTestId('redeemed-voucher')).toHaveText('Twee voor één');
  await screenshots(page, 'kiosk-voucher-redeemed');
  expect(await voucherStatus('TWOFORONE-0001')).toBe('REDEEMED');

  await page.getByTestId('another-voucher').click();
  await expect(page.getByTestId('voucher-TWOFORONE-0001')).toHaveCount(0);
  await expect(page.getByTestId('voucher-MUFFIN-0001')).toBeVisible();
  // A voucher was used: "I'm done" completes the session.
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
});

test('scan a voucher of nobody (MUFFIN-FREE) with the hand scanner: looked up, confirmed, redeemed', async ({
  page,
}) => {
  await openVouchers(page, 'CARD-0005');
  await expect(page.getByTestId('empty-list')).toHaveText('Je hebt op dit moment geen vouchers.');
  await page.getByTestId('scan-voucher').click();
  await expect(page.getByTestId('screen-voucher-scan')).toBeVisible();
  await screenshots(page, 'kiosk-voucher-scan');
  await scanWithHandScanner(page, 'MUFFIN-FREE');
  await expect(page.getByTestId('screen-voucher-confirm')).toContainText('Gratis muffin');
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('redeemed-voucher')).toHaveText('Gratis muffin');
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
});

test('refusals in words: already redeemed (MUFFIN-USED) and expired at the scan, someone else’s, unknown code', async ({
  page,
}) => {
  const session = await openVouchers(page, 'CARD-0005', { enable_on_screen_keyboard: true });
  const error = page.getByTestId('action-error');
  const unusable = page.getByTestId('voucher-unusable');
  const scanCode = async (code: string) => {
    await page.getByTestId('scan-voucher').click();
    await scanWithHandScanner(page, code);
  };

  // Judged at the scan: said with its date on the first screen, never offered.
  await scanCode('MUFFIN-USED');
  await expect(unusable).toHaveAttribute('data-reason', 'redeemed');
  await expect(unusable).toHaveText(/^Hij is al gebruikt op \d+ \w+ \d{4}\.$/);
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);
  await screenshots(page, 'kiosk-voucher-refused');

  await page.getByTestId('back-button').click();
  await scanCode('MUFFIN-EXPIRED');
  await expect(unusable).toHaveAttribute('data-reason', 'expired');
  await expect(unusable).toHaveText('Hij is verlopen op 31 januari 2025.');
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);

  // Someone else's (Anna's): said when it would be used, without accusing anyone.
  await page.getByTestId('back-button').click();
  await scanCode('MUFFIN-0001');
  await page.getByTestId('confirm-button').click();
  await expect(error).toHaveAttribute('data-error-code', '1003');
  await expect(error).toHaveAttribute('data-error-reason', 'voucher_someone_else');
  await expect(error).toHaveText('Deze voucher is aan een ander account gekoppeld.');

  // Typed on the on-screen code keyboard.
  await page.getByTestId('back-button').click();
  await page.getByTestId('scan-voucher').click();
  await page.getByTestId('type-code').click();
  const keyboard = page.getByTestId('on-screen-keyboard');
  for (const key of 'NOPE-1') await keyboard.locator(`[data-skbtn="${key}"]`).click();
  await screenshots(page, 'kiosk-voucher-code');
  await page.getByTestId('code-submit').click();
  // Looked up first: an unknown code never reaches the confirmation.
  const other = page.getByTestId('voucher-other-code');
  await expect(other).toHaveAttribute('data-kind', 'unknown');
  await expect(other).toHaveText('We herkennen deze code niet. Controleer hem en probeer het opnieuw.');
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);
  // Nothing was redeemed in this session (Anna's MUFFIN-0001 stays hers).
  expect((await sessionEvents(session.uuid)).map((e) => e.type)).toEqual(['contact_identified']);
});

test('a voucher code (MUFFIN-0001) scanned with the hand scanner on the first screen opens that voucher, then identification, then its confirmation', async ({
  page,
}) => {
  const session = await createSession('vouchers', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'MUFFIN-0001');
  const confirm = page.getByTestId('screen-voucher-confirm');
  await expect(confirm).toContainText('Free muffin');
  await expect(page.getByTestId('screen-registration')).toHaveCount(0);
  await screenshots(page, 'kiosk-voucher-scanned-first');

  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-0005');
  // Dirk is identified (in Dutch): the voucher's confirmation comes back, now to redeem.
  await expect(confirm).toContainText('Gratis muffin');
  await expect(page.getByTestId('confirm-button')).toHaveText('Nu gebruiken');
  // A confirmation has one way back and no Cancel; from there, "I'm done" (Ik ben klaar).
  await expect(page.getByTestId('cancel-button')).toHaveCount(0);
  await page.getByTestId('back-button').click();
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('screen-cancelled')).toBeVisible();
});

test.describe('a voucher code in front of the camera', () => {
  test.use({ camera: 'voucher' });

  test('on a vouchers session opens that voucher (MUFFIN-0001)', async ({ page }) => {
    const session = await createSession('vouchers', { scanner_type: 'camera', camera_service: 3 });
    await page.goto(kioskUrl(session));
    await expect(page.getByTestId('screen-voucher-confirm')).toContainText('Free muffin', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('confirm-button')).toHaveText('Continue');
  });
});
