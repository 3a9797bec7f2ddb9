import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountSnapshot, expectUnchanged } from '../helpers/account-snapshot';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { openSession, portalCall } from '../helpers/portal';

/*
 * Consent at the counter: one registration per session, nothing subscribed that was not ticked,
 * and the terms acceptance kept with its time and the terms it accepted.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const register = (uuid: string, email: string, extra: Record<string, unknown> = {}) =>
  portalCall(t, {}, 'POST', uuid, 'register', { email, accept_terms: true, ...extra });

async function contactByEmail(email: string) {
  return t.app.db.selectFrom('contacts').select(['id', 'uuid']).where('email', '=', email).executeTakeFirst();
}

describe('registration at the counter', () => {
  it('registers one contact per session', async () => {
    const uuid = await openSession(t, '', { enable_registration: true });
    expect((await register(uuid, 'first.new@example.com')).statusCode).toBe(200);
    const before = await accountSnapshot(t.app.db);
    for (let i = 0; i < 4; i += 1) {
      expectReason(await register(uuid, `more.new${i}@example.com`), 'registration_done');
    }
    await expectUnchanged(t.app.db, before);
  });

  it('subscribes to nothing that was not ticked, whatever the strategy', async () => {
    const uuid = await openSession(t, '', { enable_registration: true });
    await register(uuid, 'no.ticks@example.com');
    const contact = await contactByEmail('no.ticks@example.com');
    const rows = await t.app.db
      .selectFrom('contact_subscriptions')
      .select(['subscription_type_id', 'status'])
      .where('contact_id', '=', contact!.id)
      .execute();
    expect(rows.filter((r) => r.status !== 'UNSUBSCRIBED')).toEqual([]);
  });

  it('keeps the terms acceptance with its time and the terms it accepted', async () => {
    t.clock.advance(90_000);
    const uuid = await openSession(t, '', { enable_registration: true });
    await register(uuid, 'terms.new@example.com');
    const contact = await contactByEmail('terms.new@example.com');
    const acceptance = await t.app.db
      .selectFrom('terms_acceptances')
      .select(['accepted_at', 'terms_url', 'privacy_url'])
      .where('contact_id', '=', contact!.id)
      .execute();
    expect(acceptance).toEqual([
      {
        accepted_at: '2026-11-21T10:01:30.000+00:00',
        terms_url: 'https://example.com/demo-coffee/terms',
        privacy_url: 'https://example.com/demo-coffee/privacy',
      },
    ]);
    const events = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
    expect(events.json().data[0].data.terms).toEqual({
      accepted_at: '2026-11-21T10:01:30+00:00',
      terms_url: 'https://example.com/demo-coffee/terms',
      privacy_url: 'https://example.com/demo-coffee/privacy',
    });
  });
});
