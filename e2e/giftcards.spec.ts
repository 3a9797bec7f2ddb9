import type { Page } from '@playwright/test';
import { createSession, DEMO, kioskUrl, publicApi } from './support/api';
import { type Giftcard, giftcardBalance, newGiftcard } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';
import { expectPortraitUsesHeight } from './support/layout';

/*
 * Gift cards at the kiosk: paying a session's amount with one or more cards, and topping a card
 * up. Tests that charge or fill a card use cards of their own (fresh digital cards through the
 * public API); fixture cards are only read: GC-0003 (empty), GC-EXP-0001 (expired), GC-D-0001
 * (digital, had its one top-up) — except GC-0006 (€ 490 of the program's € 500, physical, which the
 * API cannot make), which one test alone tops up.
 */

const euro = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const balanceOf = giftcardBalance;

/** A giftcard transaction through the public API, as the POS does (the shop's register key). */
function topUpByApi(uuid: string, cents: number) {
  return publicApi(
    'POST',
    '/giftcard-transactions',
    { giftcard_uuid: uuid, amount_in_cents: cents },
    { token: DEMO.registerKey },
  );
}

async function scanCard(page: Page, hash: string) {
  await expect(page.getByTestId('screen-giftcard-scan')).toBeVisible();
  await scanWithHandScanner(page, hash);
  await expect(
    page
      .getByTestId('screen-giftcard-card')
      .or(page.getByTestId('screen-topup-amount'))
      .or(page.getByTestId('screen-topup-unavailable')),
  ).toBeVisible();
}

test.describe('redeem gift cards', () => {
  test('two cards pay one amount: the first pays € 25, the second the rest of € 30; a reload keeps the progress', async ({
    page,
  }) => {
    const first = await newGiftcard(2500);
    const second = await newGiftcard(10_000);
    const session = await createSession('redeem-giftcards', {
      scanner_type: 'hand_scanner',
      amount_in_cents: 3000,
    });
    await page.goto(kioskUrl(session));
    await expect(page.getByTestId('amount-due')).toContainText(euro(3000));
    await screenshots(page, 'kiosk-giftcard-scan');

    await scanCard(page, first.hash);
    await expect(page.getByTestId('giftcard-balance')).toContainText(euro(2500));
    await expect(page.getByTestId('giftcard-after')).toContainText(euro(500));
    await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${euro(2500)} with this card`);
    await screenshots(page, 'kiosk-giftcard-card');
    await page.getByTestId('pay-button').click();

    const paid = page.getByTestId('screen-giftcard-paid');
    await expect(paid).toBeVisible();
    await expect(page.getByTestId('giftcard-paid')).toContainText(euro(2500));
    await expect(page.getByTestId('giftcard-remaining')).toContainText(euro(500));
    // Money still due: said in the heading, emphasised, and no success look.
    await expect(page.getByRole('heading', { name: `${euro(500)} still to pay` })).toBeVisible();
    await expect(page.getByTestId('giftcard-remaining')).toHaveClass(/ui-result-hero/);
    await expect(paid.getByTestId('result')).toHaveClass(/ui-result-due/);
    await expect(paid).not.toHaveClass(/screen-success/);
    await expect(paid.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByTestId('giftcard-payments')).toContainText(`Card ending ${first.hash.slice(-4)}`);
    // The card's balance counts down to what is left on it: shot at the end, not halfway.
    await expect(page.getByTestId('giftcard-payments')).toContainText(`${euro(0)} left on the card`);
    await screenshots(page, 'kiosk-giftcard-paid');

    await page.reload();
    await expect(paid).toBeVisible();
    await expect(page.getByTestId('giftcard-remaining')).toContainText(euro(500));

    await page.getByTestId('another-card').click();
    await expect(page.getByRole('heading', { name: 'Scan another gift card' })).toBeVisible();
    await expect(page.getByTestId('giftcard-remaining')).toContainText(euro(500));
    await scanCard(page, second.hash);
    await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${euro(500)} with this card`);
    await page.getByTestId('pay-button').click();
    await expect(page.getByRole('heading', { name: 'All paid — thank you!' })).toBeVisible();
    // Nothing due: no "Still to pay € 0.00"; what was paid is the hero.
    await expect(page.getByTestId('giftcard-remaining')).toHaveCount(0);
    await expect(page.getByTestId('giftcard-paid')).toHaveClass(/ui-result-hero/);
    await expect(paid).toHaveClass(/screen-success/);
    await expect(page.getByTestId('another-card')).toHaveCount(0);
    await screenshots(page, 'kiosk-giftcard-paid-full');

    await page.getByTestId('done-button').click();
    await expect(page.getByTestId('screen-completed')).toBeVisible();
    await expect(page.getByTestId('paid-summary')).toHaveText(`Paid ${euro(3000)} with gift cards.`);
    await expect(page.getByTestId('remaining-summary')).toHaveCount(0);
    expect(await balanceOf(first.hash)).toBe(0);
    expect(await balanceOf(second.hash)).toBe(9500);
  });

  test('an expired card (GC-EXP-0001) and an empty card (GC-0003) are explained; nothing is charged', async ({
    page,
  }) => {
    const session = await createSession('redeem-giftcards', {
      scanner_type: 'hand_scanner',
      amount_in_cents: 1000,
    });
    await page.goto(kioskUrl(session));
    await scanCard(page, 'GC-EXP-0001');
    await expect(page.getByTestId('giftcard-problem')).toHaveAttribute('data-problem', 'expired');
    await expect(page.getByRole('heading', { name: 'This gift card has expired' })).toBeVisible();
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    await screenshots(page, 'kiosk-giftcard-expired');

    await page.getByTestId('other-card').click();
    await scanCard(page, 'GC-0003');
    await expect(page.getByTestId('giftcard-problem')).toHaveAttribute('data-problem', 'empty');
    await expect(page.getByRole('heading', { name: 'This gift card is empty' })).toBeVisible();
    await screenshots(page, 'kiosk-giftcard-empty');

    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('screen-cancelled')).toContainText('Nothing was changed');
    expect(await balanceOf('GC-EXP-0001')).toBe(1000);
  });

  test('the hand scanner reads the next card on the empty-card and the part-paid screens, with no tap', async ({
    page,
  }) => {
    const first = await newGiftcard(1500);
    const second = await newGiftcard(10_000);
    const session = await createSession('redeem-giftcards', {
      scanner_type: 'hand_scanner',
      amount_in_cents: 3000,
      allow_multiple_giftcards: true,
    });
    await page.goto(kioskUrl(session));
    await expectPortraitUsesHeight(page);
    await scanCard(page, 'GC-0003');
    await expect(page.getByRole('heading', { name: 'This gift card is empty' })).toBeVisible();
    // Scanned on the empty card's screen: read at once.
    await scanWithHandScanner(page, first.hash);
    await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${euro(1500)} with this card`);
    await expectPortraitUsesHeight(page);
    await page.getByTestId('pay-button').click();
    await expect(page.getByRole('heading', { name: `${euro(1500)} still to pay` })).toBeVisible();
    await expectPortraitUsesHeight(page);
    // Scanned on the part-paid screen: read at once.
    await scanWithHandScanner(page, second.hash);
    await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${euro(1500)} with this card`);
    await page.getByTestId('pay-button').click();
    await expect(page.getByRole('heading', { name: 'All paid — thank you!' })).toBeVisible();
    expect(await balanceOf(second.hash)).toBe(8500);
  });

  test('an unknown code typed on the on-screen keyboard is explained; one card only leaves the rest for the till', async ({
    page,
  }) => {
    const card = await newGiftcard(1000);
    const session = await createSession('redeem-giftcards', {
      scanner_type: 'hand_scanner',
      amount_in_cents: 3000,
      allow_multiple_giftcards: false,
      enable_on_screen_keyboard: true,
    });
    await page.goto(kioskUrl(session));
    await page.getByTestId('type-code').click();
    const keyboard = page.getByTestId('on-screen-keyboard');
    for (const key of 'GC-404') await keyboard.locator(`[data-skbtn="${key}"]`).click();
    await expect(page.getByTestId('code-input')).toHaveValue('GC-404');
    await screenshots(page, 'kiosk-giftcard-code');
    await page.getByTestId('code-submit').click();
    await expect(page.getByTestId('action-error')).toHaveAttribute('data-error-code', '5001');
    await expect(page.getByTestId('action-error')).toContainText("We don't recognise this gift card");

    await page.getByTestId('code-input').fill(card.hash);
    await page.getByTestId('code-submit').click();
    await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${euro(1000)} with this card`);
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('screen-giftcard-paid')).toBeVisible();
    await expect(page.getByTestId('another-card')).toHaveCount(0);
    await expect(page.getByTestId('pay-rest-at-till')).toHaveText(
      `Please pay the remaining ${euro(2000)} at the till.`,
    );
    await page.getByTestId('done-button').click();
    await expect(page.getByTestId('remaining-summary')).toHaveText(
      `Please pay the remaining ${euro(2000)} at the till.`,
    );
    await screenshots(page, 'kiosk-giftcard-completed');
    expect(await balanceOf(card.hash)).toBe(0);
  });
});

test.describe('top up gift cards', () => {
  test('scan, type € 12.50 on the keypad, confirm: the new balance', async ({ page }) => {
    const card = await newGiftcard();
    const session = await createSession('top-up-giftcards', { scanner_type: 'hand_scanner' });
    await page.goto(kioskUrl(session));
    await expect(page.getByRole('heading', { name: 'Scan the gift card to top up' })).toBeVisible();
    await scanCard(page, card.hash);
    await expect(page.getByTestId('screen-topup-amount')).toBeVisible();
    for (const key of ['1', '2', 'decimal', '5']) await page.getByTestId(`keypad-${key}`).click();
    await expect(page.getByTestId('keypad-amount')).toHaveText(euro(1250));
    await screenshots(page, 'kiosk-topup-amount');
    await page.getByTestId('amount-continue').click();

    await expect(page.getByTestId('screen-topup-confirm')).toBeVisible();
    await expect(page.getByTestId('topup-balance-after')).toContainText(euro(1250));
    await screenshots(page, 'kiosk-topup-confirm');
    await page.getByTestId('confirm-button').click();

    await expect(page.getByTestId('screen-topup-result')).toBeVisible();
    await expect(page.getByTestId('giftcard-new-balance')).toContainText(euro(1250));
    await screenshots(page, 'kiosk-topup-result');
    expect(await balanceOf(card.hash)).toBe(1250);
    await page.getByTestId('done-button').click();
    await expect(page.getByTestId('screen-completed')).toBeVisible();
  });

  test('over the maximum: GC-0006 (€ 490 of € 500) takes € 10 at most; € 20 is refused, and 5008 is explained', async ({
    page,
  }) => {
    const session = await createSession('top-up-giftcards', { scanner_type: 'hand_scanner' });
    await page.goto(kioskUrl(session));
    await scanCard(page, 'GC-0006');
    await expect(page.getByTestId('topup-max')).toContainText(euro(1000));
    await expect(page.getByTestId('preset-2500')).toHaveCount(0);
    await expect(page.getByTestId('preset-5000')).toHaveCount(0);
    // 2 is € 2.00; 2, 0 (€ 20.00) goes over and is refused.
    for (const key of ['2', '0']) await page.getByTestId(`keypad-${key}`).click();
    await expect(page.getByTestId('keypad-amount')).toHaveText(euro(200));
    await expect(page.getByTestId('keypad-min')).toHaveText(`From ${euro(100)} to ${euro(1000)}.`);
    await expect(page.getByTestId('keypad-min')).toHaveAttribute('data-refused', 'true');
    await screenshots(page, 'kiosk-topup-over-max');

    await page.getByTestId('preset-1000').click();
    await expect(page.getByTestId('screen-topup-confirm')).toBeVisible();
    // Meanwhile the till adds € 1: € 10 more would now go over the program's maximum.
    const gc0006 = await publicApi<Giftcard>('GET', '/giftcards/find-one-by?hash=GC-0006');
    await topUpByApi(gc0006.uuid, 100);
    await page.getByTestId('confirm-button').click();
    await expect(page.getByTestId('action-error')).toHaveAttribute('data-error-code', '5008');
    await expect(page.getByTestId('action-error')).toContainText('more than this gift card can hold');
    await screenshots(page, 'kiosk-topup-refused');
    expect(await balanceOf('GC-0006')).toBe(49_100);
  });

  test('a digital card that had its top-up (GC-D-0001) is explained before any amount; 5006 in words', async ({
    page,
  }) => {
    const session = await createSession('top-up-giftcards', { scanner_type: 'hand_scanner' });
    await page.goto(kioskUrl(session));
    await scanCard(page, 'GC-D-0001');
    await expect(page.getByTestId('topup-problem')).toHaveAttribute('data-problem', 'digital_used');
    await expect(page.getByTestId('amount-keypad')).toHaveCount(0);
    await screenshots(page, 'kiosk-topup-digital-used');

    // A fresh digital card topped up at the till while the customer confirms: refused with 5006.
    const card = await newGiftcard();
    await page.getByTestId('other-card').click();
    await scanCard(page, card.hash);
    await page.getByTestId('preset-2500').click();
    await topUpByApi(card.uuid, 500);
    await page.getByTestId('confirm-button').click();
    await expect(page.getByTestId('action-error')).toHaveAttribute('data-error-code', '5006');
    await expect(page.getByTestId('action-error')).toContainText('can be topped up only once');
    expect(await balanceOf(card.hash)).toBe(500);
  });
});
