import type { Page } from '@playwright/test';
import { createSession, kioskUrl, sessionEvents } from './support/api';
import { giftcardBalance, newGiftcard } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The connection lost mid-flow in a real browser: the tablet's network off (context.setOffline)
 * while a payment is under way, against the real service. The customer sees within 2 s that the
 * connection is lost and that their progress is kept; the payment goes through by itself once it
 * is back, never twice; Cancel waits for the payment's outcome. (How long the kiosk keeps trying,
 * with which key, and the cases around it: test/kiosk/app-connection-lost.test.tsx, on a fake
 * clock.) Every test pays with gift cards of its own.
 */

const euro = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

async function openPayment(page: Page, amountInCents: number) {
  const session = await createSession('redeem-giftcards', {
    scanner_type: 'hand_scanner',
    amount_in_cents: amountInCents,
  });
  await page.goto(kioskUrl(session));
  return session;
}

async function scanCard(page: Page, hash: string) {
  await expect(page.getByTestId('screen-giftcard-scan')).toBeVisible();
  await scanWithHandScanner(page, hash);
  await expect(page.getByTestId('screen-giftcard-card')).toBeVisible();
}

/** The network goes; within 2 s the screen says so, and that what was done is kept. */
async function goOffline(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-notice')).toContainText('what you have done is kept', {
    timeout: 2000,
  });
}

test('a loss mid-payment: "connection lost" within 2 s, then the payment goes through by itself, once', async ({
  page,
}) => {
  const card = await newGiftcard(2000);
  const session = await openPayment(page, 1200);
  await scanCard(page, card.hash);
  await goOffline(page);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('pay-button')).toHaveText('Paying…');
  await screenshots(page, 'kiosk-offline-paying');
  expect(await giftcardBalance(card.hash)).toBe(2000);

  await page.context().setOffline(false);
  await expect(page.getByTestId('screen-giftcard-paid')).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await expect(page.getByTestId('giftcard-paid')).toContainText(euro(1200));
  expect(await giftcardBalance(card.hash)).toBe(800);
  const charges = (await sessionEvents(session.uuid)).filter((e) => e.type === 'giftcard_transaction');
  expect(charges).toHaveLength(1);
});

test('network off mid-payment, then Cancel: it waits for the payment, nothing is charged, "Cancelled" shows', async ({
  page,
}) => {
  const card = await newGiftcard(2000);
  const session = await openPayment(page, 1200);
  await scanCard(page, card.hash);
  await goOffline(page);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('pay-button')).toHaveText('Paying…');
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('cancel-button')).toHaveText('One moment…');
  await screenshots(page, 'kiosk-offline-cancelling');

  await page.context().setOffline(false);
  const cancelled = page.getByTestId('screen-cancelled');
  await expect(cancelled).toBeVisible();
  await expect(cancelled).toContainText('Nothing was changed');
  expect(await giftcardBalance(card.hash)).toBe(2000);
  const types = (await sessionEvents(session.uuid)).map((e) => e.type);
  expect(types).toContain('session_cancelled');
  expect(types).not.toContain('giftcard_transaction');
});

test('the payment reached the service but its answer was lost, then Cancel offline: the charge is shown', async ({
  page,
}) => {
  const card = await newGiftcard(2000);
  const session = await openPayment(page, 1200);
  await scanCard(page, card.hash);
  // The request leaves, the network goes, the charge is made: neither its answer nor the session
  // stream's news of it reach the tablet. (The network goes first: cut after the charge, the stream
  // could bring the news before the cut, and the screen would rightly show "All paid", no Cancel.
  // The test's own fetch passes while offline; the tries after it fail as they would.)
  let offline = false;
  await page.route('**/giftcards/redeem', async (route) => {
    if (offline) return route.abort('internetdisconnected');
    offline = true;
    await page.context().setOffline(true);
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('offline-notice')).toBeVisible({ timeout: 2000 });
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('cancel-button')).toHaveText('One moment…');

  offline = false;
  await page.context().setOffline(false);
  const cancelled = page.getByTestId('screen-cancelled');
  await expect(cancelled).toBeVisible();
  await expect(page.getByTestId('paid-summary')).toHaveText(`Paid ${euro(1200)} with gift cards.`);
  await screenshots(page, 'kiosk-cancelled-after-charge');
  expect(await giftcardBalance(card.hash)).toBe(800);
  const types = (await sessionEvents(session.uuid)).map((e) => e.type);
  expect(types.filter((t) => t === 'giftcard_transaction')).toHaveLength(1);
  expect(types.at(-1)).toBe('session_cancelled');
});
