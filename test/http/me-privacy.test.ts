import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meExport } from '../../src/contract/me';
import type { Database } from '../../src/service/db/schema';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { expectContactTotalsMatchHistory, expectLedgersBalanced } from '../helpers/ledger';
import { meCall, meCookie } from '../helpers/me';
import { openSession } from '../helpers/portal';
import { lastCodeSentTo } from '../helpers/verification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
