import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerChange,
  customerHistory,
  customerSearchResult,
  officeCustomer,
} from '../../src/contract/office-customers';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { expectContactTotalsMatchHistory, expectLedgersBalanced } from '../helpers/ledger';
import { meCall, meCookie } from '../helpers/me';
import { auditOf, officeCall, staffMember, type TestStaff } from '../helpers/office';
import { openSession } from '../helpers/portal';

/*
 * Customer service in the office (docs/office.md "Customer service"): find, read, correct points,
 * reverse, block a card, export and erase, each in the audit log; and who may do what.
 */

let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffMember(t, 'owner');
});
afterAll(async () => t?.close());

/** A customer of the test's own: e-mail, names, a card, and `credits` received at Amsterdam. */
async function customer(credits = 40) {
  const tag = randomBytes(4).toString('hex');
  const email = `mail-${tag}@example.com`;
  const card = `CS-${tag}`;
  const made = await t.call({
    method: 'POST',
    url: '/contacts',
    payload: { email },
  });
  expect(made.statusCode).toBe(201);
  const uuid = made.json().data.uuid as string;
  await t.app.db
    .updateTable('contacts')
    .set({ firstname: `Wilhelmina${tag}`, lastname: `Zeeman${tag}` })
    .where('uuid', '=', uuid)
    .execute();
  const linked = await t.call({
    method: 'POST',
    url: '/contact-identifiers',
    payload: { contact_identifier_value: card, contact_identifier_name: 'Loyalty card', contact_uuid: uuid },
  });
  expect(linked.statusCode).toBe(201);
  let reception: string | null = null;
  if (credits > 0) {
    const res = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: uuid, shop_uuid: DEMO.shop, credits },
    });
    expect(res.statusCode).toBe(201);
    reception = res.json().data.uuid;
  }
  const { id } = await t.app.db
    .selectFrom('contact_identifiers')
    .select('id')
    .where('value', '=', card)
    .executeTakeFirstOrThrow();
  return { uuid, email, card, cardId: id, tag, reception };
}

const call = (
  who: TestStaff,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  officeCall(t, who.cookie, {
    method,
    path,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });

const search = async (who: TestStaff, query: string) => {
  const res = await call(who, 'POST', '/customers/search', { query });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return customerSearchResult.parse(res.json());
};
const page = async (who: TestStaff, uuid: string) => {
  const res = await call(who, 'GET', `/customers/${uuid}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return officeCustomer.parse(res.json());
};
const history = async (who: TestStaff, uuid: string) => {
  const res = await call(who, 'GET', `/customers/${uuid}/history`);
  expect(res.statusCode).toBe(200);
  return customerHistory.parse(res.json());
};
const storedCentiOf = async (uuid: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('contacts')
        .select('credit_balance_centi')
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow()
    ).credit_balance_centi,
  );

describe('office customers: finding a customer', () => {
  it('finds by e-mail (exact and its start), by card (exact), by name (start; first and last)', async () => {
    const c = await customer();
    for (const query of [
      c.email,
      c.email.toUpperCase(),
      `mail-${c.tag}@`,
      c.card,
      `wilhelmina${c.tag}`,
      `Zeeman${c.tag}`,
      `Wilhelmina${c.tag} Zee`,
    ]) {
      const found = await search(owner, query);
      expect(
        found.customers.map((x) => x.uuid),
        query,
      ).toEqual([c.uuid]);
    }
    expect((await search(owner, c.card)).customers[0]!.matched).toBe('card');
    // A part of a card or the middle of a name finds nothing: no guessing beyond what is typed.
    expect((await search(owner, c.card.slice(0, -2))).customers).toEqual([]);
    expect((await search(owner, c.tag)).customers).toEqual([]);
  });

  it('answers a small page (10) and says there is more; a too-short query names query (422)', async () => {
    const tag = randomBytes(3).toString('hex');
    for (let i = 0; i < 12; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/contacts',
        payload: { email: `many${tag}-${i}@example.com` },
      });
      expect(res.statusCode).toBe(201);
    }
    const found = await search(owner, `many${tag}-`);
    expect(found.customers.length).toBe(10);
    expect(found.more).toBe(true);
    expect((await search(owner, `many${tag}-11@`)).customers.map((c) => c.email)).toEqual([
      `many${tag}-11@example.com`,
    ]);
    const short = await call(owner, 'POST', '/customers/search', { query: 'a' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toHaveProperty('query');
  });
});

describe("office customers: a customer's page", () => {
  it('shows balances, tier, cards (as hints) and history; an unknown uuid is 404', async () => {
    const c = await customer(40);
    const shown = await page(owner, c.uuid);
    expect(shown).toMatchObject({ uuid: c.uuid, email: c.email, credits: 40, prepaid_balance_in_cents: 0 });
    expect(shown.cards).toEqual([
      { id: c.cardId, value_hint: c.card.slice(-4), name: 'Loyalty card', active: true, blocked_at: null },
    ]);
    const anna = await page(owner, DEMO.anna);
    expect(anna.tier?.name).toBeTruthy();
    expect(anna.prepaid_balance_in_cents).toBeGreaterThan(0);
    const lines = (await history(owner, c.uuid)).lines;
    expect(lines).toEqual([
      expect.objectContaining({ type: 'credit_reception', uuid: c.reception, credits: 40, reversed: false }),
    ]);
    expectReason(
      await call(owner, 'GET', '/customers/d0000000-0000-4000-8000-00000000ffff'),
      'customer_not_found',
    );
    expectReason(
      await call(owner, 'GET', '/customers/d0000000-0000-4000-8000-00000000ffff/history'),
      'customer_not_found',
    );
  });
});

describe('office customers: correcting points', () => {
  it('adds and takes credits with a reason, as a credit reception in the history, the ledger and the audit log', async () => {
    const c = await customer(40);
    const res = await call(owner, 'POST', `/customers/${c.uuid}/credit-corrections`, {
      shop_uuid: DEMO.shop,
      credits: -15.5,
      reason: 'Double scan on 2 May',
    });
    expect(res.statusCode).toBe(201);
    const change = customerChange.parse(res.json());
    expect(change.customer.credits).toBe(24.5);
    expect(await storedCentiOf(c.uuid)).toBe(2450);
    const lines = (await history(owner, c.uuid)).lines;
    expect(lines[0]).toMatchObject({
      uuid: change.made.uuid,
      credits: -15.5,
      reason: 'Double scan on 2 May',
    });
    const [entry] = await auditOf(t, c.uuid);
    expect(entry).toMatchObject({
      action: 'customer.credits_corrected',
      staff_id: owner.id,
      subject_type: 'contact',
      before: { credits: 40 },
      after: {
        credits: 24.5,
        correction: -15.5,
        reason: 'Double scan on 2 May',
        credit_reception: change.made.uuid,
      },
    });
    // Nothing personal beyond the reason in the entry.
    expect(JSON.stringify(entry)).not.toContain(c.email);
    await expectLedgersBalanced(t.app.db);
    await expectContactTotalsMatchHistory(t.app.db);
  });

  it('refuses without a reason (422 naming reason) and below a zero balance (422), changing nothing', async () => {
    const c = await customer(10);
    for (const reason of [undefined, '', '   ']) {
      const res = await call(owner, 'POST', `/customers/${c.uuid}/credit-corrections`, {
        shop_uuid: DEMO.shop,
        credits: 5,
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('reason');
    }
    const below = await call(owner, 'POST', `/customers/${c.uuid}/credit-corrections`, {
      shop_uuid: DEMO.shop,
      credits: -10.01,
      reason: 'Too much',
    });
    expectReason(below, 'credit_balance_below_zero');
    expect(below.json().errors).toHaveProperty('credits');
    expect(await storedCentiOf(c.uuid)).toBe(1000);
    expect((await history(owner, c.uuid)).lines.length).toBe(1);
    expect(await auditOf(t, c.uuid)).toEqual([]);
  });

  it('is idempotent with an Idempotency-Key: a retry answers the first correction and books nothing more', async () => {
    const c = await customer(0);
    const key = uniqueId('retry');
    const body = { shop_uuid: DEMO.shop, credits: 7, reason: 'Missed at the till' };
    const first = await call(owner, 'POST', `/customers/${c.uuid}/credit-corrections`, body, {
      'idempotency-key': key,
    });
    const again = await call(owner, 'POST', `/customers/${c.uuid}/credit-corrections`, body, {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().made).toEqual(first.json().made);
    expect(await storedCentiOf(c.uuid)).toBe(700);
    expect((await auditOf(t, c.uuid)).length).toBe(1);
  });
});

/** A digital gift card of the test's own with `cents` on it. */
async function giftcardWith(cents: number) {
  const card = await t.call({
    method: 'POST',
    url: '/giftcards',
    payload: { type: 1, giftcard_program_uuid: DEMO.giftcardProgram },
  });
  expect(card.statusCode).toBe(201);
  const giftcard = card.json().data.uuid as string;
  const top = await t.call({
    method: 'POST',
    url: '/giftcard-transactions',
    payload: { giftcard_uuid: giftcard, amount_in_cents: cents, shop_uuid: DEMO.shop },
  });
  expect(top.statusCode).toBe(201);
  return giftcard;
}

/** Customer `uuid` pays `pay` cents with `giftcard` in a portal session: the transaction's uuid. */
async function payWith(uuid: string, giftcard: string, pay: number): Promise<string> {
  const session = await openSession(t, '/redeem-giftcards', { amount_in_cents: pay, contact_uuid: uuid });
  const paid = await t.call({
    method: 'POST',
    url: `/portal/api/sessions/${session}/giftcards/redeem`,
    token: null,
    payload: { giftcard_uuid: giftcard },
  });
  expect(paid.statusCode).toBe(200);
  const transaction = paid.json().data.payment?.transaction_uuid as string | undefined;
  expect(transaction).toBeTruthy();
  return transaction!;
}

describe('office customers: reversals', () => {
  it('reverses a credit reception: the reversal shows in the history and the balance equals the ledger; not twice, never a reversal', async () => {
    const c = await customer(30);
    const res = await call(owner, 'POST', `/customers/${c.uuid}/reversals`, {
      type: 'credit_reception',
      uuid: c.reception,
    });
    expect(res.statusCode).toBe(200);
    const change = customerChange.parse(res.json());
    expect(change.customer.credits).toBe(0);
    const lines = (await history(owner, c.uuid)).lines;
    expect(lines.find((l) => l.uuid === change.made.uuid)).toMatchObject({ credits: -30, is_reversal: true });
    expect(lines.find((l) => l.uuid === c.reception)).toMatchObject({ reversed: true });
    await expectLedgersBalanced(t.app.db);
    expectReason(
      await call(owner, 'POST', `/customers/${c.uuid}/reversals`, {
        type: 'credit_reception',
        uuid: c.reception,
      }),
      'credit_reception_already_reversed',
    );
    expectReason(
      await call(owner, 'POST', `/customers/${c.uuid}/reversals`, {
        type: 'credit_reception',
        uuid: change.made.uuid,
      }),
      'reversal_not_reversible',
    );
    expect((await auditOf(t, c.uuid)).map((e) => e.action)).toEqual(['customer.reversed']);
  });

  it('reverses a reward reception (credits returned) and a gift card’s last transaction; refuses a gift card’s earlier one', async () => {
    const c = await customer(60);
    const reward = await t.call({
      method: 'POST',
      url: '/reward-receptions',
      payload: { contact_uuid: c.uuid, shop_uuid: DEMO.shop, reward_uuid: DEMO.rewardCoffee },
    });
    expect(reward.statusCode).toBe(201);
    const claimed = reward.json().data.uuid as string;
    expect((await page(owner, c.uuid)).credits).toBe(10);
    const back = await call(owner, 'POST', `/customers/${c.uuid}/reversals`, {
      type: 'reward_reception',
      uuid: claimed,
    });
    expect(back.statusCode).toBe(200);
    expect(customerChange.parse(back.json()).customer.credits).toBe(60);
    expect((await history(owner, c.uuid)).lines.find((l) => l.uuid === claimed)).toMatchObject({
      reversed: true,
    });

    const giftcard = await giftcardWith(2000);
    const earlier = await payWith(c.uuid, giftcard, 500);
    const last = await payWith(c.uuid, giftcard, 300);
    // The card's last transaction is reversible, an earlier one not (the API's rule).
    const refused = await call(owner, 'POST', `/customers/${c.uuid}/reversals`, {
      type: 'giftcard_transaction',
      uuid: earlier,
    });
    expect(refused.json().code).toBe(55025);
    const undo = await call(owner, 'POST', `/customers/${c.uuid}/reversals`, {
      type: 'giftcard_transaction',
      uuid: last,
    });
    expect(undo.statusCode).toBe(200);
    const lines = (await history(owner, c.uuid)).lines;
    expect(lines.find((l) => l.uuid === last)).toMatchObject({ reversed: true });
    expect(lines.find((l) => l.uuid === customerChange.parse(undo.json()).made.uuid)).toMatchObject({
      amount_in_cents: 300,
      is_reversal: true,
    });
    const card = (await page(owner, c.uuid)).giftcards.find((g) => g.uuid === giftcard);
    expect(card?.balance_in_cents).toBe(1500);
    await expectLedgersBalanced(t.app.db);
  });

  it("refuses another customer's reception as unknown (404)", async () => {
    const a = await customer(10);
    const b = await customer(10);
    expectReason(
      await call(owner, 'POST', `/customers/${a.uuid}/reversals`, {
        type: 'credit_reception',
        uuid: b.reception,
      }),
      'customer_transaction_not_found',
    );
    expect(await storedCentiOf(b.uuid)).toBe(1000);
  });
});

describe('office customers: blocking a card', () => {
  it('a blocked card is refused by the public lookup, the counter scan and a reception; unblocked it works again', async () => {
    const c = await customer(5);
    const block = await call(owner, 'PUT', `/customers/${c.uuid}/cards/${c.cardId}`, { blocked: true });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({ active: false, blocked_at: expect.any(String) });
    const lookup = () =>
      t.call({ method: 'GET', url: `/contact-identifiers/find?contact_identifier_value=${c.card}` });
    const refused = await lookup();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 60004, reason: 'card_blocked' });
    const session = await openSession(t);
    const scan = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${session}/identify`,
      token: null,
      payload: { value: c.card },
    });
    expect(scan.statusCode).toBe(422);
    expect(scan.json()).toMatchObject({ reason: 'card_blocked' });
    const credited = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: c.uuid, shop_uuid: DEMO.shop, credits: 1, contact_identifier_value: c.card },
    });
    expect(credited.json()).toMatchObject({ reason: 'card_blocked' });

    const unblock = await call(owner, 'PUT', `/customers/${c.uuid}/cards/${c.cardId}`, { blocked: false });
    expect(unblock.json()).toMatchObject({ active: true, blocked_at: null });
    expect((await lookup()).statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${await openSession(t)}/identify`,
      token: null,
      payload: { value: c.card },
    });
    expect(again.json().data.result).toBe('identified');
    const entries = await auditOf(t, c.uuid);
    expect(entries.map((e) => [e.action, e.after])).toEqual([
      ['customer.card_blocked', { card: c.card.slice(-4), blocked: true }],
      ['customer.card_unblocked', { card: c.card.slice(-4), blocked: false }],
    ]);
    expect(JSON.stringify(entries)).not.toContain(c.card);
  });

  it("refuses another customer's card (404) and a manager (403)", async () => {
    const a = await customer(0);
    const b = await customer(0);
    expectReason(
      await call(owner, 'PUT', `/customers/${a.uuid}/cards/${b.cardId}`, { blocked: true }),
      'card_not_found',
    );
    const manager = await staffMember(t, 'manager', [DEMO.shop]);
    expectReason(
      await call(manager, 'PUT', `/customers/${a.uuid}/cards/${a.cardId}`, { blocked: true }),
      'office_not_allowed',
    );
  });
});

describe('office customers: export and erasure (as /me/)', () => {
  it('exports the same data as /me/ does, as a JSON attachment, and records who took it', async () => {
    const c = await customer(12);
    const res = await call(owner, 'POST', `/customers/${c.uuid}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="customer-data.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.contact).toMatchObject({ uuid: c.uuid, email: c.email });
    expect(data.tables.credit_receptions).toHaveLength(1);
    expect(data.tables.contact_identifiers.map((r: { value: string }) => r.value)).toEqual([c.card]);
    const mine = await meCall(t, await meCookie(t, c.uuid), { method: 'GET', path: '/export' });
    const { exported_at: _a, tables: ours, ...rest } = data;
    const { exported_at: _b, tables: theirs, ...restMe } = mine.json();
    expect(rest).toEqual(restMe);
    // The same tables (the /me/ sign-in itself and the export's entry aside).
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(ours.credit_receptions).toEqual(theirs.credit_receptions);
    expect((await auditOf(t, c.uuid)).map((e) => [e.action, e.after])).toEqual([
      ['customer.exported', { exported: true }],
    ]);
  });

  it('erases as /me/ does: personal data and cards gone, ledgers kept, audit values erased', async () => {
    const c = await customer(25);
    await call(owner, 'POST', `/customers/${c.uuid}/credit-corrections`, {
      shop_uuid: DEMO.shop,
      credits: 5,
      reason: `Asked by ${c.email}`,
    });
    const res = await call(owner, 'POST', `/customers/${c.uuid}/erase`);
    expect(res.statusCode).toBe(204);
    expectReason(await call(owner, 'GET', `/customers/${c.uuid}`), 'customer_not_found');
    expect((await search(owner, c.email)).customers).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/contacts/${c.uuid}` })).statusCode).toBe(404);
    const lookup = await t.call({
      method: 'GET',
      url: `/contact-identifiers/find?contact_identifier_value=${c.card}`,
    });
    expect(lookup.statusCode).toBe(404);
    const [correction, erased] = await auditOf(t, c.uuid).then(async (old) => [
      old[0],
      await t.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'customer.erased')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    ]);
    expect(correction).toMatchObject({
      action: 'customer.credits_corrected',
      before: { erased: true },
      after: { erased: true },
    });
    expect(erased).toMatchObject({ staff_id: owner.id, before: null, after: null });
    const left = await t.app.db
      .selectFrom('credit_corrections')
      .selectAll()
      .where('reason', 'like', `%${c.email}%`)
      .execute();
    expect(left).toEqual([]);
    await expectLedgersBalanced(t.app.db);
    await expectContactTotalsMatchHistory(t.app.db);
  });

  it('export and erasure are the owner’s: a manager is refused (403), nothing changes', async () => {
    const c = await customer(0);
    const manager = await staffMember(t, 'manager', [DEMO.shop]);
    expectReason(await call(manager, 'POST', `/customers/${c.uuid}/export`), 'office_not_allowed');
    expectReason(await call(manager, 'POST', `/customers/${c.uuid}/erase`), 'office_not_allowed');
    expect((await page(owner, c.uuid)).email).toBe(c.email);
  });
});

describe('office customers: who may do what', () => {
  it('a cashier and a signed-out caller are refused everywhere', async () => {
    const c = await customer(0);
    const cashier = await staffMember(t, 'cashier');
    const calls = [
      ['POST', '/customers/search', { query: c.email }],
      ['GET', `/customers/${c.uuid}`],
      ['GET', `/customers/${c.uuid}/history`],
      ['POST', `/customers/${c.uuid}/credit-corrections`, { shop_uuid: DEMO.shop, credits: 1, reason: 'x' }],
      ['POST', `/customers/${c.uuid}/reversals`, { type: 'credit_reception', uuid: 'x' }],
      ['PUT', `/customers/${c.uuid}/cards/${c.cardId}`, { blocked: true }],
      ['POST', `/customers/${c.uuid}/export`],
      ['POST', `/customers/${c.uuid}/erase`],
    ] as const;
    for (const [method, path, payload] of calls) {
      expectReason(await call(cashier, method, path, payload), 'office_not_allowed');
      expectReason(
        await officeCall(t, null, { method, path, ...(method === 'GET' ? {} : { payload: payload ?? {} }) }),
        'office_signed_out',
      );
    }
  });

  it("a manager of Utrecht finds any customer, reads only Utrecht's history, corrects and reverses at Utrecht only", async () => {
    const c = await customer(20); // received at Amsterdam
    const utrecht = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      payload: { contact_uuid: c.uuid, shop_uuid: DEMO.shopUtrecht, credits: 3 },
    });
    const manager = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    expect((await search(manager, c.email)).customers.map((x) => x.uuid)).toEqual([c.uuid]);
    expect((await page(manager, c.uuid)).credits).toBe(23);
    const seen = await history(manager, c.uuid);
    expect(seen.lines.map((l) => l.uuid)).toEqual([utrecht.json().data.uuid]);
    expect(seen.other_shops).toBe(true);
    const hist = await call(manager, 'GET', `/customers/${c.uuid}/history`);
    expect(hist.body).not.toContain(c.reception!);
    expect(hist.body).not.toContain('Amsterdam');
    // Amsterdam's reception answers as unknown; a correction at Amsterdam is not theirs.
    expectReason(
      await call(manager, 'POST', `/customers/${c.uuid}/reversals`, {
        type: 'credit_reception',
        uuid: c.reception,
      }),
      'customer_transaction_not_found',
    );
    expectReason(
      await call(manager, 'POST', `/customers/${c.uuid}/credit-corrections`, {
        shop_uuid: DEMO.shop,
        credits: 1,
        reason: 'x',
      }),
      'office_not_allowed',
    );
    const atUtrecht = await call(manager, 'POST', `/customers/${c.uuid}/credit-corrections`, {
      shop_uuid: DEMO.shopUtrecht,
      credits: -2,
      reason: 'Wrong amount typed',
    });
    expect(atUtrecht.statusCode).toBe(201);
    const undo = await call(manager, 'POST', `/customers/${c.uuid}/reversals`, {
      type: 'credit_reception',
      uuid: utrecht.json().data.uuid,
    });
    expect(undo.statusCode).toBe(200);
    expect(await storedCentiOf(c.uuid)).toBe(1800);
    const entries = await auditOf(t, c.uuid);
    expect(entries.map((e) => [e.action, e.staff_id])).toEqual([
      ['customer.credits_corrected', manager.id],
      ['customer.reversed', manager.id],
    ]);
    // Their entries are of Utrecht: the manager reads them in the audit log.
    const log = await call(manager, 'GET', '/audit');
    expect(log.json().entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['customer.credits_corrected', 'customer.reversed']),
    );
  });

  it('unknown uuids and guesses: 404 for every customer route, nothing changes', async () => {
    for (const uuid of ['d0000000-0000-4000-8000-0000000000ff', 'not-a-uuid', "1' or '1'='1"]) {
      const path = `/customers/${encodeURIComponent(uuid)}`;
      expectReason(await call(owner, 'GET', path), 'customer_not_found');
      expectReason(
        await call(owner, 'POST', `${path}/credit-corrections`, {
          shop_uuid: DEMO.shop,
          credits: 1,
          reason: 'x',
        }),
        'customer_not_found',
      );
      expectReason(await call(owner, 'PUT', `${path}/cards/1`, { blocked: true }), 'customer_not_found');
      expectReason(await call(owner, 'POST', `${path}/erase`), 'customer_not_found');
    }
    expect((await search(owner, "%' or 1=1 --")).customers).toEqual([]);
    expect((await search(owner, '%%')).customers).toEqual([]);
    expect((await search(owner, '__')).customers).toEqual([]);
  });
});
