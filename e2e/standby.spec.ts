import { type CreatedSession, createSession, kioskAt, publicApi } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

// The Utrecht shop: no other spec creates sessions there, so its standby screen is ours alone.
// (Which session a standby screen shows, and when: test/kiosk/app-standby.test.tsx.)
const UTRECHT = { shop: 'a0000000-0000-4000-8000-000000000002', device: 'demo-device-utrecht' };
// Both tests watch that one standby screen: one after the other, never side by side.
test.describe.configure({ mode: 'serial' });

// Each test leaves no session of Utrecht open, so the next one (or a repeat) starts on its welcome.
const created: CreatedSession[] = [];
const startAtUtrecht = async (settings: Record<string, unknown> = {}) => {
  const session = await createSession('', {
    shop_uuid: UTRECHT.shop,
    scanner_type: 'hand_scanner',
    ...settings,
  });
  created.push(session);
  return session;
};
test.afterEach(async () => {
  for (const session of created.splice(0)) {
    // An ended session refuses (409): nothing left to do.
    await publicApi('POST', `/portal-sessions/${session.uuid}/cancel`).catch((error: Error) => {
      if (!error.message.includes('→ 409')) throw error;
    });
  }
});

test('a standby screen switches to a new session of its shop, and back when it is completed', async ({
  page,
}) => {
  await page.goto(kioskAt(`?device=${UTRECHT.device}`));
  const standby = page.getByTestId('screen-standby');
  await expect(standby).toBeVisible();
  await expect(standby).toContainText('Demo Coffee Utrecht');
  await screenshots(page, 'standby');

  await startAtUtrecht();
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-0005');
  await expect(page.getByTestId('screen-welcome')).toBeVisible();
  // Dirk has every figure (prepaid, visits, last visit, points earned): the longest stats column.
  await screenshots(page, 'welcome-every-figure');
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
  await screenshots(page, 'completed');
  // Back to the welcome screen after the end screen (8 s by default).
  await expect(standby).toBeVisible({ timeout: 15_000 });
});

test('a new session replaces the end screen of the last one at once (within 2 s)', async ({ page }) => {
  await page.goto(kioskAt(`?device=${UTRECHT.device}`));
  await expect(page.getByTestId('screen-standby')).toBeVisible();
  await startAtUtrecht();
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  // The customer leaves without doing anything: a goodbye, not "Cancelled".
  await page.getByTestId('cancel-button').click();
  await expect(page.getByRole('heading', { name: 'See you next time!' })).toBeVisible();

  await startAtUtrecht({ primary_identification_method: 'email', enable_email_identification: true });
  await expect(page.getByTestId('screen-email')).toBeVisible({ timeout: 2000 });
});
