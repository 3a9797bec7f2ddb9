import type { Server } from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import { baseUrl, createSession, publicApi, sessionEvents } from './support/api';
import { giftcardBalance, newCustomer, newGiftcard, newUnlinkedCard, uniqueId } from './support/data';
import { expect, test } from './support/kiosk-test';
import {
  buildPosPage,
  type PosPageBuild,
  provideComponentHosts,
  removePosPage,
  servePosPage,
} from './support/portal-component';

/*
 * The real platform's portal component (npm @leatcom/portal-sessions 0.2.0, packed from the
 * registry when this runs: e2e/support/portal-component.ts) embedded as `<UuidSession uuid host>`
 * in a POS page of another origin, with `host` this service: each flow of it, end to end, against
 * our v1 API (docs/v1-api.md) — card and e-mail identification, registration, credit reception,
 * gift-card payment, prepaid top-up and voucher. The component has no hand-scanner handling: a
 * scanner types into its focused field, as the test does.
 */

// One worker: the POS page listens on one port for all the tests of this file.
test.describe.configure({ mode: 'serial' });

let pos: PosPageBuild;
let server: Server;
test.beforeAll(async () => {
  // npm pack and install from the registry, then esbuild: well within a few minutes.
  test.setTimeout(300_000);
  pos = await buildPosPage();
  server = await servePosPage(pos, Number(process.env.E2E_COMPONENT_POS_PORT));
});
test.afterAll(() => {
  server?.close();
  if (pos) removePosPage(pos);
});

/** The POS page with the component on session `uuid`, its run-time hosts provided. */
async function openComponent(page: Page, context: BrowserContext, uuid: string): Promise<void> {
  await provideComponentHosts(context, pos);
  const host = encodeURIComponent(baseUrl());
  await page.goto(`http://localhost:${process.env.E2E_COMPONENT_POS_PORT}/?uuid=${uuid}&host=${host}`);
}

/** Types a code into the component's field, as a hand scanner types it, and sends it. */
async function typeCode(page: Page, label: string, code: string, button = 'Continue'): Promise<void> {
  await page.getByLabel(label).fill(code);
  await page.getByRole('button', { name: button, exact: true }).click();
}

interface Contact {
  uuid: string;
  email: string;
  prepaid_balance: { balance_in_cents: number };
  credit_balance: { balance: number };
}
const contactByEmail = (email: string) =>
  publicApi<Contact>('GET', `/contacts/find-one-by?email=${encodeURIComponent(email)}`);

test('card identification: the card typed into its field opens the customer’s portal', async ({
  page,
  context,
}) => {
  const customer = await newCustomer({ credits: 40 });
  // Its camera library 1 decodes with a WebAssembly build of ZXing that it fetches from a CDN.
  const decoder = page.waitForResponse((response) => response.url().includes('/npm/zxing-wasm@1.3.4/'));
  const session = await createSession('', { camera_service: 1 });
  await openComponent(page, context, session.uuid);
  await expect(page.getByText('Scan or type your identifier')).toBeVisible();
  expect((await decoder).status()).toBe(200);
  await typeCode(page, 'Card number', customer.card);
  await expect(page.getByRole('button', { name: 'Rewards' })).toBeVisible();
  await expect(page.getByText('Free coffee')).toBeVisible();
  const events = await sessionEvents(session.uuid);
  expect(events.find((e) => e.type === 'contact_identified')?.data).toMatchObject({
    method: 'card',
    contact: { uuid: customer.uuid },
  });
});

test('e-mail identification: "Use e-mail", the address, the customer’s portal', async ({ page, context }) => {
  const customer = await newCustomer();
  const session = await createSession('', { enable_email_identification: true });
  await openComponent(page, context, session.uuid);
  await page.getByRole('button', { name: 'Use e-mail' }).click();
  await typeCode(page, 'E-mail address', customer.email);
  await expect(page.getByRole('button', { name: 'Rewards' })).toBeVisible();
  const events = await sessionEvents(session.uuid);
  expect(events.find((e) => e.type === 'contact_identified')?.data).toMatchObject({
    method: 'email',
    contact: { uuid: customer.uuid },
  });
});

test('registration: its "Create an account for …?" makes the account, the terms left for the customer', async ({
  page,
  context,
}) => {
  // The old API refused the component's POST contacts {email} (terms_not_accepted): a toast, and
  // the customer stuck at the dialog.
  const email = `component-${uniqueId().toLowerCase()}@example.com`;
  const session = await createSession('', {
    enable_registration: true,
    enable_email_identification: true,
    primary_identification_method: 'email',
  });
  await openComponent(page, context, session.uuid);
  await typeCode(page, 'E-mail address', email);
  await expect(page.getByText(`Create an account for ${email}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Rewards' })).toBeVisible();
  const contact = await contactByEmail(email);
  const events = await sessionEvents(session.uuid);
  expect(events.find((e) => e.type === 'contact_registered')?.data).toMatchObject({
    contact: { uuid: contact.uuid },
    terms: null,
  });
  // Asked where they next sign in: the counter reads the terms still to accept.
  const state = await (await fetch(`${baseUrl()}/portal/api/sessions/${session.uuid}`)).json();
  expect(state.data.contact.terms_pending).toBe(true);
});

test('registration with an unlinked card: the card, the address, "Create an account", the card theirs', async ({
  page,
  context,
}) => {
  const card = await newUnlinkedCard();
  const email = `component-card-${uniqueId().toLowerCase()}@example.com`;
  const session = await createSession('', { enable_registration: true, enable_email_identification: true });
  await openComponent(page, context, session.uuid);
  await typeCode(page, 'Card number', card);
  await expect(page.getByText('This card has no account yet: fill in your e-mail address.')).toBeVisible();
  await typeCode(page, 'E-mail address', email);
  await expect(page.getByText(`Create an account for ${email}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Rewards' })).toBeVisible();
  const contact = await contactByEmail(email);
  const holder = await publicApi<{ contact: { uuid: string } | null }>(
    'GET',
    `/contact-identifiers/find?contact_identifier_value=${encodeURIComponent(card)}`,
  );
  expect(holder.contact?.uuid).toBe(contact.uuid);
});

test('credit reception: identified by card, the purchase credited at once', async ({ page, context }) => {
  const customer = await newCustomer();
  const session = await createSession('credit-reception', { amount_in_cents: 1250 });
  await openComponent(page, context, session.uuid);
  await typeCode(page, 'Card number', customer.card);
  await expect
    .poll(async () => (await sessionEvents(session.uuid)).some((e) => e.type === 'credit_reception'))
    .toBe(true);
  const reception = (await sessionEvents(session.uuid)).find((e) => e.type === 'credit_reception');
  const { credits } = reception!.data as { credits: number };
  expect(credits).toBeGreaterThan(0);
  await expect(page.getByText(`+${credits}`, { exact: true })).toBeVisible();
  expect((await contactByEmail(customer.email)).credit_balance.balance).toBe(credits);
});

test('gift-card payment: the code, the card, "Confirm and pay"; the card pays the amount', async ({
  page,
  context,
}) => {
  // The old API answered the card's hash as its last 4 characters; the component opened the card
  // by them: 404 "Giftcard not found", a toast, and a spinner for ever.
  const card = await newGiftcard(2000);
  const session = await createSession('redeem-giftcards', { amount_in_cents: 500 });
  await openComponent(page, context, session.uuid);
  await typeCode(page, 'Gift card code', card.hash, 'Submit');
  await expect(page.getByText(`Gift card ${card.hash}`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and pay €5.00' }).click();
  await expect(page.getByRole('button', { name: /Confirm and pay/ })).toHaveCount(0);
  expect(await giftcardBalance(card.hash)).toBe(1500);
  const events = await sessionEvents(session.uuid);
  expect(events.find((e) => e.type === 'giftcard_transaction')?.data).toMatchObject({
    amount_in_cents: -500,
  });
});

test('prepaid top-up: identified, the amount on its keypad, paid at the till', async ({ page, context }) => {
  const customer = await newCustomer();
  const session = await createSession('top-up-prepaid', { amount_in_cents: 1000 });
  await openComponent(page, context, session.uuid);
  await typeCode(page, 'Card number', customer.card);
  await expect(page.getByText('Prepaid balance')).toBeVisible();
  const amount = page.locator('input[type="number"]');
  await amount.click();
  for (const digit of '1000') await page.keyboard.press(digit);
  await page.getByRole('button', { name: 'Confirm and pay €10.00' }).click();
  await expect(page.getByText('Prepaid transaction done')).toBeVisible();
  expect((await contactByEmail(customer.email)).prepaid_balance.balance_in_cents).toBe(1000);
  const types = (await sessionEvents(session.uuid)).map((e) => e.type);
  expect(types).toEqual(expect.arrayContaining(['payment_due', 'prepaid_transaction']));
});

test('voucher: its code, whose it is by a card, redeemed', async ({ page, context }) => {
  const customer = await newCustomer();
  const voucher = await publicApi<{ code: string }>('POST', '/vouchers', {
    promotion_uuid: '90000000-0000-4000-8000-000000000001',
    contact_uuid: customer.uuid,
  });
  const session = await createSession('vouchers');
  await openComponent(page, context, session.uuid);
  await typeCode(page, 'Code', voucher.code, 'Submit');
  // The service never tells whose a voucher is: the component asks for the customer's card.
  await expect(page.getByText(`Scan your card to use voucher ${voucher.code}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Scan your card' }).click();
  await typeCode(page, 'Card number', customer.card);
  await page.getByRole('button', { name: 'Redeem voucher' }).click();
  await expect
    .poll(
      async () =>
        (
          await publicApi<{ status: string }>(
            'GET',
            `/vouchers/find?code=${encodeURIComponent(voucher.code)}`,
          )
        ).status,
    )
    .toBe('REDEEMED');
  const events = await sessionEvents(session.uuid);
  expect(events.map((e) => e.type)).toContain('voucher_redeemed');
});
