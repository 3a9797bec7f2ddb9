import { createSession, creditBalance, kioskUrl, pushPosTransaction } from './support/api';
import { newCustomer } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';
import { expectPortraitUsesHeight } from './support/layout';

/*
 * Credit receptions at the Amsterdam counter. A push goes to the shop's newest open
 * credit-reception session, so these tests run one after the other, and no other spec opens
 * credit-reception sessions at this shop.
 */
test.describe.configure({ mode: 'serial' });

test('a POS push credits the identified customer live: +credits and the new balance', async ({ page }) => {
  const before = await creditBalance('dirk@example.com');
  const session = await createSession('credit-reception', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-0005');

  await expect(page.getByTestId('screen-waiting')).toBeVisible();
  // The scan found Dirk: he is greeted by name (in his language).
  await expect(
    page.getByRole('heading', { name: 'Hallo Dirk! De kassamedewerker rekent je aankoop af' }),
  ).toBeVisible();
  await screenshots(page, 'credit-waiting');

  await pushPosTransaction(1250);
  const result = page.getByTestId('screen-credit-result');
  await expect(result).toBeVisible();
  const after = await creditBalance('dirk@example.com');
  expect(after).toBeGreaterThan(before);
  // Whole points, as the demo account shows its credits.
  const nl = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });
  await expect(page.getByTestId('credits-earned')).toContainText(`+${nl.format(Math.floor(after - before))}`);
  await expect(result.getByTestId('credit-balance')).toContainText(nl.format(Math.floor(after)));
  await expect(result.getByTestId('credit-purchase')).toContainText('€ 12,50');
  // 900 credits and more: no reward is left to save for.
  await expect(result.getByTestId('credit-next-reward')).toHaveCount(0);
  await screenshots(page, 'credit-result');
});

test('the credit result says what the purchase was and how far the next reward is', async ({ page }) => {
  const customer = await newCustomer();
  const session = await createSession('credit-reception', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await scanWithHandScanner(page, customer.card);
  // No name known: a greeting without one.
  await expect(page.getByRole('heading', { name: 'The cashier is ringing up your purchase' })).toBeVisible();
  await pushPosTransaction(1250);
  const result = page.getByTestId('screen-credit-result');
  await expect(result.getByTestId('credits-earned')).toContainText('+12');
  await expect(result.getByTestId('credit-purchase')).toContainText('€12.50');
  // "10% off your next order" takes 30 credits: 18 to go.
  await expect(result.getByTestId('credit-next-reward')).toHaveText(
    'Only 18 points to go to 10% off your next order.',
  );
  // The bar towards it; no threshold crossed, so no unlock line.
  await expect(result.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
  await expect(result.getByTestId('result-unlock')).toHaveCount(0);
  await expect(result.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expectPortraitUsesHeight(page);
  await screenshots(page, 'credit-result-next-reward');
});

test('credits past a reward: the unlock line names it, the bar shows the next one', async ({ page }) => {
  const customer = await newCustomer();
  const session = await createSession('credit-reception', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await expectPortraitUsesHeight(page);
  await scanWithHandScanner(page, customer.card);
  await expect(page.getByTestId('screen-waiting')).toBeVisible();
  // 55 credits: past "10% off your next order" (30) and "Free coffee" (50); the dearest is named.
  await pushPosTransaction(5500);
  const result = page.getByTestId('screen-credit-result');
  await expect(result.getByTestId('result-unlock')).toHaveText('You can now claim Free coffee');
  await expect(result.getByTestId('credit-next-reward')).toHaveText(
    'Only 345 points to go to Coffee beans 1 kg.',
  );
  await expect(result.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '400');
  await expect(result.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expectPortraitUsesHeight(page);
  await screenshots(page, 'credit-result-unlocked');
});
