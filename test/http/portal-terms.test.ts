import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { meOverview } from '../../src/contract/me';
import { portalContact } from '../../src/contract/portal';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { meCall, meCookie } from '../helpers/me';
import { openSession, portalCall, sessionState } from '../helpers/portal';
import { lastCodeSentTo } from '../helpers/verification';

/*
 * Nobody accepts the account's terms on a customer's behalf (docs/trust-model.md): a customer the
 * real portal component registered (its screen shows no terms) has them pending, and is asked
 * where they next sign in — the kiosk (POST terms/accept, once they proved it is them) or /me/
 * (POST /me/api/terms/accept). Each acceptance is kept with its time and the addresses accepted.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TERMS = {
  terms_url: 'https://example.com/demo-coffee/terms',
  privacy_url: 'https://example.com/demo-coffee/privacy',
};
/** POST terms/accept at the counter; a 200 answer is the contract's `{contact}`. */
const accept = (uuid: string) =>
  portalCall(t, { 'terms/accept': z.object({ contact: portalContact }) }, 'POST', uuid, 'terms/accept', {});

/** A customer registered through the component's API (POST /api/v1/…/contacts {email}): their address and uuid. */
async function registeredByComponent(): Promise<{ email: string; uuid: string }> {
  const session = await openSession(t, '', { enable_registration: true });
  const email = `${uniqueId('component')}@example.com`;
  const res = await t.call({
    method: 'POST',
    url: `/api/v1/portal-sessions/${session}/contacts`,
    token: 'undefined',
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  return { email, uuid: res.json().data.uuid };
}

async function acceptancesOf(uuid: string) {
  return t.app.db
    .selectFrom('terms_acceptances')
    .innerJoin('contacts', 'contacts.id', 'terms_acceptances.contact_id')
    .select([
      'terms_acceptances.portal_session_id',
      'terms_acceptances.accepted_at',
      'terms_acceptances.terms_url',
      'terms_acceptances.privacy_url',
    ])
    .where('contacts.uuid', '=', uuid)
    .execute();
}

describe('at the kiosk', () => {
  it('asks a customer the component registered; accepted only once they proved it is them', async () => {
    const customer = await registeredByComponent();
    const uuid = await openSession(t, '', { enable_email_identification: true });
    const identified = await portalCall(t, {}, 'POST', uuid, 'identify', { email: customer.email });
    expect(identified.json().data.contact.terms_pending).toBe(true);
    expect((await sessionState(t, uuid)).contact?.terms_pending).toBe(true);

    // An address typed at the counter proves nobody: refused, and nothing kept.
    const before = await accountSnapshot(t.app.db);
    expectReason(await accept(uuid), 'proof_required');
    await expectUnchanged(t.app.db, before);

    await portalCall(t, {}, 'POST', uuid, 'verification/send', {});
    const code = lastCodeSentTo(t, customer.email);
    expect((await portalCall(t, {}, 'POST', uuid, 'verification/verify', { code })).statusCode).toBe(200);
    const res = await accept(uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact).toMatchObject({ uuid: customer.uuid, terms_pending: false });
    expect((await sessionState(t, uuid)).contact?.terms_pending).toBe(false);
    const kept = await acceptancesOf(customer.uuid);
    expect(kept).toEqual([expect.objectContaining(TERMS)]);
    expect(kept[0]!.portal_session_id).not.toBeNull();
    // The counter reads the event with the address masked.
    const event = (await sessionState(t, uuid)).events.find((e) => e.type === 'terms_accepted');
    expect(event?.data).toMatchObject({
      contact: { uuid: customer.uuid, email: `${customer.email[0]}***@example.com` },
      terms: TERMS,
    });

    // Accepted: asked no more, and a second acceptance keeps nothing more.
    expect((await accept(uuid)).statusCode).toBe(200);
    expect(await acceptancesOf(customer.uuid)).toHaveLength(1);
  });

  it('a scan of their card proves them: accepted at once', async () => {
    const customer = await registeredByComponent();
    const card = uniqueId('TERMS-CARD').toUpperCase();
    await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: card, contact_uuid: customer.uuid },
    });
    const uuid = await openSession(t, '/credit-reception', { amount_in_cents: 500 });
    await portalCall(t, {}, 'POST', uuid, 'identify', { value: card });
    const res = await accept(uuid);
    expect(res.json().data.contact.terms_pending).toBe(false);
    expect(await acceptancesOf(customer.uuid)).toHaveLength(1);
  });

  it('refuses before anyone is identified, and keeps nothing for a customer with no terms pending', async () => {
    const uuid = await openSession(t, '');
    expectReason(await accept(uuid), 'customer_not_identified');
    await portalCall(t, {}, 'POST', uuid, 'identify', { value: DEMO.annaCard });
    const before = await accountSnapshot(t.app.db);
    const res = await accept(uuid);
    expect(res.json().data.contact.terms_pending).toBe(false);
    await expectUnchanged(t.app.db, before);
    expect((await sessionState(t, uuid)).events.some((e) => e.type === 'terms_accepted')).toBe(false);
  });

  it('the kiosk’s own registration keeps the acceptance its screen asked for: nothing pending', async () => {
    const uuid = await openSession(t, '', { enable_registration: true });
    const email = `${uniqueId('kiosk')}@example.com`;
    const res = await portalCall(t, {}, 'POST', uuid, 'register', { email, accept_terms: true });
    expect(res.json().data.contact.terms_pending).toBe(false);
    expect(await acceptancesOf(res.json().data.contact.uuid)).toEqual([expect.objectContaining(TERMS)]);
  });
});

describe('on /me/', () => {
  it('the overview asks, and POST /me/api/terms/accept keeps the acceptance', async () => {
    const customer = await registeredByComponent();
    const cookie = await meCookie(t, customer.uuid);
    const overview = meOverview.parse((await meCall(t, cookie, { method: 'GET', path: '/overview' })).json());
    expect(overview.terms_to_accept).toEqual(TERMS);

    expect((await meCall(t, null, { method: 'POST', path: '/terms/accept', payload: {} })).statusCode).toBe(
      401,
    );
    expect(await acceptancesOf(customer.uuid)).toEqual([]);

    const res = await meCall(t, cookie, { method: 'POST', path: '/terms/accept', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(meOverview.parse(res.json()).terms_to_accept).toBeNull();
    expect(await acceptancesOf(customer.uuid)).toEqual([
      expect.objectContaining({ ...TERMS, portal_session_id: null }),
    ]);
    // The counter asks no more either.
    const uuid = await openSession(t, '', { enable_email_identification: true });
    const identified = await portalCall(t, {}, 'POST', uuid, 'identify', { email: customer.email });
    expect(identified.json().data.contact.terms_pending).toBe(false);
  });

  it('a customer with no terms pending is asked nothing', async () => {
    const cookie = await meCookie(t, DEMO.anna);
    const overview = meOverview.parse((await meCall(t, cookie, { method: 'GET', path: '/overview' })).json());
    expect(overview.terms_to_accept).toBeNull();
  });
});
