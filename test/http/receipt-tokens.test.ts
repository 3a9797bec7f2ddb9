import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCreditReception } from '../../src/contract/portal';
import { eventOutcome } from '../../src/service/domain/console/sessions';
import { parseLoyaltyTokenUrl } from '../../src/service/domain/loyalty/loyalty-tokens';
import { createTestApp, DEMO, newContact, type TestApp, twoProcesses, uniqueId } from '../helpers/app';
import { expectError, expectReason } from '../helpers/errors';
import { expectLedgersBalanced } from '../helpers/ledger';
import { openSession, portalCall, sessionState } from '../helpers/portal';

/*
 * Receipt tokens (docs/receipt-tokens.md), the real platform's loyalty tokens: made on the OAuth
 * surface, claimed on the register surface or the OAuth one, once; tampered, foreign and expired
 * tokens refused with the SDK's error body.
 */

const CREATE = '/api/v3/oauth/clients/loyalty-tokens';
const CLAIM_OAUTH = '/api/v3/oauth/clients/loyalty-tokens/claim';
const CLAIM_REGISTER = '/api/v3/register/loyalty-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Makes a token (201) and answers its URL and its fields as the claim sends them back. */
async function makeToken(app: TestApp, body: Record<string, unknown>, token = DEMO.apiKey) {
  const res = await app.call({
    method: 'POST',
    url: CREATE,
    token,
    payload: { version: 'v1', shop_id: 1, unique_id: uniqueId('RECEIPT'), credits: 20, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = res.json().data as string;
  return { url, fields: Object.fromEntries(new URL(url).searchParams) };
}

const claim = (app: TestApp, fields: Record<string, unknown>, contact: string, url = CLAIM_REGISTER) =>
  app.call({
    method: 'POST',
    url,
    token: url === CLAIM_REGISTER ? DEMO.registerKey : DEMO.apiKey,
    payload: { ...fields, contact_uuid: contact },
  });

const balance = async (app: TestApp, contact: string) =>
  (await app.call({ method: 'GET', url: `/contacts/${contact}/credit-balance` })).json().data
    .balance as number;

describe('making a receipt token', () => {
  it('answers the URL to print: its fields in the real platform’s order, signed', async () => {
    const { url, fields } = await makeToken(t, { unique_id: 'AMS-01-RECEIPT-1' });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(url).toMatch(
      new RegExp(
        `^http://kiosk\\.test/l\\?version=v1&shop_id=1&credits=20&unique_id=AMS-01-RECEIPT-1&timestamp=${now}&hash=[0-9a-f]{64}$`,
      ),
    );
    expect(fields).toMatchObject({ version: 'v1', shop_id: '1', credits: '20', timestamp: String(now) });
    const unit = await makeToken(t, {
      version: 'v2',
      credits: undefined,
      unit_value: 10.5,
      shop_uuid: DEMO.shopUtrecht,
      shop_id: undefined,
    });
    expect(unit.url).toMatch(
      /\/l\?version=v2&shop_id=2&unique_id=RECEIPT-[0-9a-f]{8}&timestamp=\d+&unit_name=purchase_amount&unit_value=10\.5&hash=[0-9a-f]{64}$/,
    );
  });

  it('refuses what a version does not take, an unknown shop or unit, another shop than a bound key’s', async () => {
    const post = (payload: Record<string, unknown>, token: string = DEMO.apiKey) =>
      t.call({ method: 'POST', url: CREATE, token, payload: { unique_id: 'R-1', ...payload } });
    expect((await expectError(await post({ version: 'v1', shop_id: 1 }), 1003)).errors).toHaveProperty(
      'credits',
    );
    expect(
      (await expectError(await post({ version: 'v2', shop_id: 1, credits: 5 }), 1003)).errors,
    ).toHaveProperty('unit_value');
    expect((await expectError(await post({ version: 'v1', credits: 5 }), 1003)).errors).toHaveProperty(
      'shop_id',
    );
    await expectError(await post({ version: 'v1', shop_id: 99, credits: 5 }), 1008, 404);
    await expectError(
      await post({ version: 'v2', shop_id: 1, unit_name: 'kilometres', unit_value: 5 }),
      60007,
      404,
    );
    await expectError(await post({ version: 'v1', shop_id: 1, credits: 5000 }), 1015);
    await expectError(await post({ version: 'v1', shop_id: 2, credits: 5 }, DEMO.registerKey), 1008, 404);
  });
});

describe('claiming a receipt token', () => {
  it('gives its credits once as a credit reception at its shop; the purchase cannot be tokened again', async () => {
    const contact = await newContact(t);
    const { fields } = await makeToken(t, { credits: 25, shop_id: 2 });
    const claimed = await claim(t, fields, contact);
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().data).toMatchObject({
      type: 'credit_reception',
      credits: 25,
      contact: { uuid: contact },
      shop: { uuid: DEMO.shopUtrecht },
      unit_value: null,
    });
    expect(await balance(t, contact)).toBe(25);
    expectReason(await claim(t, fields, contact, CLAIM_OAUTH), 'loyalty_token_claimed');
    expectReason(await claim(t, fields, await newContact(t)), 'loyalty_token_claimed');
    expectReason(
      await t.call({
        method: 'POST',
        url: CREATE,
        payload: { version: 'v1', shop_id: 2, unique_id: fields.unique_id, credits: 25 },
      }),
      'loyalty_token_claimed',
    );
    expect(await balance(t, contact)).toBe(25);
  });

  it('a v2 token’s unit value is converted by the loyalty rules of the claiming contact', async () => {
    const contact = await newContact(t);
    const { fields } = await makeToken(t, { version: 'v2', credits: undefined, unit_value: 12.5 });
    const claimed = await claim(t, fields, contact, CLAIM_OAUTH);
    expect(claimed.json().data).toMatchObject({
      credits: 12,
      unit_value: 12.5,
      unit: { name: 'purchase_amount' },
    });
    // Anna is Gold: one and a half credits per euro.
    const gold = await makeToken(t, { version: 'v2', credits: undefined, unit_value: 12.5 });
    expect((await claim(t, gold.fields, DEMO.anna)).json().data.credits).toBe(18);
  });

  it('refuses a changed token, a made-up one and a stale one, naming the field; nothing is credited', async () => {
    const contact = await newContact(t);
    const { fields } = await makeToken(t, { credits: 10 });
    for (const changed of [
      { credits: '100' },
      { shop_id: '2' },
      { unique_id: `${fields.unique_id}-2` },
      { timestamp: String(Number(fields.timestamp) + 86_400) },
      { version: 'v2', credits: undefined, unit_value: '10' },
      {
        hash:
          `${fields.hash!.slice(0, -1)}0` === fields.hash
            ? `${fields.hash!.slice(0, -1)}1`
            : `${fields.hash!.slice(0, -1)}0`,
      },
      { hash: 'abc' },
    ]) {
      const body = expectReason(await claim(t, { ...fields, ...changed }, contact), 'loyalty_token_invalid');
      expect(Object.keys(body.errors ?? {})).toEqual(['hash']);
    }
    expect(await balance(t, contact)).toBe(0);
    // The same token in capitals is the same token.
    expect((await claim(t, { ...fields, hash: fields.hash!.toUpperCase() }, contact)).statusCode).toBe(201);

    const stale = await makeToken(t, { credits: 10 });
    t.clock.advance(30 * 86_400_000 + 1000);
    const body = expectReason(await claim(t, stale.fields, contact), 'loyalty_token_expired');
    expect(Object.keys(body.errors ?? {})).toEqual(['timestamp']);
    await expectError(await claim(t, (await makeToken(t, {})).fields, DEMO.promotionMuffin), 55031, 404);
  });

  it('of 10 claims at once, one succeeds', async () => {
    const contacts = await Promise.all(Array.from({ length: 10 }, () => newContact(t)));
    const { fields } = await makeToken(t, { credits: 7 });
    const answers = await Promise.all(
      contacts.map((contact, i) => claim(t, fields, contact, i % 2 ? CLAIM_OAUTH : CLAIM_REGISTER)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) expectReason(r, 'loyalty_token_claimed');
    const balances = await Promise.all(contacts.map((c) => balance(t, c)));
    expect(balances.sort((a, b) => a - b)).toEqual([...Array(9).fill(0), 7]);
    await expectLedgersBalanced(t.app.db);
  });
});

describe('a scanned receipt code', () => {
  it('reads a token’s fields from its URL (any host), or not a token', async () => {
    const { url, fields } = await makeToken(t, { credits: 3 });
    expect(parseLoyaltyTokenUrl(url)).toEqual({
      version: 'v1',
      shop_id: 1,
      unique_id: fields.unique_id,
      timestamp: Number(fields.timestamp),
      hash: fields.hash,
      credits: 3,
    });
    expect(parseLoyaltyTokenUrl(`https://elsewhere.example/x?${new URL(url).search.slice(1)}`)).toBeDefined();
    for (const text of ['CARD-0001', 'https://example.com/l?version=v3', DEMO.giftcardHash]) {
      expect(parseLoyaltyTokenUrl(text)).toBeUndefined();
    }
  });
});

describe('at the counter: a receipt scanned in an identify session', () => {
  const CONTRACT = { 'receipt-tokens/claim': portalCreditReception };
  const post = (uuid: string, action: string, payload: unknown) =>
    portalCall(t, CONTRACT, 'POST', uuid, action, payload);

  it('is told apart from a card at identification, then earns the identified customer its credits once', async () => {
    // A POS's long receipt number: the code runs past the length of a card's.
    const { url, fields } = await makeToken(t, {
      credits: 12,
      shop_id: 2,
      unique_id: uniqueId(`UTR-${'0'.repeat(100)}`),
    });
    expect(url.length).toBeGreaterThan(191);
    const uuid = await openSession(t);
    const scanned = await post(uuid, 'identify', { value: url });
    expect(scanned.json().data).toEqual({ result: 'other_code', code: { kind: 'receipt_token' } });
    expect((await post(uuid, 'scan-lookup', { value: url })).json().data).toEqual({ kind: 'receipt_token' });
    expectReason(await post(uuid, 'receipt-tokens/claim', { value: url }), 'customer_not_identified');

    expect((await post(uuid, 'identify', { value: DEMO.annaCard })).json().data.result).toBe('identified');
    const before = await balance(t, DEMO.anna);
    const claimed = await post(uuid, 'receipt-tokens/claim', { value: url });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({
      credits: 12,
      contact: { uuid: DEMO.anna, credit_balance: before + 12 },
    });
    const state = await sessionState(t, uuid);
    expect(state.status).toBe('open');
    expect(state.events.find((e) => e.type === 'receipt_token_claimed')?.data).toMatchObject({
      unique_id: fields.unique_id,
      credit_reception: { credits: 12, shop: { uuid: DEMO.shopUtrecht } },
    });
    // The cashier console counts them among the session's credits.
    expect(eventOutcome(state.events).credits).toBe(12);
    expectReason(await post(uuid, 'receipt-tokens/claim', { value: url }), 'loyalty_token_claimed');
    expect(await balance(t, DEMO.anna)).toBe(before + 12);
  });

  it('needs no proof to earn; refuses what is no receipt, a changed or stale one, and other session types', async () => {
    const uuid = await openSession(t, '', { enable_email_identification: true });
    const contact = await newContact(t);
    const email = (await t.call({ method: 'GET', url: `/contacts/${contact}` })).json().data.email;
    expect((await post(uuid, 'identify', { email })).json().data.result).toBe('identified');
    const body = expectReason(
      await post(uuid, 'receipt-tokens/claim', { value: DEMO.annaCard }),
      'loyalty_token_invalid',
    );
    expect(Object.keys(body.errors ?? {})).toEqual(['value']);
    const { url } = await makeToken(t, { credits: 4 });
    expectReason(
      await post(uuid, 'receipt-tokens/claim', { value: url.replace('credits=4', 'credits=40') }),
      'loyalty_token_invalid',
    );
    expect((await post(uuid, 'receipt-tokens/claim', { value: url })).statusCode).toBe(200);
    expect(await balance(t, contact)).toBe(4);

    const stale = await makeToken(t, { credits: 4 });
    t.clock.advance(31 * 86_400_000);
    const later = await openSession(t, '', { enable_email_identification: true });
    await post(later, 'identify', { email });
    expectReason(await post(later, 'receipt-tokens/claim', { value: stale.url }), 'loyalty_token_expired');

    const credit = await openSession(t, '/credit-reception', { amount_in_cents: 500 });
    await post(credit, 'identify', { value: DEMO.annaCard });
    const fresh = await makeToken(t, { credits: 4 });
    expectReason(await post(credit, 'receipt-tokens/claim', { value: fresh.url }), 'not_allowed_in_session');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('claims through two processes', () => {
  const two = twoProcesses();

  it('of 10 claims at once through two processes, one succeeds', async () => {
    const contacts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => newContact(i % 2 ? two.a : two.b)),
    );
    const { fields } = await makeToken(two.a, { credits: 9 });
    const answers = await Promise.all(
      contacts.map((contact, i) => claim(i % 2 ? two.a : two.b, fields, contact)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((r) => r.statusCode !== 201)) expectReason(r, 'loyalty_token_claimed');
    await expectLedgersBalanced(two.a.app.db);
  });
});
