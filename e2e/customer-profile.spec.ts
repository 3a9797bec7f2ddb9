import type { Page } from '@playwright/test';
import { createSession, DEMO, kioskUrl, publicApi } from './support/api';
import { newCustomer } from './support/data';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The customer portal's own page (identify sessions), for customers of the test's own: visit stats
 * beside the balances, and the profile fields the demo account lets change (firstname, lastname,
 * phonenumber, birthdate, city — not address), typed on the on-screen keyboard with real clicks,
 * refused with the field's message, saved and read back through the public API.
 */

/** A credit reception at the till; returns when it was made. */
async function giveCredits(uuid: string, credits: number): Promise<string> {
  const reception = await publicApi<{ created_at: string }>(
    'POST',
    '/credit-receptions',
    { contact_uuid: uuid, credits },
    { token: DEMO.registerKey },
  );
  return reception.created_at;
}

async function openPortal(page: Page, card: string) {
  const session = await createSession('', { scanner_type: 'hand_scanner', enable_on_screen_keyboard: true });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, card);
  await expect(page.getByTestId('panel-rewards')).toBeVisible();
}

/** Types `text` on the on-screen keyboard, key by key; capitals through its shift key. */
async function typeOnKeyboard(page: Page, text: string) {
  const keyboard = page.getByTestId('on-screen-keyboard');
  const press = (name: string) => keyboard.getByRole('button', { name, exact: true }).click();
  for (const char of text) {
    const capital = char !== char.toLowerCase();
    if (capital) await press('Capitals');
    await press(char === ' ' ? 'Space' : char);
    if (capital) await press('Capitals');
  }
}

const currentValues = async (uuid: string) =>
  (await publicApi<{ current_values: Record<string, unknown> }>('GET', `/contacts/${uuid}`)).current_values;

test('visit stats: visits, the last visit and the credits earned, beside the balances', async ({ page }) => {
  const customer = await newCustomer();
  await giveCredits(customer.uuid, 10);
  const last = await giveCredits(customer.uuid, 15);
  await openPortal(page, customer.card);
  await expect(page.getByTestId('credit-balance')).toContainText('25');
  await expect(page.getByTestId('stat-visits')).toContainText('2');
  await expect(page.getByTestId('stat-earned')).toContainText('25');
  const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(last));
  await expect(page.getByTestId('stat-last-visit')).toContainText(date);
  await screenshots(page, 'kiosk-portal-stats');
});

test('profile: only the editable fields, typed on the keyboard; a bad date refused by name, then saved', async ({
  page,
}) => {
  const customer = await newCustomer();
  await openPortal(page, customer.card);
  await page.getByTestId('tab-profile').click();
  const shown = page.getByTestId('profile-fields');
  await expect(shown.locator('.line')).toHaveCount(5);
  await expect(page.getByTestId('profile-firstname')).toContainText('Not filled in');
  // The account does not let the address change: not offered.
  await expect(page.getByTestId('profile-address')).toHaveCount(0);
  await screenshots(page, 'kiosk-portal-profile');

  await page.getByTestId('change-profile').click();
  await expect(page.getByTestId('screen-profile')).toBeVisible();
  await expect(page.locator('[data-testid^="profile-input-"]')).toHaveCount(5);
  await expect(page.getByTestId('profile-input-address')).toHaveCount(0);
  await page.getByTestId('profile-input-firstname').click();
  await typeOnKeyboard(page, 'Lia');
  await expect(page.getByTestId('profile-input-firstname')).toHaveValue('Lia');
  await page.getByTestId('profile-input-birthdate').click();
  // The date keys: digits and the dash, not letters.
  await expect(page.getByTestId('on-screen-keyboard').getByRole('button', { name: 'q' })).toHaveCount(0);
  await typeOnKeyboard(page, '31-12-1990');
  await screenshots(page, 'kiosk-profile-edit');

  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-error-birthdate')).toContainText('year-month-day');
  await expect(page.getByTestId('profile-input-birthdate')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('profile-error-firstname')).toHaveCount(0);
  // Refused: nothing changed, the first name neither.
  expect((await currentValues(customer.uuid)).firstname ?? null).toBeNull();
  await screenshots(page, 'kiosk-profile-refused');

  await page.getByTestId('profile-input-birthdate').fill('');
  await typeOnKeyboard(page, '1990-12-31');
  await expect(page.getByTestId('profile-error-birthdate')).toHaveCount(0);
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-saved')).toBeVisible();
  await expect(page.getByTestId('profile-firstname')).toContainText('Lia');
  await expect(page.getByTestId('profile-birthdate')).toContainText('1990-12-31');
  expect(await currentValues(customer.uuid)).toMatchObject({ firstname: 'Lia', birthdate: '1990-12-31' });
  await screenshots(page, 'kiosk-portal-profile-saved');

  // The session ends: nothing of the profile stays on screen.
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
  await expect(page.getByText('Lia')).toHaveCount(0);
  await expect(page.getByText('1990-12-31')).toHaveCount(0);
});
