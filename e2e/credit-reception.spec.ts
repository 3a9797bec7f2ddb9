import { createSession, creditBalance, kioskUrl, pushPosTransaction } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, expectAccessible, screenshots, test } from './support/kiosk-test';

test('a POS push credits the identified customer live: +credits and the new balance', async ({ page }) => {
  const before = await creditBalance('dirk@example.com');
  const session = await createSession('credit-reception', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-0005');

  await expect(page.getByTestId('screen-waiting')).toBeVisible();
  await screenshots(page, 'credit-waiting');
  await expectAccessible(page);

  await pushPosTransaction(1250);
  const result = page.getByTestId('screen-credit-result');
  await expect(result).toBeVisible();
  const after = await creditBalance('dirk@example.com');
  expect(after).toBeGreaterThan(before);
  const nl = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
  await expect(page.getByTestId('credits-earned')).toContainText(`+${nl.format(after - before)}`);
  await expect(result.getByTestId('credit-balance')).toContainText(nl.format(after));
  await screenshots(page, 'credit-result');
  await expectAccessible(page);
});
