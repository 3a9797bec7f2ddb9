import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { openSession } from '../helpers/portal';

/*
 * The real portal component's API (/api/v1/portal-sessions, docs/v1-api.md) called as that
 * component calls it: no API key (`Bearer undefined`), X-SDK-Version, from a POS page's origin.
 * Each call answers the component's shape by the kiosk's rules; each refusal changes nothing.
 */

const POS_ORIGIN = 'https://pos.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ argv: ['--allowed-origins', POS_ORIGIN] });
});
afterAll(async () => {
  await t.close();
});

/** A call of the component: `Authorization: Bearer undefined` unless a token is given. */
function v1(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: Record<string, unknown>,
  token = 'undefined',
) {
  return t.call({
    method,
    url: `/api/v1/portal-sessions${path}`,
    token,
    headers: { origin: POS_ORIGIN, 'x-sdk-version': '0.2.0' },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A session through the public API; `variant` as in POST /portal-sessions{variant}. */
const session = (variant: string, payload: Record<string, unknown> = {}) => openSession(t, variant, payload);

/** A session in which Anna identified with her card (so proven). */
async function annaByCard(variant = '', payload: Record<string, unknown> = {}) {
  const uuid = await session(variant, payload);
  expect((await v1('PUT', `/${uuid}`, { contact_identifier_value: DEMO.annaCard })).statusCode).toBe(200);
  return uuid;
}

/** A session in which Anna identified by e-mail alone (known, not proven). */
async function annaByEmail(variant = '', payload: Record<string, unknown> = {}) {
  const uuid = await session(variant, { enable_email_identification: true, ...payload });
  expect((await v1('PUT', `/${uuid}`, { email: DEMO.annaEmail })).statusCode).toBe(200);
  return uuid;
}

/** Expects `call` refused with `reason` and the account read back unchanged. */
async function refusedUnchanged(
  call: () => ReturnType<typeof v1>,
  { reason }: { reason: Parameters<typeof expectReason>[1] },
) {
  const before = await accountSnapshot(t.app.db);
  const res = await call();
  const body = expectReason(res, reason);
  expect(body.message.length).toBeGreaterThan(0);
  await expectUnchanged(t.app.db, before);
  return body;
}

describe('CORS for the allowed origins', () => {
  it('answers the preflight of an allowed origin with what the component sends', async () => {
    const uuid = await session('');
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/portal-sessions/${uuid}/contacts`,
      headers: {
        origin: POS_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,x-sdk-version',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(POS_ORIGIN);
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-sdk-version');
    const get = await v1('GET', `/${uuid}`);
    expect(get.headers['access-control-allow-origin']).toBe(POS_ORIGIN);
  });

  it('names no other origin, so that its browser refuses the answer', async () => {
    const uuid = await session('');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/portal-sessions/${uuid}`,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.call({
      method: 'GET',
      url: `/api/v1/portal-sessions/${uuid}`,
      token: null,
      headers: { origin: 'https://evil.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of the create call on the bare path', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/portal-sessions',
      headers: { origin: POS_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(POS_ORIGIN);
  });
});

describe('the session', () => {
  it('POST / creates a session of the component’s type with an API key, in its shape', async () => {
    const res = await v1(
      'POST',
      '',
      { type: 'GENERIC', shop_uuid: DEMO.shop, amount_in_cents: 1250, enable_registration: true },
      DEMO.apiKey,
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'GENERIC',
      contact: null,
      currency: 'EUR',
      events: [],
      input_data: { type: 'GENERIC', shop_uuid: DEMO.shop, amount_in_cents: 1250, enable_registration: true },
      loyalty_program: { custom_credit_name: null },
      results: { remaining_amount: 1250 },
    });
    // The kiosk's own API reads the same session: ours is scan_anything.
    const state = await t.call({ method: 'GET', url: `/portal/api/sessions/${data.uuid}`, token: null });
    expect(state.json().data.type).toBe('scan_anything');
  });

  it('POST / needs an API key, and an amount for REDEEM_GIFTCARD', async () => {
    expect((await v1('POST', '', { type: 'PORTAL', shop_uuid: DEMO.shop })).statusCode).toBe(401);
    const res = await v1('POST', '', { type: 'REDEEM_GIFTCARD', shop_uuid: DEMO.shop }, DEMO.apiKey);
    const body = await expectError(res, 1003);
    expect(Object.keys(body.errors ?? {})).toEqual(['amount_in_cents']);
  });

  it('GET /{uuid} answers an unknown session with 404', async () => {
    await expectError(await v1('GET', '/00000000-0000-4000-8000-00000000dead'), 1003, 404);
  });

  it('PUT /{uuid} identifies by card; an unknown card or e-mail answers 55031', async () => {
    const uuid = await session('', { enable_email_identification: true });
    await expectError(await v1('PUT', `/${uuid}`, { email: 'nobody@example.com' }), 55031, 404);
    await expectError(await v1('PUT', `/${uuid}`, { contact_identifier_value: DEMO.freeCard }), 55031, 404);
    const res = await v1('PUT', `/${uuid}`, { contact_identifier_value: DEMO.annaCard });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact).toEqual({ uuid: DEMO.anna });
    expect(res.json().data.events.map((e: { type: string }) => e.type)).toContain('contact_identified');
  });

  it('PUT /{uuid} by e-mail is refused where the session does not take e-mail', async () => {
    const uuid = await session('');
    await refusedUnchanged(() => v1('PUT', `/${uuid}`, { email: DEMO.annaEmail }), {
      reason: 'email_identification_disabled',
    });
  });

  it('an ended session tells no contact and takes no call', async () => {
    const uuid = await annaByCard();
    await t.call({ method: 'POST', url: `/portal/api/sessions/${uuid}/complete`, token: null, payload: {} });
    const res = await v1('GET', `/${uuid}`);
    expect(res.json().data).toMatchObject({ contact: null, status: 'completed' });
    await refusedUnchanged(() => v1('POST', `/${uuid}/rewards/claim`, { uuid: DEMO.rewardCoffee }), {
      reason: 'portal_session_ended',
    });
  });

  it('GET /{uuid}/brand-kit answers the four colours', async () => {
    const res = await v1('GET', `/${await session('')}/brand-kit`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data)).toEqual(
      expect.arrayContaining(['primary_color', 'secondary_color', 'tertiary_color', 'quaternary_color']),
    );
  });
});

describe('the customer', () => {
  it('GET /contacts answers the customer as the counter may show them', async () => {
    const uuid = await annaByCard();
    const res = await v1('GET', `/${uuid}/contacts?contact_uuid=${DEMO.anna}`);
    expect(res.statusCode).toBe(200);
    const contact = res.json().data;
    expect(contact).toMatchObject({
      uuid: DEMO.anna,
      email: 'a***@example.com',
      first_name: 'Anna',
      last_name: null,
      credit_balance: { balance: expect.any(Number) },
      prepaid_balance: { balance_in_cents: expect.any(Number) },
      current_display_values: { firstname: 'Anna', lastname: '', tier: 'Gold' },
      custom_attribute_values: {},
    });
    expect(contact.current_display_values.loyalty_number_of_transactions).toEqual(expect.any(Number));
    expect(JSON.stringify(contact)).not.toContain(DEMO.annaEmail);
    // Another contact is as unknown as it is at the counter.
    await expectError(await v1('GET', `/${uuid}/contacts?contact_uuid=${DEMO.ben}`), 55031, 404);
  });

  it('GET /contacts shows no visit figures to a customer known by e-mail alone', async () => {
    const res = await v1('GET', `/${await annaByEmail()}/contacts`);
    expect(res.json().data.current_display_values.loyalty_number_of_transactions).toBeNull();
  });

  it('POST /contacts {email}, as the component sends it, registers with no terms accepted and no consent', async () => {
    const uuid = await session('', { enable_registration: true, enable_email_identification: true });
    const email = `v1-${Date.now()}@example.com`;
    // The component's own steps: PUT {email} (55031), its "Create an account for …?", POST {email}, PUT {email}.
    await expectError(await v1('PUT', `/${uuid}`, { email }), 55031, 404);
    const res = await v1('POST', `/${uuid}/contacts`, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toMatch(/^v\*\*\*@example\.com$/);
    const identified = await v1('PUT', `/${uuid}`, { email });
    expect(identified.json().data.contact).toEqual({ uuid: res.json().data.uuid });
    // Nobody accepted for them: no acceptance kept, the terms pending, and no subscription.
    const contact = await t.app.db
      .selectFrom('contacts')
      .select(['id', 'terms_pending_since'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(contact.terms_pending_since).not.toBeNull();
    const accepted = await t.app.db
      .selectFrom('terms_acceptances')
      .select('id')
      .where('contact_id', '=', contact.id)
      .execute();
    expect(accepted).toEqual([]);
    const subscribed = await t.app.db
      .selectFrom('contact_subscriptions')
      .select('status')
      .where('contact_id', '=', contact.id)
      .where('status', '<>', 'UNSUBSCRIBED')
      .execute();
    expect(subscribed).toEqual([]);
    const events = (await v1('GET', `/${uuid}`)).json().data.events as { type: string; data: unknown }[];
    expect(events.find((e) => e.type === 'contact_registered')?.data).toMatchObject({ terms: null });
    // What the counter reads of them: the terms still to accept.
    const state = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
    expect(state.json().data.contact.terms_pending).toBe(true);
    await refusedUnchanged(() => v1('POST', `/${uuid}/contacts`, { email: `again-${email}` }), {
      reason: 'registration_done',
    });
  });

  it('the component offers no marketing preferences of its own: its registration takes no consent', async () => {
    const uuid = await session('', { enable_registration: true });
    const data = (await v1('GET', `/${uuid}`)).json().data;
    expect(data.input_data.enable_marketing_preferences).toBe(false);
  });

  it('the card-link registration: POST /contacts, then link-identifier links the unlinked card, which proves them', async () => {
    const uuid = await session('', { enable_registration: true, enable_email_identification: true });
    const card = `V1-REG-${Date.now()}`;
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/contact-identifiers',
          payload: { contact_identifier_value: card },
        })
      ).statusCode,
    ).toBe(201);
    const email = `v1-card-${Date.now()}@example.com`;
    await expectError(await v1('PUT', `/${uuid}`, { contact_identifier_value: card }), 55031, 404);
    await expectError(
      await v1('POST', `/${uuid}/contacts/link-identifier`, { contact_identifier_value: card, email }),
      55031,
      404,
    );
    expect((await v1('POST', `/${uuid}/contacts`, { email })).statusCode).toBe(200);
    const linked = await v1('POST', `/${uuid}/contacts/link-identifier`, {
      contact_identifier_value: card,
      email,
    });
    expect(linked.statusCode).toBe(200);
    expect((await v1('PUT', `/${uuid}`, { email })).statusCode).toBe(200);
    const state = await t.call({ method: 'GET', url: `/portal/api/sessions/${uuid}`, token: null });
    expect(state.json().data.contact_proof).toMatchObject({ proven: true });
    const cards = await v1('GET', `/${uuid}/contact-identifiers`);
    expect(cards.json().data).toEqual([expect.objectContaining({ value: card.slice(-4) })]);
  });

  it('after a registration, link-identifier takes only a card of the account that nobody holds', async () => {
    const uuid = await session('', { enable_registration: true, enable_email_identification: true });
    const email = `v1-nocard-${Date.now()}@example.com`;
    expect((await v1('POST', `/${uuid}/contacts`, { email })).statusCode).toBe(200);
    const before = await accountSnapshot(t.app.db);
    const made = await v1('POST', `/${uuid}/contacts/link-identifier`, {
      contact_identifier_value: `MADE-UP-${Date.now()}`,
      email,
    });
    const body = await expectError(made, 1003);
    expect(Object.keys(body.errors ?? {})).toEqual(['contact_identifier_value']);
    await expectError(
      await v1('POST', `/${uuid}/contacts/link-identifier`, {
        contact_identifier_value: DEMO.annaCard,
        email,
      }),
      60014,
      409,
    );
    await expectUnchanged(t.app.db, before);
  });

  it('POST /contacts/link-identifier links no card to an account by its e-mail alone', async () => {
    const uuid = await annaByEmail();
    await refusedUnchanged(
      () =>
        v1('POST', `/${uuid}/contacts/link-identifier`, {
          contact_identifier_value: DEMO.freeCard,
          email: DEMO.annaEmail,
        }),
      { reason: 'proof_required' },
    );
    // Nor, in a proven customer's session, to someone else's account.
    const proven = await annaByCard('', { enable_email_identification: true });
    await refusedUnchanged(
      () =>
        v1('POST', `/${proven}/contacts/link-identifier`, {
          contact_identifier_value: DEMO.freeCard,
          email: 'ben@example.com',
        }),
      { reason: 'proof_required' },
    );
    await expectError(
      await v1('POST', `/${proven}/contacts/link-identifier`, {
        contact_identifier_value: DEMO.freeCard,
        email: 'nobody@example.com',
      }),
      55031,
      404,
    );
  });

  it('POST /contacts/link-identifier adds the card for the proven customer', async () => {
    const uuid = await annaByCard('', { enable_email_identification: true });
    const card = `V1-CARD-${Date.now()}`;
    const res = await v1('POST', `/${uuid}/contacts/link-identifier`, {
      contact_identifier_value: card,
      email: DEMO.annaEmail,
    });
    expect(res.statusCode).toBe(200);
    const cards = await v1('GET', `/${uuid}/contact-identifiers`);
    expect(cards.json().data.map((c: { value: string }) => c.value)).toContain(card.slice(-4));
    expect(JSON.stringify(cards.json())).not.toContain(card);
    const removed = await v1('DELETE', `/${uuid}/contact-identifiers`, { value: card });
    expect(removed.json().data).toEqual({ value: card.slice(-4) });
  });

  it('DELETE /contact-identifiers needs the proof', async () => {
    const uuid = await annaByEmail();
    await refusedUnchanged(() => v1('DELETE', `/${uuid}/contact-identifiers`, { value: DEMO.annaCard }), {
      reason: 'proof_required',
    });
  });

  it('GET /contact-attributes offers nothing; PUT is refused', async () => {
    const uuid = await annaByCard();
    expect((await v1('GET', `/${uuid}/contact-attributes`)).json().data).toEqual({ new_elements: [] });
    await refusedUnchanged(() => v1('PUT', `/${uuid}/contact-attributes`, { firstname: 'Mallory' }), {
      reason: 'profile_not_at_counter',
    });
  });

  it('subscriptions: the types, the customer’s, and a change by name', async () => {
    const uuid = await annaByCard();
    const types = (await v1('GET', `/${uuid}/subscriptions`)).json().data as { name: string }[];
    expect(types[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      strategy: expect.any(String),
    });
    const mine = await v1('GET', `/${uuid}/subscriptions/contact`);
    expect(mine.json().data[0]).toMatchObject({
      subscription_type: { name: expect.any(String), strategy: expect.any(String) },
      is_subscribed: expect.any(Boolean),
      status: expect.any(String),
    });
    const name = types[0]!.name;
    const res = await v1('PUT', `/${uuid}/subscriptions`, { values: { [name]: false } });
    expect(res.statusCode).toBe(200);
    const changed = res
      .json()
      .data.find((s: { subscription_type: { name: string } }) => s.subscription_type.name === name);
    expect(changed.is_subscribed).toBe(false);
    const byEmail = await annaByEmail();
    await refusedUnchanged(() => v1('PUT', `/${byEmail}/subscriptions`, { values: { [name]: true } }), {
      reason: 'proof_required',
    });
  });

  it('GET /loyalty-transactions answers the array as the body', async () => {
    const credited = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { shop_uuid: DEMO.shop, contact_uuid: DEMO.anna, unit_value: 10 },
    });
    expect(credited.statusCode).toBe(201);
    const res = await v1('GET', `/${await annaByCard()}/loyalty-transactions`);
    expect(res.statusCode).toBe(200);
    const lines = res.json();
    expect(Array.isArray(lines)).toBe(true);
    expect(lines[0]).toEqual({
      uuid: expect.any(String),
      type: expect.any(Number),
      credits: expect.any(Number),
      created_at: expect.any(String),
      loyalty_transaction_data: { title: expect.any(String) },
    });
  });
});

describe('scanned codes', () => {
  it('GET /check-code answers what a code is, at the top level', async () => {
    const uuid = await session('/scan-anything');
    const check = async (code: string) =>
      (await v1('GET', `/${uuid}/check-code?code=${encodeURIComponent(code)}`)).json();
    expect(await check(DEMO.annaCard)).toEqual({ identifier: { value: DEMO.annaCard } });
    expect((await check(DEMO.voucherCode)).voucher).toMatchObject({ code: DEMO.voucherCode, contact: null });
    expect(await check(DEMO.giftcardHash)).toEqual({ giftcard: { hash: DEMO.giftcardHash } });
    const receipt =
      'https://shop.example/receipt?version=v1&shop_id=1&unique_id=R-1&credits=5&timestamp=1&hash=ab';
    expect(await check(receipt)).toEqual({ receipt_token: { value: receipt } });
    expectReason(await v1('GET', `/${uuid}/check-code?code=NOTHING-KNOWN`), 'code_not_recognised');
  });

  it('GET /vouchers/{code} and /vouchers/check/{code} judge the voucher and tell nobody’s e-mail', async () => {
    const uuid = await annaByCard('/vouchers');
    for (const path of [`/vouchers/${DEMO.voucherCode}`, `/vouchers/check/${DEMO.voucherCode}`]) {
      const res = await v1('GET', `/${uuid}${path}`);
      expect(res.json().data).toMatchObject({
        code: DEMO.voucherCode,
        status: 'ACTIVE',
        contact: null,
        unusable: null,
      });
    }
    await expectError(await v1('GET', `/${uuid}/vouchers/NO-SUCH-VOUCHER`), 80004, 404);
  });
});

describe('money', () => {
  it('GET /giftcards/{hash} answers the card with the code it was sent, which finds it again', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 1000 });
    const res = await v1('GET', `/${uuid}/giftcards/${DEMO.giftcardHash}`);
    expect(res.json().data).toMatchObject({
      uuid: DEMO.giftcard,
      hash: DEMO.giftcardHash,
      amount_in_cents: expect.any(Number),
    });
    // The component then opens the card by that hash: it is found again.
    const again = await v1('GET', `/${uuid}/giftcards/${res.json().data.hash}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.uuid).toBe(DEMO.giftcard);
    // Typed in lower case, or as its QR's link: the card's own code.
    const typed = await v1('GET', `/${uuid}/giftcards/${DEMO.giftcardHash.toLowerCase()}`);
    expect(typed.json().data.hash).toBe(DEMO.giftcardHash);
    const qr = encodeURIComponent(`https://cards.example/giftcard?hash=${DEMO.giftcardHash}`);
    const checked = await v1('GET', `/${uuid}/check-code?code=${qr}`);
    expect(checked.json()).toEqual({ giftcard: { hash: DEMO.giftcardHash } });
  });

  it('a card holding less than what is left pays its balance, asked as the component asks it', async () => {
    const card = await t.call({
      method: 'POST',
      url: '/giftcards',
      payload: { type: 1, giftcard_program_uuid: DEMO.giftcardProgram },
    });
    const { uuid: cardUuid, hash } = card.json().data as { uuid: string; hash: string };
    await t.call({
      method: 'POST',
      url: '/giftcard-transactions',
      token: DEMO.registerKey,
      payload: { giftcard_uuid: cardUuid, amount_in_cents: 300 },
    });
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 800, allow_multiple_giftcards: true });
    expect((await v1('GET', `/${uuid}/giftcards/${hash}`)).json().data.amount_in_cents).toBe(300);
    // min(what is left, the card's balance): the charge, and no other amount.
    await refusedUnchanged(
      () => v1('POST', `/${uuid}/giftcards/transaction`, { uuid: cardUuid, amount_in_cents: -800 }),
      { reason: 'amount_set_by_session' },
    );
    const paid = await v1('POST', `/${uuid}/giftcards/transaction`, {
      uuid: cardUuid,
      amount_in_cents: -300,
    });
    expect(paid.json().data).toEqual({ uuid: expect.any(String), amount_in_cents: -300 });
    expect((await v1('GET', `/${uuid}`)).json().data.results.remaining_amount).toBe(500);
  });

  it('POST /giftcards/transaction pays what remains, and no other amount', async () => {
    const uuid = await session('/redeem-giftcards', { amount_in_cents: 300 });
    await refusedUnchanged(
      () => v1('POST', `/${uuid}/giftcards/transaction`, { uuid: DEMO.giftcard, amount_in_cents: -5000 }),
      { reason: 'amount_set_by_session' },
    );
    const res = await v1('POST', `/${uuid}/giftcards/transaction`, {
      uuid: DEMO.giftcard,
      amount_in_cents: -300,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ uuid: expect.any(String), amount_in_cents: -300 });
    expect((await v1('GET', `/${uuid}`)).json().data.results.remaining_amount).toBe(0);
  });

  it('a GIFTCARD session pays or tops up: the first is the choice', async () => {
    const uuid = await session('/giftcard', { amount_in_cents: 200 });
    const paid = await v1('POST', `/${uuid}/giftcards/transaction`, {
      uuid: DEMO.giftcard,
      amount_in_cents: -200,
    });
    expect(paid.statusCode).toBe(200);
    await refusedUnchanged(
      () => v1('POST', `/${uuid}/giftcards/transaction`, { uuid: DEMO.giftcard, amount_in_cents: 200 }),
      { reason: 'giftcard_choice_made' },
    );
    const other = await session('/giftcard', { amount_in_cents: 200 });
    const topUp = await v1('POST', `/${other}/giftcards/transaction`, {
      uuid: DEMO.giftcard,
      amount_in_cents: 200,
    });
    expect(topUp.json().data).toEqual({ uuid: expect.any(String), amount_in_cents: 200 });
    await refusedUnchanged(
      () => v1('POST', `/${other}/giftcards/transaction`, { uuid: DEMO.giftcard, amount_in_cents: -200 }),
      { reason: 'giftcard_choice_made' },
    );
  });

  it('a top-up moves the session’s amount only', async () => {
    const uuid = await session('/top-up-giftcards', { amount_in_cents: 1000 });
    await refusedUnchanged(
      () =>
        v1('POST', `/${uuid}/giftcards/transaction`, { uuid: DEMO.giftcard, amount_in_cents: 10_000_000 }),
      { reason: 'amount_set_by_session' },
    );
  });

  it('GET /prepaid and POST /prepaid/transaction pay the session’s amount after the proof', async () => {
    const byEmail = await annaByEmail('/pay-prepaid', { amount_in_cents: 500 });
    expect((await v1('GET', `/${byEmail}/prepaid`)).json().data).toEqual({
      balance_in_cents: expect.any(Number),
    });
    await refusedUnchanged(() => v1('POST', `/${byEmail}/prepaid/transaction`, { amount_in_cents: -500 }), {
      reason: 'proof_required',
    });
    const uuid = await session('/pay-prepaid', { amount_in_cents: 500 });
    await refusedUnchanged(
      () =>
        v1('POST', `/${uuid}/prepaid/transaction`, {
          amount_in_cents: -2000,
          contact_identifier_value: DEMO.annaCard,
        }),
      { reason: 'amount_set_by_session' },
    );
    const res = await v1('POST', `/${uuid}/prepaid/transaction`, {
      amount_in_cents: -500,
      contact_identifier_value: DEMO.annaCard,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: expect.any(String),
      amount_in_cents: -500,
      unpaid_in_cents: 0,
    });
    await refusedUnchanged(() => v1('POST', `/${uuid}/prepaid/transaction`, { amount_in_cents: -500 }), {
      reason: 'prepaid_transaction_done',
    });
  });

  it('a prepaid payment may be asked as what it charges, min(amount, balance)', async () => {
    const customer = await t.call({
      method: 'POST',
      url: '/contacts',
      payload: { email: `v1-pp-${Date.now()}@example.com` },
    });
    const contactUuid = customer.json().data.uuid as string;
    await t.call({
      method: 'POST',
      url: '/prepaid-transactions',
      token: DEMO.registerKey,
      payload: { contact_uuid: contactUuid, amount_in_cents: 300 },
    });
    const uuid = await session('/pay-prepaid', { amount_in_cents: 1000, contact_uuid: contactUuid });
    const res = await v1('POST', `/${uuid}/prepaid/transaction`, { amount_in_cents: -300 });
    expect(res.json().data).toMatchObject({ amount_in_cents: -300, unpaid_in_cents: 700 });
    expect((await v1('GET', `/${uuid}`)).json().data.results.remaining_amount).toBe(700);
  });

  it('a PREPAID session pays or tops up, once', async () => {
    const uuid = await annaByCard('/prepaid', { amount_in_cents: 400 });
    const res = await v1('POST', `/${uuid}/prepaid/transaction`, { amount_in_cents: 400 });
    expect(res.json().data).toEqual({ uuid: expect.any(String), amount_in_cents: 400 });
    await refusedUnchanged(() => v1('POST', `/${uuid}/prepaid/transaction`, { amount_in_cents: -400 }), {
      reason: 'prepaid_transaction_done',
    });
  });

  it('POST /credit-receptions/create credits the session’s amount, no other', async () => {
    const uuid = await session('/credit-reception', { contact_uuid: DEMO.anna, amount_in_cents: 1250 });
    await refusedUnchanged(() => v1('POST', `/${uuid}/credit-receptions/create`, { unit_value: 999 }), {
      reason: 'amount_set_by_session',
    });
    const res = await v1('POST', `/${uuid}/credit-receptions/create`, { unit_value: 12.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      uuid: expect.any(String),
      credits: expect.any(Number),
      created_at: expect.any(String),
    });
    const events = (await v1('GET', `/${uuid}`)).json().data.events as {
      type: string;
      data: { credits?: number };
    }[];
    expect(events.find((e) => e.type === 'credit_reception')?.data.credits).toBe(res.json().data.credits);
  });
});

describe('vouchers and rewards', () => {
  it('GET /vouchers lists the customer’s; redeeming needs the proof', async () => {
    const byEmail = await annaByEmail('/vouchers');
    await refusedUnchanged(() => v1('POST', `/${byEmail}/vouchers/redeem`, { code: DEMO.voucherCode }), {
      reason: 'proof_required',
    });
    const uuid = await annaByCard('/vouchers');
    const list = await v1('GET', `/${uuid}/vouchers`);
    expect(list.json().data[0]).toMatchObject({
      uuid: expect.any(String),
      code: expect.any(String),
      name: expect.any(String),
      status: 'ACTIVE',
      promotion: { image: expect.anything() },
    });
  });

  it('POST /vouchers/redeem redeems by code', async () => {
    const uuid = await annaByCard('/vouchers');
    const code = (await v1('GET', `/${uuid}/vouchers`)).json().data.at(-1).code as string;
    const res = await v1('POST', `/${uuid}/vouchers/redeem`, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code, status: 'REDEEMED' });
  });

  it('GET /rewards lists; POST /rewards/claim claims after the proof', async () => {
    const byEmail = await annaByEmail();
    const rewards = await v1('GET', `/${byEmail}/rewards`);
    expect(rewards.json().data[0]).toMatchObject({
      uuid: expect.any(String),
      title: expect.any(String),
      required_credits: expect.any(Number),
    });
    await refusedUnchanged(() => v1('POST', `/${byEmail}/rewards/claim`, { uuid: DEMO.rewardCoffee }), {
      reason: 'proof_required',
    });
    const uuid = await annaByCard();
    const res = await v1('POST', `/${uuid}/rewards/claim`, { uuid: DEMO.rewardCoffee });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toEqual(expect.any(String));
  });

  it('a call outside the session’s type is refused', async () => {
    const uuid = await annaByCard('/vouchers');
    await refusedUnchanged(() => v1('POST', `/${uuid}/rewards/claim`, { uuid: DEMO.rewardCoffee }), {
      reason: 'not_allowed_in_session',
    });
  });
});
