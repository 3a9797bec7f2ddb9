import type { Page } from '@playwright/test';
import { createSession, DEMO, kioskUrl, publicApi, sessionEvents } from './support/api';
import { scanWithHandScanner } from './support/hand-scanner';
import { expect, screenshots, test } from './support/kiosk-test';

/*
 * The customer's own portal (identify sessions): the welcome with two tabs — rewards and vouchers —
 * and "Manage on your phone" (the rest of the account is on /me/, e2e/me.spec.ts). Anna (CARD-0001, Dutch, Gold, 120 credits) is only looked
 * at; everything that changes something happens to a customer of the test's own. Serial: the
 * out-of-stock test empties the stock of "Coffee beans 1 kg", which the first test shows in stock.
 */
test.describe.configure({ mode: 'serial' });

const REWARD = {
  coffee: 'e0000000-0000-4000-8000-000000000001',
  cake: 'e0000000-0000-4000-8000-000000000002',
  discount: 'e0000000-0000-4000-8000-000000000003',
  beans: 'e0000000-0000-4000-8000-000000000004',
};

/** A new contact with `credits` credits; returns their e-mail and uuid. */
async function customerWithCredits(credits: number): Promise<{ email: string; uuid: string }> {
  const email = `portal-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { uuid } = await publicApi<{ uuid: string }>('POST', '/contacts', { email });
  // At most 1,000 credits a reception (the account's maximum).
  for (let left = credits; left > 0; left -= 1000) await giveCredits(uuid, Math.min(left, 1000));
  return { email, uuid };
}

/** Credits added (or, negative, taken) at the till. */
function giveCredits(uuid: string, credits: number) {
  return publicApi(
    'POST',
    '/credit-receptions',
    { contact_uuid: uuid, credits },
    { token: DEMO.registerKey },
  );
}

/**
 * The portal of a customer the cashier chose (the POS sets them: a proof that it is them, so their
 * claims and changes go through; e-mail alone needs a code, e2e/session-contract.spec.ts).
 */
async function openPortalFor(page: Page, contact: string) {
  const session = await createSession('', { contact_uuid: contact, scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('panel-rewards')).toBeVisible();
}

const reward = (page: Page, uuid: string) => page.getByTestId(`reward-${uuid}`);

test("Anna's portal: balances, rewards claimable first and the rest greyed, vouchers, the phone link", async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, 'CARD-0001');
  const welcome = page.getByTestId('screen-welcome');
  await expect(welcome.getByRole('heading', { level: 1 })).toHaveText('Welkom, Anna!');
  await expect(page.getByTestId('credit-balance')).toContainText('120');
  await expect(page.getByTestId('tier')).toContainText('Goud');
  await expect(page.getByTestId('prepaid-balance')).toContainText('€ 15,00');

  const list = page.getByTestId('reward-list');
  await expect(list.locator('[data-state]')).toHaveCount(4);
  await expect(list.locator('[data-state]').nth(0)).toHaveAttribute('data-state', 'claimable');
  await expect(list.locator('[data-state]').nth(1)).toHaveAttribute('data-state', 'claimable');
  await expect(reward(page, REWARD.beans)).toHaveAttribute('data-state', 'short');
  await expect(reward(page, REWARD.beans)).toContainText('Nog 280 punten nodig');
  await expect(reward(page, REWARD.cake)).toHaveAttribute('data-state', 'out_of_stock');
  await expect(reward(page, REWARD.cake)).toContainText('Uitverkocht');
  await expect(list.locator('[data-state]').last()).toHaveAttribute('data-state', 'out_of_stock');
  await expect(reward(page, REWARD.beans)).not.toHaveRole('button');
  await screenshots(page, 'kiosk-portal-rewards');

  await page.getByTestId('tab-vouchers').click();
  await expect(page.getByTestId('voucher-MUFFIN-0001')).toContainText('Geldig tot 30 juni 2027');
  await expect(page.getByTestId('voucher-MUFFIN-USED')).toHaveCount(0);
  await screenshots(page, 'kiosk-portal-vouchers');

  // Two tabs at the counter; the rest of the account on the customer's phone.
  await expect(page.getByRole('tab')).toHaveCount(2);
  await page.getByTestId('manage-on-phone').click();
  await expect(page.getByTestId('screen-phone-link')).toContainText('telefoon');
  await expect(page.getByTestId('me-link-qr')).toBeVisible();
  await page.getByTestId('back-button').click();
  await expect(page.getByTestId('panel-rewards')).toBeVisible();

  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
});

test("a voucher in the portal's tab is used there: tapped, confirmed, used (Ben's MUFFIN-0002)", async ({
  page,
}) => {
  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await scanWithHandScanner(page, 'CARD-0002');
  await page.getByTestId('tab-vouchers').click();
  await page.getByTestId('voucher-MUFFIN-0002').click();
  await expect(page.getByTestId('screen-voucher-confirm')).toContainText('Free muffin');
  await screenshots(page, 'kiosk-portal-voucher-confirm');
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-voucher-redeemed')).toBeVisible();
  await expect(page.getByTestId('redeemed-voucher')).toHaveText('Free muffin');
  const events = await sessionEvents(session.uuid);
  expect(events.map((e) => e.type)).toEqual(['contact_identified', 'voucher_redeemed']);

  await page.getByTestId('another-voucher').click();
  await expect(page.getByTestId('panel-vouchers')).toBeVisible();
  await expect(page.getByTestId('voucher-MUFFIN-0002')).toHaveCount(0);
  await page.getByTestId('done-button').click();
  await expect(page.getByTestId('screen-completed')).toBeVisible();
});

test('claims: a digital reward is e-mailed, a second claim passes its limit, not enough credits, a physical one to collect', async ({
  page,
}) => {
  const customer = await customerWithCredits(110);
  await openPortalFor(page, customer.uuid);
  await expect(reward(page, REWARD.discount)).toHaveAttribute('data-state', 'claimable');

  await reward(page, REWARD.discount).click();
  await expect(
    page.getByRole('heading', { name: 'Claim 10% off your next order for 30 points?' }),
  ).toBeVisible();
  await expect(page.getByTestId('credits-after')).toContainText('80');
  await screenshots(page, 'kiosk-reward-confirm');
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('screen-reward-claimed')).toBeVisible();
  await expect(page.getByTestId('claimed-where')).toHaveText("We've e-mailed it to you.");
  await expect(page.getByTestId('credits-left')).toContainText('80');
  await screenshots(page, 'kiosk-reward-claimed');

  // One per customer: the second claim is refused (1019), in words.
  await page.getByTestId('back-to-portal').click();
  await reward(page, REWARD.discount).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('action-error')).toHaveAttribute('data-error-code', '1019');
  await expect(page.getByTestId('action-error')).toContainText(
    'already claimed this reward as often as allowed',
  );

  // The till takes 40 credits while the customer confirms a € 50 coffee: 1017, then greyed.
  await page.getByTestId('back-button').click();
  await reward(page, REWARD.coffee).click();
  await giveCredits(customer.uuid, -40);
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('action-error')).toHaveAttribute('data-error-code', '1017');
  await expect(page.getByTestId('action-error')).toContainText('do not have enough points');
  await screenshots(page, 'kiosk-reward-refused');
  await page.getByTestId('back-button').click();
  await expect(reward(page, REWARD.coffee)).toHaveAttribute('data-state', 'short');
  await expect(reward(page, REWARD.coffee)).toContainText('10 more points needed');

  await giveCredits(customer.uuid, 100);
  await page.reload();
  await reward(page, REWARD.coffee).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('claimed-where')).toHaveText('Collect it at Demo Coffee Amsterdam.');
  await expect(page.getByTestId('credits-left')).toContainText('90');

  await page.getByTestId('back-to-portal').click();
  await expect(page.getByTestId('credit-balance')).toContainText('90');
});

test('a receipt scanned by the hand scanner before the card: its credits are the customer’s once they scan their card', async ({
  page,
}) => {
  const { email, uuid } = await customerWithCredits(0);
  const card = `CARD-R${Date.now().toString(36).toUpperCase()}`;
  await publicApi('POST', '/contact-identifiers', { contact_identifier_value: card, contact_uuid: uuid });
  const receipt = await publicApi<string>('POST', '/api/v3/oauth/clients/loyalty-tokens', {
    version: 'v1',
    shop_id: 1,
    unique_id: `E2E-${email}`,
    credits: 15,
  });

  const session = await createSession('', { scanner_type: 'hand_scanner' });
  await page.goto(kioskUrl(session));
  await expect(page.getByTestId('screen-scan')).toBeVisible();
  await scanWithHandScanner(page, receipt);
  await expect(page.getByTestId('scan-receipt-held')).toBeVisible();
  await scanWithHandScanner(page, card);
  await expect(page.getByTestId('screen-credit-result')).toBeVisible();
  await expect(page.getByTestId('credits-earned')).toContainText('+15');
  await expect(page.getByTestId('credit-balance')).toContainText('15');
  await screenshots(page, 'kiosk-receipt-credits');

  // The same receipt once more, from the portal: collected already, said in words.
  await page.getByTestId('back-to-portal').click();
  await page.getByTestId('scan-receipt').click();
  await scanWithHandScanner(page, receipt);
  await expect(page.getByTestId('action-error')).toBeVisible();
  const events = await sessionEvents(session.uuid);
  expect(events.filter((e) => e.type === 'receipt_token_claimed')).toHaveLength(1);
});
