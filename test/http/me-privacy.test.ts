import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meExport } from '../../src/contract/me';
import { WEBHOOK_EVENTS } from '../../src/contract/public/webhooks';
import type { Database } from '../../src/service/db/schema';
import { createTestApp, DEMO, type TestApp, uniqueId, withOwnApp } from '../helpers/app';
import { consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { expectContactTotalsMatchHistory, expectLedgersBalanced } from '../helpers/ledger';
import { meCall, meCookie } from '../helpers/me';
import { openSession } from '../helpers/portal';
import { lastCodeSentTo } from '../helpers/verification';

let t: TestApp;
beforeAll(async () => {
  // Its webhook subscriptions name a loopback URL, which takes the operator's leave.
  t = await createTestApp({ argv: ['--webhook-allow-private-networks'] });
  // The outbox then holds the contact's values too (events for the POS), which erasure must reach.
  for (const event_type of ['contact_created', 'contact_updated', 'credit_reception_created']) {
    const res = await t.call({
      method: 'POST',
      url: '/webhook-subscriptions',
      payload: { name: uniqueId('hook'), url: 'http://127.0.0.1:4199/hook', event_type },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

const FREE_COFFEE = 'e0000000-0000-4000-8000-000000000001';
const TWO_FOR_ONE = '90000000-0000-4000-8000-000000000002';

/** A contact of the test's own with data in as many tables as the API reaches, and what is personal about it. */
async function richContact() {
  const tag = randomBytes(4).toString('hex');
  const email = `erase-${tag}@example.com`;
  const personal = {
    email,
    firstname: `Zelmira${tag}`,
    lastname: `Quistorp${tag}`,
    phonenumber: `+3161${parseInt(tag, 16) % 10_000_000}`,
    a_custom_attribute: `Keeps a parrot named ${tag}`,
    cards: [`ME-${tag}-A`, `ME-${tag}-B`],
  };
  const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, headers = {}) =>
    t.call({ method, url, payload, headers });
  const created = await call('POST', '/contacts', { email });
  expect(created.statusCode).toBe(201);
  const uuid = created.json().data.uuid as string;
  const cookie = await meCookie(t, uuid);
  const profile = await meCall(t, cookie, {
    method: 'PUT',
    path: '/profile',
    payload: {
      firstname: personal.firstname,
      lastname: personal.lastname,
      phonenumber: personal.phonenumber,
      a_custom_attribute: personal.a_custom_attribute,
      dier: 'dog',
      dieet: ['vegan'],
    },
  });
  expect(profile.statusCode).toBe(200);
  for (const code of personal.cards) {
    // A card the shop handed out (/me/ adds only those).
    await call('POST', '/contact-identifiers', {
      contact_identifier_value: code,
      contact_identifier_name: 'Loyalty card',
    });
    expect((await meCall(t, cookie, { method: 'POST', path: '/cards', payload: { code } })).statusCode).toBe(
      201,
    );
  }
  // The ledgers: credits (twice, one replayable by its Idempotency-Key), prepaid, a reward.
  expect(
    (
      await call(
        'POST',
        '/credit-receptions',
        { contact_uuid: uuid, shop_uuid: DEMO.shop, credits: 40 },
        { 'idempotency-key': uniqueId('erase') },
      )
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/credit-receptions', {
        contact_uuid: uuid,
        shop_uuid: DEMO.shopUtrecht,
        credits: 15,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/prepaid-transactions', {
        contact_uuid: uuid,
        shop_uuid: DEMO.shop,
        amount_in_cents: 2500,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/reward-receptions', {
        contact_uuid: uuid,
        shop_uuid: DEMO.shop,
        reward_uuid: FREE_COFFEE,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/bookings', {
        contact_uuid: uuid,
        shop_uuid: DEMO.shop,
        company_name: `Quistorp BV ${tag}`,
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/api/v3/oauth/clients/visits', {
        contact_uuid: uuid,
        shop_uuid: DEMO.shop,
        starts_at: '2026-11-20T10:00:00+01:00',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await meCall(t, cookie, { method: 'PUT', path: '/subscriptions/1', payload: { subscribed: true } }))
      .statusCode,
  ).toBe(200);
  // At the counter: identified by a card (events name the contact), an app code, a public code.
  const session = await openSession(t);
  const scan = await t.call({
    method: 'POST',
    url: `/portal/api/sessions/${session}/identify`,
    token: null,
    payload: { value: personal.cards[0] },
  });
  expect(scan.json().data).toMatchObject({ result: 'identified' });
  expect((await meCall(t, cookie, { method: 'GET', path: '/app-code' })).statusCode).toBe(200);
  expect((await call('POST', '/contact-verification/send', { email })).statusCode).toBe(200);
  return { uuid, cookie, personal };
}

/** Every table and text column of the database (as the service's own erasure finds them). */
async function textColumns(db: Kysely<Database>) {
  const tables = await db.introspection.getTables();
  return tables.flatMap((table) =>
    table.columns
      .filter((c) => /text|char/i.test(c.dataType))
      .map((c) => ({ table: table.name, column: c.name })),
  );
}

/** Where `values` occur in any text column of any table: `table.column: value` lines. */
async function findInDatabase(db: Kysely<Database>, values: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    for (const value of values) {
      const pattern = `%${value.replace(/[!%_]/g, '!$&')}%`;
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where ${sql.ref(column)} like ${pattern} escape '!'`.execute(db);
      if (Number(rows[0]!.n) > 0) found.push(`${table}.${column}: ${value}`);
    }
  }
  return found;
}

/** Each shop's totals: credits received, prepaid moved, reward credits spent; and the credit ledger. */
async function shopTotals(db: Kysely<Database>) {
  const { rows: credits } = await sql`select shop_id, sum(credits_centi) as total, count(*) as n
    from credit_receptions group by shop_id order by shop_id`.execute(db);
  const { rows: prepaid } = await sql`select shop_id, sum(amount_in_cents) as total, count(*) as n
    from prepaid_transactions group by shop_id order by shop_id`.execute(db);
  const { rows: rewards } = await sql`select shop_id, sum(credits_centi) as total, count(*) as n
    from reward_receptions group by shop_id order by shop_id`.execute(db);
  const { rows: ledger } =
    await sql`select sum(credits_centi) as total, count(*) as n from credit_entries`.execute(db);
  return JSON.parse(
    JSON.stringify({ credits, prepaid, rewards, ledger }, (_k, v) =>
      typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v,
    ),
  );
}

describe('/me/ export: everything stored about the customer', () => {
  it("has every table's rows for the contact — each table with a contact_id or portal_session_id column, derived from the schema", async () => {
    const { uuid, cookie, personal } = await richContact();
    const res = await meCall(t, cookie, { method: 'GET', path: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = meExport.parse(res.json());
    expect(data.contact).toMatchObject({ uuid, email: personal.email, firstname: personal.firstname });
    expect(data.contact.attributes).toMatchObject({
      dier: 'dog',
      dieet: ['vegan'],
      phonenumber: personal.phonenumber,
    });

    const { id } = await t.app.db
      .selectFrom('contacts')
      .select('id')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    const sessions = (
      await t.app.db.selectFrom('portal_sessions').select('id').where('contact_id', '=', id).execute()
    ).map((s) => s.id);
    const tables = await t.app.db.introspection.getTables();
    const about = tables.filter(
      (table) =>
        table.name !== 'contacts' &&
        table.columns.some((c) => c.name === 'contact_id' || c.name === 'portal_session_id'),
    );
    expect(about.length).toBeGreaterThan(15);
    for (const table of about) {
      const byContact = table.columns.some((c) => c.name === 'contact_id');
      const { rows } = byContact
        ? await sql<{
            n: number;
          }>`select count(*) as n from ${sql.table(table.name)} where contact_id = ${id}`.execute(t.app.db)
        : await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}
            where portal_session_id in (${sql.join(sessions.length ? sessions : [-1])})`.execute(t.app.db);
      expect(data.tables[table.name], `the export has no ${table.name}`).toBeDefined();
      expect(data.tables[table.name]!.length, table.name).toBe(Number(rows[0]!.n));
    }
    // What this contact has rows in, through the API.
    for (const name of [
      'contact_identifiers',
      'credit_entries',
      'credit_receptions',
      'contact_shops',
      'prepaid_transactions',
      'reward_receptions',
      'bookings',
      'visits',
      'contact_subscriptions',
      'portal_sessions',
      'portal_session_events',
      'contact_session_tokens',
      'contact_verification_codes',
      'me_link_tokens',
      'me_sessions',
    ]) {
      expect(data.tables[name]!.length, name).toBeGreaterThan(0);
    }
    // No secrets: token hashes, code hashes, app codes, confirmation tokens.
    const text = res.body;
    for (const secret of ['token_hash', 'secret_hash', 'code_hash', 'confirmation_token', '"token"']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(cookie);
  });
});

describe('/me/ account deletion', () => {
  it('asks for the e-mailed code; wrong codes are refused and counted, five lock that code', async () => {
    const { cookie, personal } = await richContact();
    const asked = await meCall(t, cookie, { method: 'POST', path: '/deletion', payload: {} });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().sent_to).not.toBe(personal.email);
    const code = lastCodeSentTo(t, personal.email)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) =>
      meCall(t, cookie, { method: 'POST', path: '/deletion/confirm', payload: { code: c } });
    for (let i = 0; i < 5; i++) expectReason(await confirm(wrong), 'verification_code_wrong');
    expectReason(await confirm(code), 'verification_locked');
    expect((await meCall(t, cookie, { method: 'GET', path: '/overview' })).json().email).toBe(personal.email);
  });

  it("a code of the counter's verification (another purpose) does not delete", async () => {
    const { cookie, personal } = await richContact();
    const proofCode = lastCodeSentTo(t, personal.email)!;
    expectReason(
      await meCall(t, cookie, { method: 'POST', path: '/deletion/confirm', payload: { code: proofCode } }),
      'verification_code_expired',
    );
  });

  it('erases personal data and identifiers (the database holds the e-mail, names, cards nowhere) while every balance and shop total equals its ledger; the cookies stop working', async () => {
    const { uuid, cookie, personal } = await richContact();
    const other = await meCookie(t, uuid);
    const before = await shopTotals(t.app.db);
    const values = [
      personal.email,
      personal.firstname,
      personal.lastname,
      personal.phonenumber,
      personal.a_custom_attribute,
      ...personal.cards,
      uuid,
    ];
    const written = await findInDatabase(t.app.db, values);
    expect(written).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^webhook_deliveries\.payload/),
        expect.stringMatching(/^portal_session_events\.data/),
        expect.stringMatching(/^idempotency_keys\.response/),
      ]),
    );

    expect((await meCall(t, cookie, { method: 'POST', path: '/deletion', payload: {} })).statusCode).toBe(
      202,
    );
    const code = lastCodeSentTo(t, personal.email)!;
    const done = await meCall(t, cookie, { method: 'POST', path: '/deletion/confirm', payload: { code } });
    expect(done.statusCode).toBe(204);
    expect(done.cookies.find((c) => c.name === 'portal_me')?.value).toBe('');

    expect(await findInDatabase(t.app.db, values)).toEqual([]);
    expect(await shopTotals(t.app.db)).toEqual(before);
    await expectLedgersBalanced(t.app.db);
    await expectContactTotalsMatchHistory(t.app.db);

    for (const c of [cookie, other])
      expectReason(await meCall(t, c, { method: 'GET', path: '/overview' }), 'signed_out');
    expect((await t.call({ method: 'GET', url: `/contacts/${uuid}` })).statusCode).toBe(404);
    const session = await openSession(t);
    const scan = await t.call({
      method: 'POST',
      url: `/portal/api/sessions/${session}/identify`,
      token: null,
      payload: { value: personal.cards[0] },
    });
    expect(scan.json().data.result).not.toBe('identified');
    // The address is free: a new customer may register with it.
    expect(
      (await t.call({ method: 'POST', url: '/contacts', payload: { email: personal.email } })).statusCode,
    ).toBe(201);
  });
});

/** A contact of the test's own with its cards added on /me/: `{uuid, email, cookie, cards}`. */
/** A card the shop hands out, linked to nobody yet (/me/ adds only those). */
async function handOutCard(app: TestApp, code: string) {
  const res = await app.call({
    method: 'POST',
    url: '/contact-identifiers',
    payload: { contact_identifier_value: code, contact_identifier_name: 'Loyalty card' },
  });
  expect(res.statusCode).toBe(201);
}

async function customerWithCards(app: TestApp, email: string, cards: string[]) {
  const created = await app.call({ method: 'POST', url: '/contacts', payload: { email } });
  expect(created.statusCode).toBe(201);
  const uuid = created.json().data.uuid as string;
  const cookie = await meCookie(app, uuid);
  for (const code of cards) {
    await handOutCard(app, code);
    const added = await meCall(app, cookie, { method: 'POST', path: '/cards', payload: { code } });
    expect(added.statusCode).toBe(201);
  }
  return { uuid, email, cookie, cards };
}

/** A kiosk call of `session` (`/portal/api/sessions/{uuid}/{action}`), with an Idempotency-Key. */
async function kiosk(app: TestApp, session: string, action: string, payload: Record<string, unknown> = {}) {
  const res = await app.call({
    method: 'POST',
    url: `/portal/api/sessions/${session}/${action}`,
    token: null,
    payload,
    headers: { 'idempotency-key': uniqueId('kiosk') },
  });
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
  return res.json().data;
}

/** A call of the real portal component's API (docs/v1-api.md) on session `uuid`. */
function v1(
  app: TestApp,
  uuid: string,
  method: 'POST' | 'PUT',
  path: string,
  payload: Record<string, unknown>,
) {
  return app.call({ method, url: `/api/v1/portal-sessions/${uuid}/${path}`, token: 'undefined', payload });
}

describe('/me/ export: only the customer’s own data, event by event', () => {
  it('of a session two customers used, each export holds its own events and none of the other’s e-mail, uuid or cards', async () => {
    const tag = randomBytes(4).toString('hex');
    const first = await customerWithCards(t, `first-${tag}@example.com`, [`FIRST-${tag}`]);
    const second = await customerWithCards(t, `second-${tag}@example.com`, [`SECOND-${tag}`]);
    const counterCard = `FIRST-${tag}-COUNTER`;
    // The first customer scans their card and adds another at the counter; then the second
    // scans theirs in the same session, which becomes theirs.
    const session = await openSession(t, '', { enable_email_identification: true });
    expect(await kiosk(t, session, 'identify', { value: first.cards[0] })).toMatchObject({
      result: 'identified',
    });
    // The counter's own screen adds no card nor subscription: the real portal component's API does.
    expect(
      (
        await v1(t, session, 'POST', 'contacts/link-identifier', {
          contact_identifier_value: counterCard,
          email: first.email,
        })
      ).statusCode,
    ).toBe(200);
    expect(await kiosk(t, session, 'identify', { value: second.cards[0] })).toMatchObject({
      result: 'identified',
    });
    expect((await v1(t, session, 'PUT', 'subscriptions', { values: { Newsletter: true } })).statusCode).toBe(
      200,
    );

    const exportOf = async (cookie: string) => {
      const res = await meCall(t, cookie, { method: 'GET', path: '/export' });
      expect(res.statusCode).toBe(200);
      return { text: res.body, data: meExport.parse(res.json()) };
    };
    const mine = await exportOf(first.cookie);
    const theirs = await exportOf(second.cookie);
    const eventTypes = (e: typeof mine) =>
      e.data.tables.portal_session_events!.map((row) => row.type as string);
    for (const value of [first.uuid, first.email, ...first.cards, counterCard]) {
      expect(theirs.text, `the second customer's export holds ${value}`).not.toContain(value);
    }
    for (const value of [second.uuid, second.email, ...second.cards]) {
      expect(mine.text, `the first customer's export holds ${value}`).not.toContain(value);
    }
    // Each keeps what happened while they were the customer.
    expect(eventTypes(mine)).toEqual(['contact_identified', 'card_added']);
    expect(eventTypes(theirs)).toEqual(['contact_identified', 'subscription_changed']);
    expect(mine.text).toContain(counterCard);
    expect(theirs.text).toContain(second.cards[0]);
  });
});

/** Every row of every table, by table and key (`id`, else the listed columns, else the whole row). */
const ROW_KEYS: Record<string, string[]> = {
  idempotency_keys: ['scope', 'key'],
  contact_shops: ['contact_id', 'shop_id'],
  contact_subscriptions: ['contact_id', 'subscription_type_id'],
};
type Rows = Map<string, Map<string, Record<string, unknown>>>;

async function everyRow(db: Kysely<Database>): Promise<Rows> {
  const all: Rows = new Map();
  for (const table of await db.introspection.getTables()) {
    // Counters of the deletion's own request: PostgreSQL's rate limit (by client address) and the
    // guess budget its code spends and refunds (by contact and address).
    if (table.name === 'rate_limit_counters' || table.name === 'guess_budgets') continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    const byKey = new Map<string, Record<string, unknown>>();
    for (const raw of rows) {
      const row = Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('hex') : v]),
      );
      const keys = 'id' in row ? ['id'] : ROW_KEYS[table.name];
      byKey.set(keys ? JSON.stringify(keys.map((k) => row[k])) : JSON.stringify(row), row);
    }
    all.set(table.name, byKey);
  }
  return all;
}

/** Every string of a row: its text columns and, where one holds JSON, every string inside. */
function stringsOf(row: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const value of Object.values(row)) {
    if (typeof value !== 'string') continue;
    out.push(value);
    try {
      walk(JSON.parse(value));
    } catch {
      // Not JSON.
    }
  }
  return out;
}

describe('/me/ account deletion: erasure by reference', () => {
  it("changes only the deleted customer's rows: another customer's overlapping card, e-mail and phone, and every row of nobody's, stay byte for byte", async () => {
    await withOwnApp(
      async (app) => {
        // Every event in the outbox; a named host, not resolved until a delivery (none runs here).
        for (const event_type of Object.keys(WEBHOOK_EVENTS)) {
          const res = await app.call({
            method: 'POST',
            url: '/webhook-subscriptions',
            payload: { name: uniqueId('hook'), url: 'https://pos.example.com/hooks', event_type },
          });
          expect(res.statusCode).toBe(201);
        }
        // The other customer: Anna (card CARD-0001, phone +31612345678, lastname "de Vries"), now joann@.
        const renamed = await app.call({
          method: 'PUT',
          url: `/contacts/${DEMO.anna}`,
          payload: { attributes: { email: 'joann@example.com' } },
        });
        expect(renamed.statusCode).toBe(200);
        const anna = { uuid: DEMO.anna, email: 'joann@example.com', card: DEMO.annaCard };
        // The one who deletes: values inside Anna's (ann@ in joann@, CARD in CARD-0001, Ann in
        // Anna, Vries in de Vries, her phone) and a card, 2026, inside every timestamp of this year.
        const created = await app.call({
          method: 'POST',
          url: '/contacts',
          payload: { email: 'ann@example.com' },
          headers: { 'idempotency-key': uniqueId('create') },
        });
        expect(created.statusCode).toBe(201);
        const gone = { uuid: created.json().data.uuid as string, email: 'ann@example.com', card: 'CARD' };
        const cookie = await meCookie(app, gone.uuid);
        const profile = await meCall(app, cookie, {
          method: 'PUT',
          path: '/profile',
          payload: { firstname: 'Ann', lastname: 'Vries', phonenumber: '+31612345678', city: 'Amsterdam' },
        });
        expect(profile.statusCode).toBe(200);
        for (const code of ['CARD', '2026']) {
          await handOutCard(app, code);
          const added = await meCall(app, cookie, { method: 'POST', path: '/cards', payload: { code } });
          expect(added.statusCode).toBe(201);
        }

        const api = async (url: string, payload: Record<string, unknown>, status = 201) => {
          const res = await app.call({
            method: 'POST',
            url,
            payload,
            headers: { 'idempotency-key': uniqueId('api') },
          });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
          return res.json().data;
        };
        const amsterdam = await pair(app, DEMO.cashierDevice);
        // The same history for both, through every API that writes about a customer.
        const history = async (who: { uuid: string; email: string; card: string }) => {
          await api('/credit-receptions', {
            contact_uuid: who.uuid,
            shop_uuid: DEMO.shop,
            credits: 60,
            contact_identifier_value: who.card,
          });
          await api('/prepaid-transactions', {
            contact_uuid: who.uuid,
            shop_uuid: DEMO.shop,
            amount_in_cents: 3000,
          });
          await api('/reward-receptions', {
            contact_uuid: who.uuid,
            shop_uuid: DEMO.shop,
            reward_uuid: FREE_COFFEE,
          });
          const voucher = await api('/vouchers', {
            promotion_uuid: TWO_FOR_ONE,
            contact_uuid: who.uuid,
          });
          await api('/bookings', { contact_uuid: who.uuid, shop_uuid: DEMO.shop, company_name: 'Vries BV' });
          await api('/api/v3/oauth/clients/visits', {
            contact_uuid: who.uuid,
            shop_uuid: DEMO.shop,
            starts_at: '2026-11-20T10:00:00+01:00',
          });
          const found = await consoleCall(app, amsterdam, 'POST', '/contacts/find', { query: who.card });
          expect(found.statusCode).toBe(200);
          // At the counter: credits for a purchase, a voucher, a gift card, prepaid the POS set.
          const visit = await openSession(app, '/credit-reception', { amount_in_cents: 1250 });
          await kiosk(app, visit, 'identify', { value: who.card });
          await kiosk(app, visit, 'credit-reception');
          await kiosk(app, visit, 'complete');
          const scan = await openSession(app, '/scan-anything', { amount_in_cents: 500 });
          await kiosk(app, scan, 'identify', { value: who.card });
          await kiosk(app, scan, 'vouchers/redeem', { code: voucher.code });
          const giftcard = await kiosk(app, scan, 'giftcards/scan', { value: DEMO.giftcardHash });
          await kiosk(app, scan, 'giftcards/redeem', { giftcard_uuid: giftcard.giftcard.uuid });
          await kiosk(app, scan, 'complete');
          const pay = await openSession(app, '/pay-prepaid', {
            contact_uuid: who.uuid,
            amount_in_cents: 700,
          });
          await kiosk(app, pay, 'prepaid/pay');
          const byEmail = await openSession(app, '', { enable_email_identification: true });
          await kiosk(app, byEmail, 'identify', { email: who.email });
          await kiosk(app, byEmail, 'verification/send');
        };
        await history(anna);
        await history(gone);
        expect((await meCall(app, cookie, { method: 'GET', path: '/app-code' })).statusCode).toBe(200);
        // Two sessions both used: one the deleted customer began, one Anna began.
        const theirsFirst = await openSession(app, '', { enable_email_identification: true });
        await kiosk(app, theirsFirst, 'identify', { email: gone.email });
        await kiosk(app, theirsFirst, 'identify', { value: anna.card });
        const annaFirst = await openSession(app, '', { enable_email_identification: true });
        await kiosk(app, annaFirst, 'identify', { email: anna.email });
        await kiosk(app, annaFirst, 'identify', { value: '2026' });
        const linked = await v1(app, annaFirst, 'POST', 'contacts/link-identifier', {
          contact_identifier_value: 'CARD-2026',
          email: gone.email,
        });
        expect(linked.statusCode).toBe(200);

        expect(
          (await meCall(app, cookie, { method: 'POST', path: '/deletion', payload: {} })).statusCode,
        ).toBe(202);
        const code = lastCodeSentTo(app, gone.email)!;
        const { id: goneId } = await app.app.db
          .selectFrom('contacts')
          .select('id')
          .where('uuid', '=', gone.uuid)
          .executeTakeFirstOrThrow();
        const before = await everyRow(app.app.db);
        const done = await meCall(app, cookie, {
          method: 'POST',
          path: '/deletion/confirm',
          payload: { code },
        });
        expect(done.statusCode).toBe(204);
        const after = await everyRow(app.app.db);

        // Whose a row is: the contact row, rows naming the contact's id, or holding their uuid.
        const { id: annaId } = await app.app.db
          .selectFrom('contacts')
          .select('id')
          .where('uuid', '=', DEMO.anna)
          .executeTakeFirstOrThrow();
        const of = (id: number, uuid: string) => (table: string, row: Record<string, unknown>) =>
          (table === 'contacts' && row.id === id) ||
          row.contact_id === id ||
          Object.values(row).some((v) => typeof v === 'string' && v.includes(uuid));
        const theirs = of(goneId, gone.uuid);
        const annas = of(annaId, anna.uuid);
        const changed: string[] = [];
        const kept = { anna: 0, nobody: 0, theirs: 0 };
        for (const [table, rows] of before) {
          for (const [key, row] of rows) {
            const now = after.get(table)?.get(key);
            const same = JSON.stringify(now) === JSON.stringify(row);
            if (theirs(table, row)) {
              if (same) kept.theirs++;
              continue;
            }
            if (!same) changed.push(`${table} ${key}: ${JSON.stringify(row)} → ${JSON.stringify(now)}`);
            else kept[annas(table, row) ? 'anna' : 'nobody']++;
          }
        }
        for (const [table, rows] of after) {
          for (const key of rows.keys()) {
            if (!before.get(table)?.has(key)) changed.push(`${table} ${key}: new`);
          }
        }
        expect({ changed: changed.length, first: changed.slice(0, 5) }).toEqual({ changed: 0, first: [] });
        // Not a vacuous proof: many rows of each kind, and most of theirs changed or went.
        const theirRows = [...before].reduce(
          (n, [table, rows]) => n + [...rows.values()].filter((row) => theirs(table, row)).length,
          0,
        );
        expect(kept.anna).toBeGreaterThan(50);
        expect(kept.nobody).toBeGreaterThan(80);
        expect(theirRows - kept.theirs).toBeGreaterThan(30);

        // Their rows hold none of their values any more, whole or inside JSON.
        const values = new Set([gone.uuid, gone.email, 'CARD', '2026', 'Ann', 'Vries', '+31612345678']);
        const left: string[] = [];
        for (const [table, rows] of before) {
          for (const [key, row] of rows) {
            if (!theirs(table, row)) continue;
            const now = after.get(table)?.get(key);
            if (!now) continue;
            for (const s of stringsOf(now)) {
              if (values.has(s) || s.includes(gone.uuid) || s.includes(`"${gone.email}"`))
                left.push(`${table} ${key}: ${s}`);
            }
          }
        }
        expect(left).toEqual([]);
        await expectLedgersBalanced(app.app.db);
        await expectContactTotalsMatchHistory(app.app.db);

        // Anna's card and sessions work as before.
        const session = await openSession(app);
        expect(await kiosk(app, session, 'identify', { value: anna.card })).toMatchObject({
          result: 'identified',
          contact: { uuid: DEMO.anna },
        });
      },
      { webhookDelivery: { background: false } },
    );
  }, 120_000);
});
