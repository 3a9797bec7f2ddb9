import { createSession, kioskUrl } from './support/api';
import { expect, screenshots, test } from './support/kiosk-test';

test('the on-screen keyboard types an e-mail address by touch, which identifies carla', async ({ page }) => {
  const session = await createSession('', {
    scanner_type: 'hand_scanner',
    primary_identification_method: 'email',
    enable_email_identification: true,
    enable_on_screen_keyboard: true,
  });
  await page.goto(kioskUrl(session));
  const keyboard = page.getByRole('group', { name: 'On-screen keyboard' });
  await expect(keyboard).toBeVisible();
  await screenshots(page, 'email-keyboard');

  const press = (key: string) => keyboard.getByRole('button', { name: key, exact: true }).click();
  for (const key of [...'carla', '@', ...'example']) await press(key);
  // A key is not a submit button: the half-typed address is neither sent nor called invalid.
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('carla@example');
  await expect(page.getByText('Please enter a complete e-mail address')).toHaveCount(0);
  await press('.com');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('carla@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Carla');
});
