import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFixture } from '../../src/service/fixture/reload';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import {
  ATTACKER_ARGV,
  type AttackRoute,
  attack,
  attackSurface,
  databaseSnapshot,
  expectNothingChanged,
  inParallel,
  knownHole,
  openApiDocument,
  ROUTE_GROUPS,
  refusalShape,
  refusalText,
  requestFor,
  type Values,
} from '../helpers/attacker';

/*
 * The two APIs a portal session's uuid opens, as an attacker calls them: the kiosk's
 * (`/portal/api/sessions/{uuid}/…`, and a standby screen's `/portal/api/devices/{token}`) and the real
 * portal component's (`/api/v1/portal-sessions/{uuid}/…`). The uuid is the credential: a made-up
 * one, or that of a session that ended (cancelled, completed) or expired, must be refused on every
 * route and change nothing; what still answers an ended session (its state) shows nothing of the
 * customer (docs/trust-model.md "What the counter never sees").
 */

const REVOKED_DEVICE = 'attacker-revoked-device';

let t: TestApp;
let routes: AttackRoute[];
/** The victim's session in each state the attacker holds the uuid of. */
const sessions: Record<'cancelled' | 'completed' | 'expired', string> = {
  cancelled: '',
  completed: '',
  expired: '',
};

/** The victim's data, the session's uuid aside: Anna's card, gift card, voucher. */
const VALUES: Values = {
  shop_uuid: DEMO.shop,
  contact_uuid: DEMO.anna,
  email: DEMO.annaEmail,
  card: DEMO.annaCard,
  free_card: DEMO.freeCard,
  giftcard_uuid: DEMO.giftcard,
  hash: DEMO.giftcardHash,
  code: DEMO.voucherCode,
  voucher_code: DEMO.voucherCode,
  reward_uuid: DEMO.rewardCoffee,
  token: DEMO.device,
};

/** What the counter must never read of Anna once her session has ended. */
const ANNA = [DEMO.anna, DEMO.annaEmail, 'a***@example.com', '"Anna"', DEMO.annaCard];

/**
 * The reads that may answer an ended session (its state, as the screen shows "ended"), as long as
 * they show nothing of its customer: every other route refuses it. docs/trust-model.md, docs/v1-api.md.
 */
const STATE_READS = new Set([
  'GET /portal/api/sessions/:uuid',
  'GET /portal/api/sessions/:uuid/stream',
  'GET /api/v1/portal-sessions/:uuid',
  'GET /api/v1/portal-sessions/:uuid/brand-kit',
  'GET /api/v1/portal-sessions/:uuid/subscriptions',
  'GET /api/v1/portal-sessions/:uuid/prepaid',
]);

/** A session at the victim's shop in which Anna identified with her card (so she is proven). */
async function annasSession(): Promise<string> {
  const created = await t.call({
    method: 'POST',
    url: '/portal-sessions/scan-anything',
    token: DEMO.registerKey,
    payload: { amount_in_cents: 1250, enable_registration: true, enable_email_identification: true },
  });
  expect(created.statusCode).toBe(201);
  const uuid = created.json().data.uuid as string;
  const identified = await t.call({
    method: 'POST',
    url: `/portal/api/sessions/${uuid}/identify`,
    token: null,
    payload: { value: DEMO.annaCard },
  });
  expect(identified.statusCode).toBe(200);
  return uuid;
}

beforeAll(async () => {
  const demo = demoAccountFixture();
  const fixture: AccountFixture = {
    ...demo,
    devices: [...demo.devices, { token: REVOKED_DEVICE, shop: DEMO.shop }],
  };
  t = await createTestApp({ fixture, argv: ATTACKER_ARGV });
  await applyFixture(t.app.db, t.app.bus, demo, t.clock.now());
  ({ routes } = attackSurface(t.app, await openApiDocument(t)));
  // A receipt of the victim's shop, its credits not collected yet.
  const receipt = await t.call({
    method: 'POST',
    url: '/api/v3/oauth/clients/loyalty-tokens',
    payload: { version: 'v1', shop_id: 1, unique_id: 'VICTIM-RECEIPT-1', credits: 20 },
  });
  expect(receipt.statusCode).toBe(201);
  VALUES.receipt_url = receipt.json().data;
  sessions.expired = await annasSession();
  // Past its hour, and the expiry job has marked it: a refused call finds nothing left to change.
  t.clock.advance(2 * 60 * 60 * 1000);
  await t.runSessionExpiry();
  sessions.cancelled = await annasSession();
  const cancel = await t.call({
    method: 'POST',
    url: `/portal-sessions/${sessions.cancelled}/cancel`,
    token: DEMO.registerKey,
  });
  expect(cancel.statusCode).toBe(200);
  sessions.completed = await annasSession();
  const complete = await t.call({
    method: 'POST',
    url: `/portal/api/sessions/${sessions.completed}/complete`,
    token: null,
    payload: {},
  });
  expect(complete.statusCode).toBe(200);
}, 60_000);
afterAll(() => t?.close());

/** The routes a session's uuid opens, on both APIs (the v1 API's create takes a key: attacker-public). */
const sessionRoutes = () => routes.filter(ROUTE_GROUPS.session);

/** Calls every session route with `uuid`; answers the failures of `expected` (or known holes). */
async function attackSessions(
  uuid: string,
  credentialClass: string,
  expected: (route: AttackRoute, res: { statusCode: number; body: string }) => string | undefined,
): Promise<string[]> {
  const failures: string[] = [];
  await inParallel(
    sessionRoutes(),
    async (route) => {
      if (knownHole(credentialClass, route)) return;
      const res = await attack(t, requestFor(route, { ...VALUES, uuid }));
      const failure = expected(route, res);
      if (failure) failures.push(`${route.name}: ${failure}`);
    },
    4,
  );
  return failures;
}

describe('the portal and v1 APIs as an attacker', () => {
  it('every session route refuses a made-up session uuid (404, as documented); nothing changes', async () => {
    expect(sessionRoutes().length).toBeGreaterThan(45);
    const before = await databaseSnapshot(t.app.db);
    const failures = await attackSessions(randomUUID(), 'made-up session', (_route, res) => {
      const shape = refusalShape(res);
      return shape === '404 code=1003 reason=portal_session_not_found keys=code,message,reason,status_code'
        ? undefined
        : `${shape} ${res.body.slice(0, 200)}`;
    });
    expect(failures).toEqual([]);
    await expectNothingChanged(t.app.db, before, 'a made-up session uuid');
  }, 60_000);

  for (const [state, status, reason] of [
    ['cancelled', 409, 'portal_session_ended'],
    ['completed', 409, 'portal_session_ended'],
    ['expired', 410, 'portal_session_expired'],
  ] as const) {
    it(`every session route refuses a ${state} session (${status} ${reason}) but its state, which shows nothing of the customer; nothing changes`, async () => {
      const before = await databaseSnapshot(t.app.db);
      const failures = await attackSessions(sessions[state], `${state} session`, (route, res) => {
        if (STATE_READS.has(route.name)) {
          const shown = ANNA.filter((secret) => res.body.includes(secret));
          if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
          return shown.length ? `shows ${shown.join(', ')} in ${res.body.slice(0, 300)}` : undefined;
        }
        const shape = refusalShape(res);
        return shape === `${status} code=1003 reason=${reason} keys=code,message,reason,status_code`
          ? undefined
          : `${shape} ${res.body.slice(0, 200)}`;
      });
      expect(failures).toEqual([]);
      await expectNothingChanged(t.app.db, before, `a ${state} session's uuid`);
    }, 60_000);
  }

  it("a standby screen's routes refuse a made-up device token and a revoked one alike (404 device_not_found); nothing changes", async () => {
    const deviceRoutes = routes.filter(ROUTE_GROUPS.device);
    expect(deviceRoutes.length).toBeGreaterThanOrEqual(2);
    const before = await databaseSnapshot(t.app.db);
    for (const route of deviceRoutes) {
      const token = `made-up-${randomUUID()}`;
      const madeUp = await attack(t, requestFor(route, { token }));
      const revoked = await attack(t, requestFor(route, { token: REVOKED_DEVICE }));
      expect(refusalShape(madeUp), route.name).toBe(
        '404 code=1003 reason=device_not_found keys=code,message,reason,status_code',
      );
      expect(refusalText(revoked, [REVOKED_DEVICE]), route.name).toBe(refusalText(madeUp, [token]));
    }
    await expectNothingChanged(t.app.db, before, 'a made-up or revoked device token');
  });
});
