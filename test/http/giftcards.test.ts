import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../src/service/fixture/demo-account.json';
import { parseFixture } from '../../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';

const PROGRAM = 'f0000000-0000-4000-8000-000000000001';
const OPEN_PROGRAM = 'f0000000-0000-4000-8000-0000000000a1';
const EMPTY_PROGRAM = 'f0000000-0000-4000-8000-0000000000a2';
const CARD = 'f1000000-0000-4000-8000-000000000001';
const OFFERS = 'c0000000-0000-4000-8000-000000000002';
const PARTNER_NEWS = 'c0000000-0000-4000-8000-000000000003';
const DEMO_EMAIL = '92000000-0000-4000-8000-000000000001';
const NO_TOKEN_EMAIL = '92000000-0000-4000-8000-0000000000a1';
const PARTNER_EMAIL = '92000000-0000-4000-8000-0000000000a2';
const ERIK = 'd0000000-0000-4000-8000-0000000000a1';

/** The demo account plus a program without limits, an empty program, e-mails and a contact for the e-mail rules. */
function fixture() {
  const json = structuredClone(demo) as typeof demo & Record<string, unknown[]>;
  json.giftcard_programs.push(
    {
      uuid: OPEN_PROGRAM,
      name: 'Open card',
      max_amount_in_cents: null,
      expiration_days: null,
      calculator_flow: 'amount',
      giftcards: [],
    } as never,
    { uuid: EMPTY_PROGRAM, name: 'Empty program', giftcards: [] } as never,
  );
  json.automated_emails.push(
    {
      uuid: NO_TOKEN_EMAIL,
      name: 'Gift card without code',
      category: 'giftcard_recipient',
      subscription_type: OFFERS,
      subject: 'A gift',
      content: 'Hello {{ contact.firstname }}',
    },
    {
      uuid: PARTNER_EMAIL,
      name: 'Partner gift card',
      category: 'giftcard_recipient',
      subscription_type: PARTNER_NEWS,
      subject: 'Gift for {{ contact.firstname }}',
      content: '<p>Hi {{ contact.firstname }}, code {{giftcard.hash}}, {{ custom.note }}</p>',
    },
  );
  json.contacts.push({
    uuid: ERIK,
    email: 'erik@example.com',
    firstname: 'Erik <E>',
    subscriptions: { [OFFERS]: false, [PARTNER_NEWS]: true },
  } as never);
  return parseFixture(json, '(test)', DEMO_FIXTURE_DIR);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fixture: fixture() });
});
afterAll(() => t.close());

const create = (payload: unknown) =>
  t.call({ method: 'POST', url: '/giftcards', payload: payload as object });

describe('POST /giftcards', () => {
  it('creates a digital card with a zero balance, an unguessable hash and the program expiry', async () => {
    const res = await create({ type: 1, giftcard_program_uuid: PROGRAM });
    expect(res.statusCode).toBe(201);
    const { data, meta } = res.json();
    expect(meta).toEqual({});
    expect(data).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'DIGITAL',
      hash: expect.stringMatching(/^GC-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{12}$/),
      amount_in_cents: 0,
      upgradeable: true,
      active: true,
      expiration_date: '2027-11-21T10:00:00+00:00',
      amount: 0,
      url: null,
      display_amount: '€\u00a00,00',
      formatted_expiration_date: '21-11-2027',
      giftcard_program: {
        id: expect.any(Number),
        name: 'Demo gift card',
        uuid: PROGRAM,
        max_amount_in_cents: 50000,
        calculator_flow: null,
        expiration_days: 365,
      },
      giftcard_recipients: [],
    });
    const other = (await create({ type: 1, giftcard_program_uuid: PROGRAM })).json().data;
    expect(other.hash).not.toBe(data.hash);
  });

  it('leaves the expiration empty when the program has none, from a form-encoded body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/giftcards',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `type=1&giftcard_program_uuid=${OPEN_PROGRAM}`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      expiration_date: null,
      formatted_expiration_date: null,
      giftcard_program: { name: 'Open card', max_amount_in_cents: null, calculator_flow: 'amount' },
    });
  });

  it('refuses physical cards with 55021', async () => {
    await expectError(await create({ type: 0, giftcard_program_uuid: PROGRAM }), 55021, 422);
  });

  it('answers 1003 naming the fields', async () => {
    const body = await expectError(await create({ type: 2 }), 1003, 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['giftcard_program_uuid', 'type']);
  });

  it('answers 1100 for an unknown program', async () => {
    await expectError(
      await create({ type: 1, giftcard_program_uuid: '00000000-0000-4000-8000-000000000000' }),
      1100,
      404,
    );
  });

  it('needs an API key: 401 without a token, 403 with an access token', async () => {
    const payload = { type: 1, giftcard_program_uuid: PROGRAM };
    expect((await t.call({ method: 'POST', url: '/giftcards', payload, token: null })).statusCode).toBe(401);
    const res = await t.call({ method: 'POST', url: '/giftcards', payload, token: DEMO.accessToken });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /giftcards', () => {
  const list = (query = '') => t.call({ method: 'GET', url: `/giftcards${query}` });

  it('lists cards oldest first with the giftcards meta, 30 by default', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, per_page: 30, last_page: 1, total: data.length });
    expect(data[0]).toEqual({
      uuid: CARD,
      type: 'PHYSICAL',
      hash: 'GC-0001',
      expiration_date: '2027-12-31T23:59:59+01:00',
      active: true,
      upgradeable: true,
      amount_in_cents: 2500,
      giftcard_program: { uuid: PROGRAM, name: 'Demo gift card' },
    });
    // The fixture's digital card has had its first increment.
    expect(data.find((c: { hash: string }) => c.hash === 'GC-D-0001').upgradeable).toBe(false);
  });

  it('pages: limit 1 (the minimum), limit 100 (the maximum), a page past the end', async () => {
    const all = (await list()).json().meta.total as number;
    const first = (await list('?limit=1&page=2')).json();
    expect(first.data).toHaveLength(1);
    expect(first.meta).toEqual({ page: 2, per_page: 1, last_page: all, total: all });
    const max = (await list('?limit=100')).json();
    expect(max.data).toHaveLength(all);
    expect(max.meta.per_page).toBe(100);
    const past = (await list(`?limit=5&page=${Math.ceil(all / 5) + 1}`)).json();
    expect(past.data).toEqual([]);
    expect(past.meta.last_page).toBe(Math.ceil(all / 5));
  });

  it('answers 1003 for a limit out of range or a page below 1', async () => {
    expect((await expectError(await list('?limit=101'), 1003, 422)).errors).toEqual({
      limit: ['The limit field must not be greater than 100.'],
    });
    expect(Object.keys((await expectError(await list('?limit=0'), 1003, 422)).errors ?? {})).toEqual([
      'limit',
    ]);
    expect(Object.keys((await expectError(await list('?page=0'), 1003, 422)).errors ?? {})).toEqual(['page']);
    expect(Object.keys((await expectError(await list('?page=x'), 1003, 422)).errors ?? {})).toEqual(['page']);
  });

  it('filters by program; an empty one still has last_page 1; an unknown one is 1100', async () => {
    const open = (await list(`?giftcard_program_uuid=${OPEN_PROGRAM}`)).json();
    expect(
      open.data.every(
        (c: { giftcard_program: { uuid: string } }) => c.giftcard_program.uuid === OPEN_PROGRAM,
      ),
    ).toBe(true);
    expect((await list(`?giftcard_program_uuid=${EMPTY_PROGRAM}`)).json()).toEqual({
      data: [],
      meta: { page: 1, per_page: 30, last_page: 1, total: 0 },
    });
    await expectError(await list('?giftcard_program_uuid=nope'), 1100, 404);
  });

  it('needs an API key', async () => {
    expect((await t.call({ method: 'GET', url: '/giftcards', token: null })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/giftcards', token: DEMO.personalAccessToken })).statusCode,
    ).toBe(403);
  });
});

describe('GET /giftcards/find-one-by', () => {
  const find = (hash: string) =>
    t.call({ method: 'GET', url: `/giftcards/find-one-by?hash=${encodeURIComponent(hash)}` });

  it('finds by the bare hash with the find fields', async () => {
    const res = await find('GC-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      uuid: CARD,
      type: 'PHYSICAL',
      hash: 'GC-0001',
      expiration_date: '2027-12-31T23:59:59+01:00',
      active: true,
      upgradeable: true,
      amount_in_cents: 2500,
      display_amount: '€\u00a025,00',
      giftcard_program: { name: 'Demo gift card', uuid: PROGRAM },
    });
  });

  it('finds by QR content: a link ending in the hash, a hash= parameter, lower case', async () => {
    for (const code of [
      'https://cards.example.com/g/GC-0001',
      'https://cards.example.com/g/GC-0001/?utm=qr',
      'https://cards.example.com/redeem?card=1&hash=GC-0001',
      'gc-0001',
    ]) {
      const res = await find(code);
      expect(res.statusCode, code).toBe(200);
      expect(res.json().data.uuid).toBe(CARD);
    }
  });

  it('answers 5001 for an unknown card and 1003 without a hash', async () => {
    await expectError(await find('GC-NOPE'), 5001, 404);
    await expectError(await t.call({ method: 'GET', url: '/giftcards/find-one-by' }), 1003, 422);
  });
});

describe('GET /giftcards/{uuid} (extension)', () => {
  it('answers the card as find-one-by does; 5001 for an unknown one; needs an API key', async () => {
    const res = await t.call({ method: 'GET', url: `/giftcards/${CARD}` });
    expect(res.statusCode).toBe(200);
    const found = await t.call({ method: 'GET', url: '/giftcards/find-one-by?hash=GC-0001' });
    expect(res.json().data).toEqual(found.json().data);
    await expectError(
      await t.call({ method: 'GET', url: '/giftcards/f1000000-0000-4000-8000-0000000000ff' }),
      5001,
      404,
    );
    await expectError(
      await t.call({ method: 'GET', url: `/giftcards/${CARD}`, token: DEMO.accessToken }),
      1003,
      403,
    );
  });
});

/** Quoted-printable soft line breaks removed, so that assertions can read the text. */
const unfold = (eml: string) => eml.replace(/=\r?\n/g, '');

describe('POST /giftcards/{uuid}/send-by-email', () => {
  const send = (payload: object, card = CARD, app = t) =>
    app.call({ method: 'POST', url: `/giftcards/${card}/send-by-email`, payload });
  const outbox = () => {
    try {
      return readdirSync(join(t.dir, 'outbox')).sort();
    } catch {
      return [];
    }
  };

  it('writes the rendered e-mail to the outbox without an SMTP server', async () => {
    const before = outbox();
    const res = await send({ contact_uuid: DEMO.anna, merge_tags: { 'custom.note': 'Enjoy' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        message: 'Giftcard sent',
        data: {
          giftcard: { uuid: CARD, hash: 'GC-0001' },
          contact: { uuid: DEMO.anna, email: 'anna@example.com' },
          email: { uuid: DEMO_EMAIL, name: 'Your gift card', subject: 'Your gift card' },
        },
      },
      meta: {},
    });
    const added = outbox().filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const eml = unfold(readFileSync(join(t.dir, 'outbox', added[0]!), 'utf8'));
    expect(eml).toContain('To: anna@example.com');
    expect(eml).toContain('Subject: Your gift card');
    expect(eml).toContain('Demo Coffee');
    expect(eml).toContain('Hello Anna, your gift card code is GC-0001');
  });

  it('picks the first e-mail that fits and renders HTML with escaped values and custom tags', async () => {
    const before = outbox();
    const res = await t.call({
      method: 'POST',
      url: `/api/v3/register/giftcards/${CARD}/send-by-email`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `contact_uuid=${ERIK}&merge_tags[custom.note]=See+you`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.email.uuid).toBe(PARTNER_EMAIL);
    const [file] = outbox().filter((f) => !before.includes(f));
    const eml = unfold(readFileSync(join(t.dir, 'outbox', file!), 'utf8'));
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('<p>Hi Erik &lt;E&gt;, code GC-0001, See you</p>');
  });

  it('refuses a merge tag that does not start with custom. (1003 naming merge_tags)', async () => {
    const body = await expectError(
      await send({ contact_uuid: DEMO.anna, merge_tags: { note: 'x' } }),
      1003,
      422,
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['merge_tags']);
  });

  it('refuses when no e-mail fits: the contact is not subscribed (1003)', async () => {
    const before = outbox();
    const body = expectReason(await send({ contact_uuid: DEMO.ben }), 'no_automated_email');
    expect(body.message).toMatch(/No automated e-mail fits/);
    expect(outbox()).toEqual(before);
  });

  it('refuses a named e-mail that does not fit: no giftcard.hash, or another subscription (1003 naming email_uuid)', async () => {
    for (const email_uuid of [NO_TOKEN_EMAIL, PARTNER_EMAIL, 'nope']) {
      const body = await expectError(await send({ contact_uuid: DEMO.anna, email_uuid }), 1003, 422);
      expect(Object.keys(body.errors ?? {})).toEqual(['email_uuid']);
    }
    expect((await send({ contact_uuid: DEMO.anna, email_uuid: DEMO_EMAIL })).statusCode).toBe(200);
  });

  it('answers 5001 for an unknown card, 55031 for an unknown contact, 1003 without a contact', async () => {
    await expectError(await send({ contact_uuid: DEMO.anna }, 'nope'), 5001, 404);
    await expectError(await send({ contact_uuid: 'nope' }), 55031, 404);
    expect((await expectError(await send({}), 1003, 422)).errors).toEqual({
      contact_uuid: ['The contact uuid field is required.'],
    });
  });

  it('needs an API key', async () => {
    const url = `/giftcards/${CARD}/send-by-email`;
    const payload = { contact_uuid: DEMO.anna };
    expect((await t.call({ method: 'POST', url, payload, token: null })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url, payload, token: DEMO.accessToken })).statusCode).toBe(403);
  });

  describe('through an SMTP server', () => {
    const received: { to: string[]; data: string }[] = [];
    let server: SMTPServer;
    let smtp: TestApp;
    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          let data = '';
          stream.on('data', (chunk: Buffer) => {
            data += chunk.toString();
          });
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.server.address() as AddressInfo;
      smtp = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    });
    afterAll(async () => {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('delivers the e-mail to the server and writes no outbox file', async () => {
      const res = await send({ contact_uuid: DEMO.anna }, CARD, smtp);
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['anna@example.com']);
      expect(unfold(received[0]!.data)).toContain('Hello Anna, your gift card code is GC-0001');
      expect(() => readdirSync(join(smtp.dir, 'outbox'))).toThrow();
    });

    it('answers 1000 (HTTP 502) when the mail server cannot be reached', async () => {
      const down = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
      try {
        expectReason(await send({ contact_uuid: DEMO.anna }, CARD, down), 'email_not_sent');
      } finally {
        await down.close();
      }
    });
  });
});
