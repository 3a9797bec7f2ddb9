import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionPath } from '../../src/contract/public/portal-sessions';
import {
  holdsTopUps,
  SESSION_DEFAULTS,
  SESSION_TYPE_RULES,
  SESSION_TYPES,
  type SessionCreator,
  sessionTypeAllows,
  type TypeAction,
  takesAmount,
  topsUp,
} from '../../src/contract/session-types';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { CASHIER, cashierFixture, consoleCall, pair } from '../helpers/cashier';
import { expectError, expectReason } from '../helpers/errors';
import { storedGiftcardCents } from '../helpers/ledger';
import { sessionState } from '../helpers/portal';

/*
 * One set of rules under every API: each session type, created by each API that can create it —
 * the public `POST /portal-sessions[/<type>]` (an API key), the v1 `POST /api/v1/portal-sessions`
 * (an API key) and the cashier console's `POST /cashier/api/sessions` (a paired device's cookie) —
 * takes an amount or none by the same rule, starts with the same defaults, allows the same calls at
 * the counter (any other answers 403 not_allowed_in_session) and holds its top-ups for the till's
 * payment as contract/session-types.ts says: always from the console, a POS's when it asks.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ fixture: cashierFixture() });
  cookie = await pair(t, CASHIER.amsterdam);
});
afterAll(() => t.close());

type Api = 'public' | 'v1' | 'console';
const APIS: Api[] = ['public', 'v1', 'console'];
const CREATOR: Record<Api, SessionCreator> = { public: 'pos', v1: 'pos', console: 'console' };

const GC3 = 'f1000000-0000-4000-8000-000000000003'; // GC-0003, physical, € 0, room up to € 500
const UNKNOWN_GIFTCARD = 'f1000000-0000-4000-8000-00000000dead';
const AMOUNT = 700;

/** Creates a session of `type` by `api` with `body` (the API's own fields besides the type). */
function create(api: Api, type: (typeof SESSION_TYPES)[number], body: Record<string, unknown> = {}) {
  switch (api) {
    case 'public':
      return t.call({
        method: 'POST',
        url: createSessionPath(type),
        payload: { shop_uuid: DEMO.shop, ...body },
      });
    case 'v1':
      return t.call({
        method: 'POST',
        url: '/api/v1/portal-sessions',
        payload: { type: SESSION_TYPE_RULES[type].v1, shop_uuid: DEMO.shop, ...body },
      });
    case 'console':
      return consoleCall(t, cookie, 'POST', '/sessions', { type, ...body });
  }
}

async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data.uuid;
}

const kiosk = (method: 'GET' | 'POST', uuid: string, action: string, payload: Record<string, unknown> = {}) =>
  t.call({
    method,
    url: `/portal/api/sessions/${uuid}/${action}`,
    token: null,
    ...(method === 'POST' ? { payload } : {}),
  });

/**
 * One call at the counter for each action, with a valid body that changes nothing where the action
 * is allowed (an unknown card or code, no customer yet); `register` last, as it may add one.
 */
const PROBES: Record<TypeAction, (uuid: string, api: Api) => Promise<LightMyRequestResponse>> = {
  scan_lookup: (uuid) => kiosk('POST', uuid, 'scan-lookup', { value: 'NO-SUCH-CODE' }),
  identify: (uuid) => kiosk('POST', uuid, 'identify', { value: 'NO-SUCH-CARD' }),
  verify: (uuid) => kiosk('POST', uuid, 'verification/send'),
  credit_reception: (uuid) => kiosk('POST', uuid, 'credit-reception'),
  giftcard_scan: (uuid) => kiosk('POST', uuid, 'giftcards/scan', { value: 'NO-SUCH-CARD' }),
  redeem_giftcards: (uuid) => kiosk('POST', uuid, 'giftcards/redeem', { giftcard_uuid: UNKNOWN_GIFTCARD }),
  top_up_giftcards: (uuid) =>
    kiosk('POST', uuid, 'giftcards/top-up', { giftcard_uuid: UNKNOWN_GIFTCARD, amount_in_cents: AMOUNT }),
  pay_prepaid: (uuid) => kiosk('POST', uuid, 'prepaid/pay', { amount_in_cents: AMOUNT }),
  top_up_prepaid: (uuid) => kiosk('POST', uuid, 'prepaid/top-up', { amount_in_cents: AMOUNT }),
  voucher_list: (uuid) => kiosk('GET', uuid, 'vouchers'),
  voucher_redeem: (uuid) => kiosk('POST', uuid, 'vouchers/redeem', { code: 'NO-SUCH-VOUCHER' }),
  customer_portal: (uuid) => kiosk('GET', uuid, 'rewards'),
  confirm_payment: (uuid, api) =>
    api === 'console'
      ? consoleCall(t, cookie, 'POST', `/sessions/${uuid}/payment-received`)
      : t.call({ method: 'POST', url: `/portal-sessions/${uuid}/confirm-payment` }),
  register: (uuid) =>
    kiosk('POST', uuid, 'register', { email: `walk-${uuid}@example.com`, accept_terms: true }),
};

async function prepaidOf(contact: string): Promise<number> {
  const res = await t.call({ method: 'GET', url: `/contacts/${contact}/prepaid-balance` });
  return res.json().data.balance_in_cents;
}

describe.each(APIS)('created by the %s API', (api) => {
  it.each(SESSION_TYPES)('%s: its amount, defaults and calls are the table’s', async (type) => {
    const rules = SESSION_TYPE_RULES[type];

    // The amount: required, optional, or none.
    if (rules.amount === 'required') {
      const body = await expectError(await create(api, type), 1003);
      expect(body.errors).toHaveProperty('amount_in_cents');
    } else {
      const without = await sessionState(t, await created(create(api, type)));
      expect(without.amount_in_cents).toBeNull();
    }
    const withAmount = await create(api, type, { amount_in_cents: AMOUNT });
    if (takesAmount(type)) {
      expect(withAmount.statusCode, withAmount.body).toBe(201);
    } else if (api === 'public') {
      // Its body has no amount field: the public API ignores it, as every field it does not know.
      expect(withAmount.statusCode).toBe(201);
      expect((await sessionState(t, withAmount.json().data.uuid)).amount_in_cents).toBeNull();
    } else {
      const body = await expectError(withAmount, 1003);
      expect(body.errors).toHaveProperty('amount_in_cents');
    }

    // The defaults, and whether a top-up waits for the till's payment.
    const uuid = await created(create(api, type, takesAmount(type) ? { amount_in_cents: AMOUNT } : {}));
    const state = await sessionState(t, uuid);
    expect(state.type).toBe(type);
    expect(state.amount_in_cents).toBe(takesAmount(type) ? AMOUNT : null);
    expect(state.settings).toMatchObject({
      allow_multiple_giftcards: rules.allowMultipleGiftcards,
      require_payment_confirmation: api === 'console' && topsUp(type),
      scanner_type: SESSION_DEFAULTS.scanner_type,
      camera_service: SESSION_DEFAULTS.camera_service,
      facing_mode: SESSION_DEFAULTS.facing_mode,
    });

    // Every call at the counter: allowed by the table, or refused with 403 not_allowed_in_session.
    for (const [action, probe] of Object.entries(PROBES) as [TypeAction, (typeof PROBES)[TypeAction]][]) {
      const res = await probe(uuid, api);
      if (sessionTypeAllows(type, action)) {
        expect({ action, status: res.statusCode, reason: res.json().reason }).not.toMatchObject({
          reason: 'not_allowed_in_session',
        });
        expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(500);
      } else {
        expect({ action, refused: res.json().reason }).toEqual({ action, refused: 'not_allowed_in_session' });
        expectReason(res, 'not_allowed_in_session');
      }
    }
    expect((await kiosk('POST', uuid, 'complete')).statusCode).toBe(200);
  });

  it.each(SESSION_TYPES.filter(topsUp))(
    '%s: a top-up waits for the till’s payment as the creator decides',
    async (type) => {
      const asks = api === 'console' ? [undefined] : [undefined, false, true];
      for (const asked of asks) {
        const held = holdsTopUps(type, CREATOR[api], asked);
        expect(held).toBe(api === 'console' || asked === true);
        const uuid = await created(
          create(api, type, {
            contact_uuid: DEMO.anna,
            ...(asked === undefined ? {} : { require_payment_confirmation: asked }),
          }),
        );
        expect((await sessionState(t, uuid)).settings.require_payment_confirmation).toBe(held);
        const prepaid = sessionTypeAllows(type, 'top_up_prepaid');
        const before = prepaid ? await prepaidOf(DEMO.anna) : await storedGiftcardCents(t.app.db, GC3);
        const res = prepaid
          ? await kiosk('POST', uuid, 'prepaid/top-up', { amount_in_cents: 100 })
          : await kiosk('POST', uuid, 'giftcards/top-up', { giftcard_uuid: GC3, amount_in_cents: 100 });
        expect(res.statusCode, res.body).toBe(200);
        expect('awaiting_payment' in res.json().data).toBe(held);
        const after = prepaid ? await prepaidOf(DEMO.anna) : await storedGiftcardCents(t.app.db, GC3);
        expect(after - before).toBe(held ? 0 : 100);
      }
    },
  );
});
