import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { baseUrl, createSession, DEMO } from './support/api';
import { newCustomer, newGiftcard } from './support/data';
import { expect, test } from './support/kiosk-test';

/*
 * The real portal component's API (/api/v1/portal-sessions, docs/v1-api.md) called from a POS page
 * on another origin, as that component calls it from a page that embeds it: fetch with
 * `Authorization: Bearer undefined`, `X-SDK-Version` and a JSON body, which makes Chromium send a
 * CORS preflight first. A page of our own, not the component (which is proprietary). Only the
 * allowed origin (run-e2e's --allowed-origins http://localhost:E2E_V1_POS_PORT) gets answers.
 */

interface V1Answer {
  status: number;
  body: { data?: Record<string, unknown>; message?: string; reason?: string } & Record<string, unknown>;
}

/** A POS page that calls `host`'s v1 API from its own origin (window.v1(method, path, body)). */
function posPage(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><title>POS</title>
<script>
  window.v1 = async (host, method, path, body) => {
    const response = await fetch(host + '/api/v1/portal-sessions' + path, {
      method,
      headers: {
        Authorization: 'Bearer undefined',
        'X-SDK-Version': '0.2.0',
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
</script>`);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// One worker runs this file: the POS page listens on one port for all its tests.
test.describe.configure({ mode: 'serial' });

let server: Server;
test.beforeAll(async () => {
  server = await posPage(Number(process.env.E2E_V1_POS_PORT));
});
test.afterAll(() => {
  server.close();
});

async function openPos(page: Page) {
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
}

/** One v1 call from the POS page, through the browser (preflight and all). */
function v1(page: Page, method: string, path: string, body?: Record<string, unknown>): Promise<V1Answer> {
  return page.evaluate(
    ([host, m, p, b]) =>
      (window as never as { v1: (...args: unknown[]) => Promise<V1Answer> }).v1(host, m, p, b),
    [baseUrl(), method, path, body] as const,
  ) as Promise<V1Answer>;
}

test('a page on another origin that is not allowed gets no answer', async ({ page }) => {
  const other = await new Promise<Server>((resolve) => {
    const s = createServer((_q, r) => r.end('<!doctype html><title>Other</title>'));
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
    const session = await createSession('');
    const outcome = await page.evaluate(
      async ([host, uuid]) => {
        try {
          await fetch(`${host}/api/v1/portal-sessions/${uuid}`, {
            method: 'PUT',
            headers: {
              Authorization: 'Bearer undefined',
              'X-SDK-Version': '0.2.0',
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ contact_identifier_value: 'CARD-0001' }),
          });
          return 'answered';
        } catch {
          return 'refused by the browser';
        }
      },
      [baseUrl(), session.uuid] as const,
    );
    expect(outcome).toBe('refused by the browser');
    // The preflight failed, so the PUT was never sent: nobody was identified.
    const state = await (await fetch(`${baseUrl()}/portal/api/sessions/${session.uuid}`)).json();
    expect(state.data.contact).toBeNull();
  } finally {
    other.close();
  }
});

test('credit reception: a session made in the page with an API key, identify, credit', async ({ page }) => {
  await openPos(page);
  const customer = await newCustomer();
  const created = await page.evaluate(
    async ([host, key, shop]) => {
      const response = await fetch(`${host}/api/v1/portal-sessions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'X-SDK-Version': '0.2.0',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ type: 'POINTS_TRANSACTION', shop_uuid: shop, amount_in_cents: 1250 }),
      });
      return { status: response.status, body: await response.json() };
    },
    [baseUrl(), DEMO.apiKey, DEMO.shopUuid] as const,
  );
  expect(created.status).toBe(201);
  const uuid = created.body.data.uuid as string;
  expect(created.body.data).toMatchObject({
    type: 'POINTS_TRANSACTION',
    input_data: { amount_in_cents: 1250 },
  });

  expect((await v1(page, 'GET', `/${uuid}/check-code?code=${customer.card}`)).body).toEqual({
    identifier: { value: customer.card },
  });
  const identified = await v1(page, 'PUT', `/${uuid}`, { contact_identifier_value: customer.card });
  expect(identified.body.data?.contact).toEqual({ uuid: customer.uuid });
  const refused = await v1(page, 'POST', `/${uuid}/credit-receptions/create`, { unit_value: 100 });
  expect(refused).toMatchObject({ status: 422, body: { reason: 'amount_set_by_session' } });
  const credited = await v1(page, 'POST', `/${uuid}/credit-receptions/create`, { unit_value: 12.5 });
  expect(credited.status).toBe(200);
  const session = await v1(page, 'GET', `/${uuid}`);
  const events = session.body.data?.events as { type: string; data: { credits: number } }[];
  expect(events.find((e) => e.type === 'credit_reception')?.data.credits).toBe(credited.body.data?.credits);
});

test('gift card: redeem, and top up', async ({ page }) => {
  await openPos(page);
  const card = await newGiftcard(2000);
  const redeem = await createSession('redeem-giftcards', { amount_in_cents: 500 });
  const checked = await v1(page, 'GET', `/${redeem.uuid}/check-code?code=${card.hash}`);
  expect(checked.body).toEqual({ giftcard: { hash: card.hash } });
  const found = await v1(page, 'GET', `/${redeem.uuid}/giftcards/${card.hash}`);
  expect(found.body.data).toMatchObject({ uuid: card.uuid, amount_in_cents: 2000 });
  const paid = await v1(page, 'POST', `/${redeem.uuid}/giftcards/transaction`, {
    uuid: card.uuid,
    amount_in_cents: -500,
  });
  expect(paid.body.data).toMatchObject({ amount_in_cents: -500 });
  expect((await v1(page, 'GET', `/${redeem.uuid}`)).body.data?.results).toEqual({ remaining_amount: 0 });

  // A digital card takes one top-up: a new one, empty.
  const empty = await newGiftcard();
  const topUp = await createSession('top-up-giftcards', { amount_in_cents: 1000 });
  const tooMuch = await v1(page, 'POST', `/${topUp.uuid}/giftcards/transaction`, {
    uuid: empty.uuid,
    amount_in_cents: 40000,
  });
  expect(tooMuch).toMatchObject({
    status: 422,
    body: { reason: 'amount_set_by_session', message: expect.any(String) },
  });
  const added = await v1(page, 'POST', `/${topUp.uuid}/giftcards/transaction`, {
    uuid: empty.uuid,
    amount_in_cents: 1000,
  });
  expect(added.body.data).toMatchObject({ amount_in_cents: 1000 });
  expect((await v1(page, 'GET', `/${topUp.uuid}/giftcards/${empty.hash}`)).body.data?.amount_in_cents).toBe(
    1000,
  );
});

test('prepaid: pay with the card scanned in the same call', async ({ page }) => {
  await openPos(page);
  const customer = await newCustomer({ prepaidCents: 3000 });
  const session = await createSession('pay-prepaid', { amount_in_cents: 1200 });
  const paid = await v1(page, 'POST', `/${session.uuid}/prepaid/transaction`, {
    amount_in_cents: -1200,
    contact_identifier_value: customer.card,
  });
  expect(paid.body.data).toMatchObject({ amount_in_cents: -1200, unpaid_in_cents: 0 });
  expect((await v1(page, 'GET', `/${session.uuid}/prepaid`)).body.data).toEqual({ balance_in_cents: 1800 });
  const again = await v1(page, 'POST', `/${session.uuid}/prepaid/transaction`, { amount_in_cents: -1200 });
  expect(again.body).toMatchObject({ reason: 'prepaid_transaction_done', message: expect.any(String) });
});

test('vouchers: the list, a voucher checked, and one that cannot be used refused with words', async ({
  page,
}) => {
  await openPos(page);
  const session = await createSession('vouchers');
  await v1(page, 'PUT', `/${session.uuid}`, { contact_identifier_value: 'CARD-0001' });
  const list = await v1(page, 'GET', `/${session.uuid}/vouchers`);
  expect((list.body.data as unknown as { code: string }[]).map((v) => v.code)).toContain('MUFFIN-0001');
  const expired = await v1(page, 'GET', `/${session.uuid}/vouchers/check/MUFFIN-EXPIRED`);
  expect(expired.body.data).toMatchObject({
    status: 'EXPIRED',
    contact: null,
    unusable: { reason: 'expired' },
  });
  const refused = await v1(page, 'POST', `/${session.uuid}/vouchers/redeem`, { code: 'MUFFIN-EXPIRED' });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.body.message).toEqual(expect.any(String));
});

test('registration: {email} alone, as the component sends it; the terms left for the customer', async ({
  page,
}) => {
  await openPos(page);
  const session = await createSession('', { enable_registration: true, enable_email_identification: true });
  const email = `v1-e2e-${Date.now()}@example.com`;
  const unknown = await v1(page, 'PUT', `/${session.uuid}`, { email });
  expect(unknown.body.code).toBe(55031);
  const registered = await v1(page, 'POST', `/${session.uuid}/contacts`, { email });
  expect(registered.status).toBe(200);
  expect(registered.body.data?.email).toBe(`v***@example.com`);
  const state = await (await fetch(`${baseUrl()}/portal/api/sessions/${session.uuid}`)).json();
  expect(state.data.contact.terms_pending).toBe(true);
});

test('the portal: the customer, rewards, activity, subscriptions, cards, brand kit', async ({ page }) => {
  await openPos(page);
  const customer = await newCustomer({ credits: 80 });
  const session = await createSession('');
  await v1(page, 'PUT', `/${session.uuid}`, { contact_identifier_value: customer.card });
  const contact = await v1(page, 'GET', `/${session.uuid}/contacts?contact_uuid=${customer.uuid}`);
  expect(contact.body.data).toMatchObject({
    uuid: customer.uuid,
    credit_balance: { balance: 80 },
    last_name: null,
  });
  expect(JSON.stringify(contact.body)).not.toContain(customer.email);
  expect(
    ((await v1(page, 'GET', `/${session.uuid}/rewards`)).body.data as unknown as unknown[]).length,
  ).toBeGreaterThan(0);
  const activity = await v1(page, 'GET', `/${session.uuid}/loyalty-transactions`);
  expect((activity.body as unknown as { credits: number }[])[0]?.credits).toBe(80);
  const types = (await v1(page, 'GET', `/${session.uuid}/subscriptions`)).body.data as unknown as {
    name: string;
  }[];
  const changed = await v1(page, 'PUT', `/${session.uuid}/subscriptions`, {
    values: { [types[0]!.name]: true },
  });
  expect(changed.status).toBe(200);
  expect((await v1(page, 'GET', `/${session.uuid}/contact-identifiers`)).body.data).toEqual([
    expect.objectContaining({ value: customer.card.slice(-4) }),
  ]);
  expect((await v1(page, 'GET', `/${session.uuid}/brand-kit`)).body.data).toHaveProperty('primary_color');
  const claimed = await v1(page, 'POST', `/${session.uuid}/rewards/claim`, {
    uuid: 'e0000000-0000-4000-8000-000000000001',
  });
  expect(claimed.body.data?.title).toEqual(expect.any(String));
});
