import { baseUrl, createSession, kioskAt } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

// The Utrecht shop: no other spec creates sessions there, so its standby screen is ours alone.
const UTRECHT = { shop: 'a0000000-0000-4000-8000-000000000002', device: 'demo-device-utrecht' };
// Both tests use that one screen: one after the other.
test.describe.configure({ mode: 'serial' });

test('a standby screen switches to a new session of its shop, and back when it is completed', async ({
  page,
}) => {
  await page.goto(kioskAt(`?device=${UTRECHT.device}`));
  const standby = page.getByTestId('screen-standby');
  await expect(standby).toBeVisible();
  await expect(standby).toContainText('Demo Coffee Utrecht');
  await screenshots(page, 'standby');

  await createSession('', { shop_uuid: UTRECHT.shop, scanner_type: 'hand_scanner' });
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-0005');
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
  await screenshots(page, 'completed');
  // Back to the welcome screen after the end screen (8 s by default).
  await expect(standby).toBeVisible({ timeout: 15_000 });
});

test('when the session on screen ends while an older one is still open, its end screen shows first, then the older one', async ({
  page,
}) => {
  await page.goto(kioskAt(`?device=${UTRECHT.device}`));
  await expect(page.getByTestId('screen-standby')).toBeVisible();
  const older = await createSession('vouchers', { shop_uuid: UTRECHT.shop, scanner_type: 'hand_scanner' });
  await expect(page.getByRole('heading', { name: 'Scan your card' })).toBeVisible();
  await createSession('', {
    shop_uuid: UTRECHT.shop,
    scanner_type: 'hand_scanner',
    enable_email_identification: true,
    primary_identification_method: 'email',
  });
  // The newer session replaces the open one on screen.
  await expect(page.getByTestId('screen-email')).toBeVisible();

  await page.getByTestId('cancel-button').click();
  // The device now names the older session, still open: the end screen is seen first all the same.
  await expect(page.getByTestId('screen-cancelled')).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('screen-cancelled')).toBeVisible();
  // After the end screen (8 s by default): the older session.
  await expect(page.getByTestId('screen-scan')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).search).toBe(`?device=${UTRECHT.device}`);

  // Leave the shop without an open session for the next test.
  const cancelled = await fetch(`${baseUrl()}/portal/api/sessions/${older.uuid}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-${older.uuid}` },
    body: '{}',
  });
  expect(cancelled.status).toBe(200);
  await expect(page.getByTestId('screen-cancelled')).toBeVisible();
});
