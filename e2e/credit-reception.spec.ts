import { createSession, creditBalance, kioskUrl, pushPosTransaction } from './support/api';
import { newCustomer } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

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
    page.getByRole('heading', { name: 'Hallo Dirk! De kassamedewerker rekent uw aankoop af' }),
  ).toBeVisible();
  await screenshots(page, 'credit-waiting');

  await pushPosTransaction(1250);
  const result = page.getByTestId('screen-credit-result');
  await expect(result).toBeVisible();
  const after = await creditBalance('dirk@example.com');
  expect(after).toBeGreaterThan(before);
  const nl = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
  await expect(page.getByTestId('credits-earned')).toContainText(`+${nl.format(after - before)}`);
  await expect(result.getByTestId('credit-balance')).toContainText(nl.format(after));
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
    'Only 18 credits to go to 10% off your next order.',
  );
  await screenshots(page, 'credit-result-next-reward');
});
