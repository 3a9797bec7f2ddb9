import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectLedgersBalanced, storedGiftcardCents } from '../helpers/ledger';
import { openSession, sessionState } from '../helpers/portal';

/*
 * The service is the judge (docs/design.md "Kiosk flows"): once a session is cancelled or completed,
 * every action of the portal API is refused (1003, HTTP 409) and changes nothing — a request that
 * arrives late, after a network cut, charges nothing. The check runs in the action's own
 * transaction, under the session row's lock, so a charge and a cancel that race are ordered.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const GC_0002 = 'f1000000-0000-4000-8000-000000000002'; // € 100

/** A valid body for every POST of the portal API on a session (so only the session's state can refuse it). */
const BODIES: Record<string, unknown> = {
  identify: { value: 'CARD-0002' },
  register: { email: 'late@example.com', accept_terms: true },
  'credit-reception': {},
  complete: {},
  cancel: {},
  scan: { value: 'GC-0002' },
  'giftcards/scan': { value: 'GC-0002' },
  'giftcards/redeem': { giftcard_uuid: GC_0002 },
  'giftcards/top-up': { giftcard_uuid: GC_0002, amount_in_cents: 1000 },
  'prepaid/pay': { amount_in_cents: 500 },
  'prepaid/top-up': { amount_in_cents: 500 },
  'vouchers/redeem': { code: 'MUFFIN-0002' },
  'rewards/claim': { reward_uuid: 'e0000000-0000-4000-8000-000000000001' },
  'receipt-tokens/claim': {
    value: 'http://kiosk.test/l?version=v1&shop_id=1&credits=5&unique_id=R-1&timestamp=1&hash=00',
  },
  'scan-lookup': { value: 'MUFFIN-FREE' },
  'verification/send': {},
  'verification/verify': { code: '123456' },
  'terms/accept': {},
  'me-link': {},
};

/** Every session call of the portal API, from the service's own OpenAPI document. */
async function sessionCalls(): Promise<{ method: 'GET' | 'POST'; action: string }[]> {
  const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const prefix = '/portal/api/sessions/{uuid}/';
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => ({
        method: m.toUpperCase() as 'GET' | 'POST',
        action: path.slice(prefix.length),
      })),
    )
    .filter((call) => call.action !== 'stream');
}

const portal = (uuid: string, method: 'GET' | 'POST', action: string, payload?: unknown, key?: string) =>
  t.call({
    method,
    url: `/portal/api/sessions/${uuid}/${action}`,
    token: null,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: key ? { 'idempotency-key': key } : {},
  });

/** What the actions could change: every ledger's sum, the rows that record actions, and the events. */
async function footprint() {
  const count = async (
    table:
      | 'giftcard_transactions'
      | 'prepaid_transactions'
      | 'credit_entries'
      | 'vouchers'
      | 'contacts'
      | 'contact_identifiers'
      | 'portal_session_events'
      | 'reward_receptions',
  ) =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const redeemed = await t.app.db
    .selectFrom('vouchers')
    .select('status')
    .where('status', '=', 'REDEEMED')
    .execute();
  const linked = await t.app.db
    .selectFrom('contact_identifiers')
    .select('id')
    .where('contact_id', 'is not', null)
    .execute();
  return {
    giftcardTransactions: await count('giftcard_transactions'),
    prepaidTransactions: await count('prepaid_transactions'),
    creditEntries: await count('credit_entries'),
    rewardReceptions: await count('reward_receptions'),
    contacts: await count('contacts'),
    identifiers: await count('contact_identifiers'),
    linked: linked.length,
    redeemed: redeemed.length,
    events: await count('portal_session_events'),
  };
}

describe('an ended session accepts no action', () => {
  for (const [variant, end] of [
    ['/redeem-giftcards', 'cancel'],
    ['/pay-prepaid', 'complete'],
    ['', 'cancel'],
    ['/vouchers', 'complete'],
    ['/credit-reception', 'cancel'],
  ] as const) {
    it(`${variant || '/ (identify)'} ${end === 'cancel' ? 'cancelled' : 'completed'}: every call of the portal API is refused (409) and changes nothing`, async () => {
      const settings = { amount_in_cents: 1500, enable_registration: true };
      const uuid = await openSession(t, variant, settings);
      if (variant !== '/redeem-giftcards') {
        expect((await portal(uuid, 'POST', 'identify', { value: 'CARD-0001' })).statusCode).toBe(200);
      }
      expect((await portal(uuid, 'POST', end, {})).statusCode).toBe(200);
      const before = await footprint();
      const calls = await sessionCalls();
      expect(calls.length).toBeGreaterThan(15);
      for (const { method, action } of calls) {
        if (method === 'POST') expect(BODIES, `a body for POST ${action}`).toHaveProperty([action]);
        const res = await portal(
          uuid,
          method,
          action,
          method === 'POST' ? BODIES[action] : undefined,
          `late-${action}`,
        );
        expect([method, action, res.statusCode, res.json().code]).toEqual([method, action, 409, 1003]);
        expect(res.json().message).toBe('Portal session has ended');
      }
      expect(await footprint()).toEqual(before);
      await expectLedgersBalanced(t.app.db);
      expect((await sessionState(t, uuid)).status).toBe(end === 'cancel' ? 'cancelled' : 'completed');
    });
  }
});

describe('a charge and a cancel that race', () => {
  it('are ordered by the session lock: either the charge comes first and shows, or it is refused and nothing moves', async () => {
    for (let round = 0; round < 12; round++) {
      const uuid = await openSession(t, '/redeem-giftcards', { amount_in_cents: 100 });
      const before = await storedGiftcardCents(t.app.db, GC_0002);
      const [pay, cancel] = await Promise.all([
        portal(uuid, 'POST', 'giftcards/redeem', { giftcard_uuid: GC_0002 }, `pay-${round}`),
        portal(uuid, 'POST', 'cancel', {}, `cancel-${round}`),
      ]);
      expect(cancel.statusCode).toBe(200);
      const state = await sessionState(t, uuid);
      const types = state.events.map((e) => e.type);
      const after = await storedGiftcardCents(t.app.db, GC_0002);
      if (pay.statusCode === 200) {
        expect(types).toEqual(['giftcard_transaction', 'session_cancelled']);
        expect(state.events.at(-1)?.data).toMatchObject({ paid_in_cents: 100, remaining_in_cents: 0 });
        expect(after).toBe(before - 100);
      } else {
        expect([pay.statusCode, pay.json().code]).toEqual([409, 1003]);
        expect(types).toEqual(['session_cancelled']);
        expect(after).toBe(before);
      }
    }
    await expectLedgersBalanced(t.app.db);
  });

  it('a charge retried after the cancel answers what happened: the first charge again (it was made), or the refusal', async () => {
    const uuid = await openSession(t, '/redeem-giftcards', { amount_in_cents: 700 });
    const made = await portal(uuid, 'POST', 'giftcards/redeem', { giftcard_uuid: GC_0002 }, 'made');
    expect(made.statusCode).toBe(200);
    await portal(uuid, 'POST', 'cancel', {}, 'cancel');
    const before = await storedGiftcardCents(t.app.db, GC_0002);

    const replay = await portal(uuid, 'POST', 'giftcards/redeem', { giftcard_uuid: GC_0002 }, 'made');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(made.json());

    for (let attempt = 0; attempt < 2; attempt++) {
      const late = await portal(uuid, 'POST', 'giftcards/redeem', { giftcard_uuid: GC_0002 }, 'late');
      expect([late.statusCode, late.json().code]).toEqual([409, 1003]);
    }
    expect(await storedGiftcardCents(t.app.db, GC_0002)).toBe(before);
  });
});
