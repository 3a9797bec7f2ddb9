import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectReason } from '../helpers/errors';
import { linkToken, signIn } from '../helpers/me';
import { openSession, portalCall, sessionState } from '../helpers/portal';
import { lastCodeSentTo } from '../helpers/verification';

/*
 * Proof means the customer proved it (docs/trust-model.md "What opens the customer's account"):
 * the counter's "Manage on your phone" link signs its holder into the customer's /me/ for 30 days
 * (their whole profile, and app codes that prove them at any counter), so it is handed out only
 * for a customer who proved it is them in that session — a scan of their card or app code, or the
 * code e-mailed to them. The POS's word (a `contact_uuid`, the cashier console's customer) earns
 * credits for them, but never opens their account, nor gives them a card that would. Called as an
 * attacker would: the portal API with a session's uuid only, the console with its cookie.
 */

let t: TestApp;
let till: string;
beforeAll(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
  till = await pair(t, CASHIER.amsterdam);
});
afterAll(async () => t?.close());

const post = (uuid: string, action: string, payload: unknown = {}) =>
  portalCall(t, {}, 'POST', uuid, action, payload);
const meLinks = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('me_link_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A new contact with a card of their own: `{uuid, email, card}`. */
async function customerWithCard() {
  const email = `${uniqueId('walkin')}@example.com`;
  const uuid = (await t.call({ method: 'POST', url: '/contacts', payload: { email } })).json().data
    .uuid as string;
  const card = uniqueId('CARD').toUpperCase();
  const linked = await t.call({
    method: 'POST',
    url: '/contact-identifiers',
    payload: { contact_identifier_value: card, contact_uuid: uuid },
  });
  expect(linked.statusCode).toBe(201);
  return { uuid, email, card };
}

describe("the counter's phone link needs the customer's own proof", () => {
  it("a POS's contact_uuid is no proof: no link, nothing stored", async () => {
    const session = await openSession(t, '', { contact_uuid: DEMO.anna });
    expect((await sessionState(t, session)).contact_proof).toMatchObject({
      identified_by: 'pos',
      proven: true,
      customer_proven: false,
    });
    const before = await meLinks();
    expectReason(await post(session, 'me-link'), 'proof_required');
    expect(await meLinks()).toBe(before);
  });

  it("the cashier console's customer (found by e-mail) is no proof either", async () => {
    const found = await consoleCall(t, till, 'POST', '/contacts/find', { query: DEMO.annaEmail });
    expect(found.statusCode).toBe(200);
    const started = await consoleCall(t, till, 'POST', '/sessions', {
      type: 'identify',
      contact_uuid: found.json().data.uuid,
    });
    expect(started.statusCode).toBe(201);
    expectReason(await post(started.json().data.uuid, 'me-link'), 'proof_required');
  });

  it('a scan of their own card in the session is: the link signs them in', async () => {
    const { uuid, card } = await customerWithCard();
    const session = await openSession(t, '', { contact_uuid: uuid });
    const scan = await post(session, 'identify', { value: card });
    expect(scan.json().data).toMatchObject({ result: 'identified', proof: { customer_proven: true } });
    const link = await post(session, 'me-link');
    expect(link.statusCode).toBe(200);
    const signedIn = await signIn(t, linkToken(link.json().data.url));
    expect(signedIn.statusCode).toBe(200);
  });

  it('so is the code e-mailed to them, which a POS-set customer can now ask for', async () => {
    const { uuid, email } = await customerWithCard();
    const session = await openSession(t, '', { contact_uuid: uuid });
    const sent = await post(session, 'verification/send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ customer_proven: false, code: { sent_to: expect.any(String) } });
    const code = lastCodeSentTo(t, email)!;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await post(session, 'verification/verify', { code });
    expect(verified.json().data).toMatchObject({ proven: true, customer_proven: true });
    expect((await post(session, 'me-link')).statusCode).toBe(200);
  });

  it('the POS keeps its customer after they scan their card: nobody else takes their place', async () => {
    const { uuid, card } = await customerWithCard();
    const session = await openSession(t, '', { contact_uuid: uuid, enable_email_identification: true });
    expect((await post(session, 'identify', { value: card })).statusCode).toBe(200);
    expectReason(await post(session, 'identify', { email: DEMO.annaEmail }), 'contact_set_by_pos');
    expectReason(await post(session, 'identify', { value: DEMO.annaCard }), 'contact_set_by_pos');
  });
});

describe("the POS's word gives the customer no card that would prove them", () => {
  it("the component's link-identifier refuses a card for a POS-set customer; the card proves nobody", async () => {
    // E-mail on: the link's e-mail identifies the POS's customer, so the card rule is what refuses.
    const session = await openSession(t, '', { contact_uuid: DEMO.anna, enable_email_identification: true });
    const attackerCard = uniqueId('ATTACKER').toUpperCase();
    const res = await t.call({
      method: 'POST',
      url: `/api/v1/portal-sessions/${session}/contacts/link-identifier`,
      token: 'undefined',
      payload: { contact_identifier_value: attackerCard, email: DEMO.annaEmail },
    });
    expectReason(res, 'proof_required');
    const next = await openSession(t);
    expect((await post(next, 'identify', { value: attackerCard })).json().data.result).toBe('other_code');
  });
});
