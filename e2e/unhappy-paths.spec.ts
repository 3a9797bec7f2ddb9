import type { Page } from '@playwright/test';
import { createSession, kioskAt, kioskUrl } from './support/api';
import { newUnlinkedCard } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

async function scan(page: Page, value: string) {
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, value);
}

test('an unlinked card of the account without registration explains and offers a way back', async ({
  page,
}) => {
  const card = await newUnlinkedCard();
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await scan(page, card);
  await expect(page.getByTestId('screen-card-not-linked')).toBeVisible();
  await expect(page.getByText('Ask the cashier')).toBeVisible();
  await screenshots(page, 'card-not-linked');
});

test('a code the account does not know is not taken for a card: "we don’t recognise this code", even with registration', async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner', enable_registration: true });
  await page.goto(kioskUrl(session));
  await scan(page, 'CARD-XXXX');
  const notice = page.getByTestId('scan-other-code');
  await expect(notice).toHaveAttribute('data-kind', 'unknown');
  await expect(notice).toHaveText(
    'We don’t recognise this code. Scan your loyalty card or the code in your app.',
  );
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await expect(page.getByTestId('screen-registration')).toHaveCount(0);
  await screenshots(page, 'kiosk-scan-unknown-code');
  // The next scan starts afresh: a card of the account identifies.
  await scanWithHandScanner(page, 'CARD-0002');
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
});

test('a gift card scanned on an identify session says it is a gift card', async ({ page }) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await scan(page, 'GC-0001');
  const notice = page.getByTestId('scan-other-code');
  await expect(notice).toHaveAttribute('data-kind', 'giftcard');
  await expect(notice).toHaveText(
    'This is a gift card. To identify yourself, scan your loyalty card or the code in your app.',
  );
  await screenshots(page, 'kiosk-scan-giftcard-code');
});

test('an inactive card (CARD-0004) is refused with a friendly message', async ({ page }) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await scan(page, 'CARD-0004');
  const error = page.getByTestId('action-error');
  await expect(error).toContainText('no longer active');
  await expect(error).toHaveAttribute('data-error-code', '60004');
  await screenshots(page, 'card-inactive');
});

test('an unknown session link shows its own screen', async ({ page }) => {
  await page.goto(kioskAt('?uuid=00000000-0000-4000-8000-00000000dead'));
  await expect(page.getByTestId('screen-unknown-session')).toBeVisible();
  await screenshots(page, 'unknown-session');
});

test('a network failure during identification says the connection is lost, then identifies by itself', async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  // The connection drops for every identify request until it is back.
  let offline = true;
  let aborted = 0;
  await page.route('**/portal/api/sessions/*/identify', async (route) => {
    if (!offline) return route.continue();
    aborted++;
    return route.abort('internetdisconnected');
  });
  await page.goto(kioskUrl(session));
  await scan(page, 'CARD-0002');
  await expect(page.getByTestId('offline-notice')).toContainText('No connection right now');
  await expect(page.getByText('Checking your card…')).toBeVisible();
  expect(aborted).toBeGreaterThan(0);
  await screenshots(page, 'network-error');
  offline = false;
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ben');
  await expect(page.getByTestId('offline-notice')).toBeHidden();
});

test.describe('camera denied', () => {
  test.use({ camera: 'denied' });

  test('falls back to the hand scanner with a message', async ({ page }) => {
    const session = await createSession('', { scanner_type: 'camera', enable_email_identification: true });
    await page.goto(kioskUrl(session));
    await expect(page.getByTestId('camera-unavailable')).toContainText('Camera not available');
    await screenshots(page, 'camera-denied');
    await scan(page, 'CARD-0002');
    await expect(page.getByTestId('screen-welcome')).toBeVisible();
  });
});

test.describe('no camera', () => {
  test.use({ camera: 'absent' });

  test('falls back to the hand scanner with a message', async ({ page }) => {
    const session = await createSession('', { scanner_type: 'camera' });
    await page.goto(kioskUrl(session));
    await expect(page.getByTestId('camera-unavailable')).toContainText('scan with the hand scanner');
    await expect(page.getByTestId('camera')).toHaveCount(0);
  });
});
