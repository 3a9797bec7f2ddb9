import type { Page } from '@playwright/test';
import { createSession, DEMO, kioskUrl, publicApi } from './support/api';
import { expect, screenshots, test } from './support/kiosk-test';
import { expectPortraitUsesHeight } from './support/layout';

/*
 * Prepaid at the kiosk: pay from and top up the customer's prepaid balance. Each test has a
 * customer of its own (created through the public API with the balance it needs), so balances
 * never depend on another test: identified by e-mail for a top-up, chosen by the POS for a payment
 * (an e-mail alone does not pay: docs/trust-model.md, e2e/session-contract.spec.ts).
 */

const euro = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A new contact with `cents` on their prepaid balance; returns their e-mail and uuid. */
async function customerWithPrepaid(cents: number): Promise<{ email: string; uuid: string }> {
  const email = `prepaid-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { uuid } = await publicApi<{ uuid: string }>('POST', '/contacts', { email });
  if (cents > 0) {
    await publicApi(
      'POST',
      '/prepaid-transactions',
      { contact_uuid: uuid, amount_in_cents: cents },
      {
        token: DEMO.registerKey,
      },
    );
  }
  return { email, uuid };
}

async function prepaidBalance(uuid: string): Promise<number> {
  return (await publicApi<{ balance_in_cents: number }>('GET', `/contacts/${uuid}/prepaid-balance`))
    .balance_in_cents;
}

async function identifyByEmail(page: Page, email: string) {
  await expect(page.getByTestId('screen-email')).toBeVisible();
  await page.getByTestId('email-input').fill(email);
  await page.getByTestId('email-submit').click();
}

const BY_EMAIL = { primary_identification_method: 'email', scanner_type: 'hand_scanner' };
const BY_POS = (contact: string) => ({ contact_uuid: contact, scanner_type: 'hand_scanner' });

test('pay the session amount (€ 12.50) from a balance of € 15: confirm, paid, new balance; a reload shows the result', async ({
  page,
}) => {
  const customer = await customerWithPrepaid(1500);
  const session = await createSession('pay-prepaid', {
    ...BY_POS(customer.uuid),
    amount_in_cents: 1250,
  });
  await page.goto(kioskUrl(session));

  await expect(page.getByTestId('screen-prepaid-confirm')).toBeVisible();
  await expect(page.getByTestId('prepaid-amount')).toContainText(euro(1250));
  await expect(page.getByTestId('prepaid-balance')).toContainText(euro(1500));
  await expect(page.getByTestId('change-amount')).toHaveCount(0);
  await screenshots(page, 'kiosk-prepaid-confirm');
  await page.getByTestId('confirm-button').click();

  const result = page.getByTestId('screen-prepaid-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('prepaid-moved')).toContainText(euro(1250));
  await expect(page.getByTestId('prepaid-new-balance')).toContainText(euro(250));
  await expect(page.getByTestId('prepaid-rest')).toHaveCount(0);
  await screenshots(page, 'kiosk-prepaid-result');
  expect(await prepaidBalance(customer.uuid)).toBe(250);

  await page.reload();
  await expect(result).toBeVisible();
  await expect(page.getByTestId('prepaid-new-balance')).toContainText(euro(250));
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
});

test('pay a typed € 20 with € 2.50 on the balance: € 2.50 paid, the remaining € 17.50 at the till', async ({
  page,
}) => {
  const customer = await customerWithPrepaid(250);
  const session = await createSession('pay-prepaid', BY_POS(customer.uuid));
  await page.goto(kioskUrl(session));

  await expect(page.getByTestId('screen-prepaid-amount')).toBeVisible();
  await expect(page.getByTestId('amount-continue')).toBeDisabled();
  for (const key of ['2', '0']) await page.getByTestId(`keypad-${key}`).click();
  await expect(page.getByTestId('keypad-amount')).toHaveText(euro(2000));
  await screenshots(page, 'kiosk-prepaid-amount');
  await page.getByTestId('amount-continue').click();

  await expect(page.getByTestId('prepaid-partly')).toHaveText(
    `Your balance covers ${euro(250)}. Please pay the remaining ${euro(1750)} at the till.`,
  );
  await expect(page.getByTestId('confirm-button')).toHaveText(`Pay ${euro(250)}`);
  await screenshots(page, 'kiosk-prepaid-confirm-partly');
  await page.getByTestId('confirm-button').click();

  // What is still due is the hero, never a success.
  await expect(page.getByRole('heading', { name: `${euro(1750)} still to pay at the till` })).toBeVisible();
  await expect(page.getByTestId('prepaid-due')).toContainText(euro(1750));
  await expect(page.getByTestId('prepaid-rest')).toHaveText(`Your prepaid balance paid ${euro(250)}.`);
  await expectPortraitUsesHeight(page);
  await expect(page.getByTestId('prepaid-new-balance')).toContainText(euro(0));
  await screenshots(page, 'kiosk-prepaid-result-partly');
  expect(await prepaidBalance(customer.uuid)).toBe(0);
});

test('an empty prepaid balance is refused kindly before any amount is asked', async ({ page }) => {
  const customer = await customerWithPrepaid(0);
  const session = await createSession('pay-prepaid', { ...BY_POS(customer.uuid), amount_in_cents: 500 });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-prepaid-empty')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your prepaid balance is empty' })).toBeVisible();
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);
  await screenshots(page, 'kiosk-prepaid-empty');
  await page.getByTestId('cancel-button').click();
  await expect(page.getByTestId('screen-cancelled')).toContainText('Nothing was changed');
});

test('top up a typed € 20 in Dutch: the new balance', async ({ page }) => {
  const customer = await customerWithPrepaid(500);
  const session = await createSession('top-up-prepaid', BY_EMAIL);
  await page.goto(kioskUrl(session));
  await page.getByRole('button', { name: 'Nederlands' }).click();
  await identifyByEmail(page, customer.email);
  await expect(page.getByRole('heading', { name: 'Hoeveel wil je erop zetten?' })).toBeVisible();
  for (const key of ['2', '0']) await page.getByTestId(`keypad-${key}`).click();
  await expect(page.getByTestId('keypad-amount')).toHaveText('€ 20,00');
  await page.getByTestId('amount-continue').click();
  await expect(page.getByRole('heading', { name: '€ 20,00 op je prepaid-saldo zetten?' })).toBeVisible();
  // A top-up is paid at the till: the screen says so before it is confirmed.
  await expect(page.getByTestId('pay-at-till')).toHaveText('Betaal € 20,00 aan de kassa.');
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('prepaid-new-balance')).toContainText('€ 25,00');
  await screenshots(page, 'kiosk-prepaid-top-up-result');
  expect(await prepaidBalance(customer.uuid)).toBe(2500);
});

test('the keypad types euros: 1, 5 is € 15.00 (shown large, confirmed, charged); under € 1 cannot go on; presets one tap', async ({
  page,
}) => {
  const customer = await customerWithPrepaid(500);
  const session = await createSession('top-up-prepaid', BY_EMAIL);
  await page.goto(kioskUrl(session));
  await identifyByEmail(page, customer.email);

  await expect(page.getByTestId('screen-prepaid-amount')).toBeVisible();
  await expect(page.getByTestId('keypad-min')).toHaveText(`At least ${euro(100)}.`);
  await expect(page.getByTestId('preset-2500')).toBeEnabled();
  for (const key of ['decimal', '5', '0']) await page.getByTestId(`keypad-${key}`).click();
  await expect(page.getByTestId('keypad-amount')).toHaveText(euro(50));
  await expect(page.getByTestId('amount-continue')).toBeDisabled();
  for (const key of ['back', 'back', 'back', '1', '5']) await page.getByTestId(`keypad-${key}`).click();
  await expect(page.getByTestId('keypad-amount')).toHaveText(euro(1500));
  await screenshots(page, 'kiosk-prepaid-top-up-amount');
  await page.getByTestId('amount-continue').click();

  await expect(page.getByTestId('prepaid-amount')).toContainText(euro(1500));
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('prepaid-new-balance')).toContainText(euro(2000));
  expect(await prepaidBalance(customer.uuid)).toBe(2000);
});
