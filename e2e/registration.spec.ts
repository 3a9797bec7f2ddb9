import { createSession, kioskUrl, publicApi } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an unknown e-mail registers a new contact', async ({ page }) => {
  const email = `new-${unique()}@example.com`;
  const session = await createSession('', {
    scanner_type: 'hand_scanner',
    primary_identification_method: 'email',
    enable_email_identification: true,
    enable_registration: true,
  });
  await page.goto(kioskUrl(session));
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('screen-registration')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
  await screenshots(page, 'registration-email');
  // The terms are required: submitting without them says so and stays.
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Tick the box to accept the terms')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I accept the terms and the privacy policy' }).check();
  await page.getByRole('button', { name: 'Join' }).click();

  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  const contact = await publicApi<{ email: string }>('GET', `/contacts/find-one-by?email=${email}`);
  expect(contact.email).toBe(email);
});

test('an unlinked card (CARD-9001) is linked to a new account', async ({ page }) => {
  const email = `card-${unique()}@example.com`;
  const session = await createSession('', { scanner_type: 'hand_scanner', enable_registration: true });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-9001');

  await expect(page.getByTestId('screen-registration')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make this card yours');
  await screenshots(page, 'registration-card');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('checkbox', { name: 'I accept the terms and the privacy policy' }).check();
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByTestId('screen-welcome')).toBeVisible();

  const card = await publicApi<{ contact: { email: string } | null }>(
    'GET',
    '/contact-identifiers/find?contact_identifier_value=CARD-9001',
  );
  expect(card.contact?.email).toBe(email);
});

test('registration on the on-screen keyboard: digit keys at least 48 px wide; the terms and privacy policy as QR codes to read', async ({
  page,
}) => {
  const session = await createSession('', {
    scanner_type: 'hand_scanner',
    primary_identification_method: 'email',
    enable_email_identification: true,
    enable_registration: true,
    enable_on_screen_keyboard: true,
  });
  await page.goto(kioskUrl(session));
  const keyboard = page.getByTestId('on-screen-keyboard');
  for (const key of `new-${unique()}@example.com`.replace('.com', '')) {
    await keyboard.locator(`[data-skbtn="${key}"]`).first().click();
  }
  await keyboard.locator('[data-skbtn=".com"]').click();
  await page.getByTestId('email-submit').click();
  await expect(page.getByTestId('screen-registration')).toBeVisible();
  // The address is complete: the keyboard is folded away; a tap on the field brings it back.
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(0);
  await page.getByTestId('email-input').click();
  await expect(page.getByTestId('on-screen-keyboard')).toBeVisible();

  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 1280 },
  ]) {
    await page.setViewportSize(size);
    for (const digit of '1234567890') {
      const box = await page
        .getByTestId('on-screen-keyboard')
        .locator(`[data-skbtn="${digit}"]`)
        .boundingBox();
      expect(box?.width, `key ${digit} at ${size.width}×${size.height}`).toBeGreaterThanOrEqual(48);
    }
    // The whole digit row fits inside the keyboard, its last key (backspace) too.
    const board = await page.getByTestId('on-screen-keyboard').boundingBox();
    const backspace = await page
      .getByTestId('on-screen-keyboard')
      .locator('[data-skbtn="{bksp}"]')
      .boundingBox();
    expect((backspace?.x ?? 0) + (backspace?.width ?? 0)).toBeLessThanOrEqual(
      (board?.x ?? 0) + (board?.width ?? 0),
    );
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // Moving on to the choices folds it away again.
  await page.getByTestId('subscription-1').click();
  await expect(page.getByTestId('on-screen-keyboard')).toHaveCount(0);

  await expect(page.getByTestId('terms-codes')).toHaveCount(0);
  await page.getByTestId('read-terms').click();
  await expect(page.getByTestId('read-terms')).toHaveAttribute('aria-expanded', 'true');
  const terms = page.getByTestId('terms-code');
  await expect(terms).toContainText('https://example.com/demo-coffee/terms');
  await expect(terms.getByRole('img', { name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByTestId('privacy-code')).toContainText('https://example.com/demo-coffee/privacy');
  // Codes, choices and the button to go on, all on one landscape screen without scrolling.
  await expect(page.getByTestId('privacy-code')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('register-submit')).toBeInViewport({ ratio: 1 });
  await screenshots(page, 'kiosk-registration-terms');
});
