import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_COOKIE } from '../../src/contract/office';
import { hashToken, newSecret } from '../../src/service/domain/shared/tokens';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import {
  ATTACKER_ARGV,
  type AttackRoute,
  attack,
  attackSurface,
  databaseSnapshot,
  expectNothingChanged,
  inParallel,
  openApiDocument,
  ROUTE_GROUPS,
  refusalShape,
  requestFor,
  type Values,
} from '../helpers/attacker';
import { officeCall, staffMember } from '../helpers/office';

/*
 * The office as an attacker: every route of the office API, from Fastify's own table and the
 * OpenAPI document, called without a cookie, with a made-up, an expired and a removed person's
 * cookie, from another site, as a cashier, and as the manager of another shop; each must be refused
 * as documented and change nothing. Then each route that changes something, called by the owner,
 * leaves its entry in the audit log. Each area's own rules: test/http/office-*.test.ts.
 */

let t: TestApp;
let routes: AttackRoute[];
/** The Amsterdam shop's things, which the Utrecht manager must not reach. */
let amsterdam: Values;

/** Calls a person may make whatever their role: who am I, signing out. */
const ANY_ROLE = new Set([
  'GET /office/api/me',
  'POST /office/api/sign-out',
  'POST /office/api/sign-out-everywhere',
]);

/** POSTs that change nothing (a search sends its personal query in a body): checked as reads. */
const READS = new Set(['POST /office/api/customers/search']);
const reads = (route: AttackRoute) => route.method === 'GET' || READS.has(route.name);

beforeAll(async () => {
  t = await createTestApp({ argv: ATTACKER_ARGV });
  routes = attackSurface(t.app, await openApiDocument(t)).routes.filter(ROUTE_GROUPS.office);
  const db = t.app.db;
  const shop = await db
    .selectFrom('shops')
    .select('id')
    .where('uuid', '=', DEMO.shop)
    .executeTakeFirstOrThrow();
  const device = await db
    .selectFrom('cashier_devices')
    .select('uuid')
    .where('shop_id', '=', shop.id)
    .executeTakeFirstOrThrow();
  const key = await db
    .selectFrom('credentials')
    .select('uuid')
    .where('kind', '=', 'api_key')
    .where('shop_id', '=', shop.id)
    .executeTakeFirstOrThrow();
  const cashier = await db
    .selectFrom('staff')
    .select('uuid')
    .where('name', '=', 'Sam')
    .executeTakeFirstOrThrow();
  amsterdam = {
    'shops/uuid': DEMO.shop,
    'devices/uuid': device.uuid!,
    'staff/uuid': cashier.uuid,
    'register-keys/uuid': key.uuid!,
    // A credit reception of Anna's (the customer routes' example) at Amsterdam.
    credit_reception: await creditReception(DEMO.anna, DEMO.shop),
  };
});

/** A new credit reception of `contact` at `shop`: its uuid. */
async function creditReception(contact: string, shop: string): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/credit-receptions',
    payload: { contact_uuid: contact, shop_uuid: shop, credits: 10 },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.uuid;
}

/** A new customer with a card and a credit reception at a shop of their own: the values of the customer routes. */
async function customerValues(shop: string): Promise<Values> {
  const email = `${hashToken(newSecret()).slice(0, 12)}@attacker.example`;
  const made = await t.call({ method: 'POST', url: '/contacts', payload: { email } });
  const uuid = made.json().data.uuid as string;
  const card = await t.call({
    method: 'POST',
    url: '/contact-identifiers',
    payload: { contact_identifier_value: `ATT-${email}`, contact_uuid: uuid },
  });
  expect(card.statusCode).toBe(201);
  const { id } = await t.app.db
    .selectFrom('contact_identifiers')
    .select('id')
    .where('value', '=', `ATT-${email}`)
    .executeTakeFirstOrThrow();
  return {
    'customers/uuid': uuid,
    'cards/card': String(id),
    credit_reception: await creditReception(uuid, shop),
  };
}
afterAll(() => t?.close());

/** A cookie secret of an office session of `staffId` that ended at `expiresAt`. */
async function sessionOf(staffId: number, expiresAt: Date): Promise<string> {
  const secret = newSecret();
  await t.app.db
    .insertInto('office_sessions')
    .values({
      secret_hash: hashToken(secret),
      staff_id: staffId,
      created_at: isoTimestamp(t.clock.now()),
      expires_at: isoTimestamp(expiresAt),
    })
    .execute();
  return secret;
}

const cookieOf = (secret: string) => ({ cookies: { [OFFICE_COOKIE]: secret } });

/** Reads only an owner may make (a manager: 403 office_not_allowed, like the changes). */
const OWNER_ONLY_READS = new Set(['GET /office/api/member-imports/:uuid']);

/**
 * Calls whose audit entry is written when the job they start ends (a member import): the owner's
 * loop polls the job they answered until it has.
 */
const JOB_ROUTES: Record<string, (body: { uuid?: string }) => string> = {
  'POST /office/api/member-imports': (body) => `/member-imports/${body.uuid}`,
};

describe('the office as an attacker: every route refuses who may not, and changes nothing', () => {
  it('every office route but signing in is in the group, 60 of them', () => {
    expect(routes.map((r) => r.name).sort()).toEqual(
      expect.arrayContaining(['GET /office/api/audit', 'POST /office/api/devices/:uuid/revoke']),
    );
    expect(routes.length).toBe(60);
  });

  it('without a cookie, a made-up one, an expired one or a removed person’s: 401 office_signed_out', async () => {
    const owner = await staffMember(t, 'owner');
    const expired = await sessionOf(owner.id, new Date(t.clock.now().getTime() - 1000));
    const removed = await staffMember(t, 'owner');
    await t.app.db
      .updateTable('staff')
      .set({ removed_at: isoTimestamp(t.clock.now()) })
      .where('id', '=', removed.id)
      .execute();
    const before = await databaseSnapshot(t.app.db);
    const problems: string[] = [];
    await inParallel(routes, async (route) => {
      const request = requestFor(route, amsterdam);
      for (const [who, options] of [
        ['no cookie', {}],
        ['a made-up cookie', cookieOf(newSecret())],
        ['an expired cookie', cookieOf(expired)],
        ["a removed person's cookie", cookieOf(removed.cookie)],
      ] as const) {
        const res = await attack(t, request, { ...options, headers: { 'content-type': 'application/json' } });
        const shape = refusalShape(res);
        if (!shape.startsWith('401 code=1003 reason=office_signed_out '))
          problems.push(`${route.name} with ${who}: ${shape}`);
      }
    });
    expect(problems).toEqual([]);
    await expectNothingChanged(t.app.db, before, 'a signed-out call');
  });

  it('from another site: every call that changes something is refused 403 cross_site_call', async () => {
    const owner = await staffMember(t, 'owner');
    const before = await databaseSnapshot(t.app.db);
    const problems: string[] = [];
    await inParallel(
      routes.filter((r) => r.method !== 'GET'),
      async (route) => {
        const res = await attack(t, requestFor(route, amsterdam), {
          ...cookieOf(owner.cookie),
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        });
        const shape = refusalShape(res);
        if (!shape.startsWith('403 code=1003 reason=cross_site_call '))
          problems.push(`${route.name}: ${shape}`);
      },
    );
    expect(problems).toEqual([]);
    await expectNothingChanged(t.app.db, before, 'a cross-site call');
  });

  it('a cashier: 403 office_not_allowed on every route but who am I and signing out', async () => {
    const cashier = await staffMember(t, 'cashier');
    const before = await databaseSnapshot(t.app.db);
    const problems: string[] = [];
    await inParallel(
      routes.filter((r) => !ANY_ROLE.has(r.name)),
      async (route) => {
        const res = await attack(t, requestFor(route, amsterdam), {
          ...cookieOf(cashier.cookie),
          headers: { 'content-type': 'application/json' },
        });
        const shape = refusalShape(res);
        if (!shape.startsWith('403 code=1003 reason=office_not_allowed '))
          problems.push(`${route.name}: ${shape}`);
      },
    );
    expect(problems).toEqual([]);
    await expectNothingChanged(t.app.db, before, "a cashier's office call");
  });

  it("the manager of Utrecht: Amsterdam's shop, devices, staff and keys are refused (403 or 404), and no list shows them", async () => {
    const manager = await staffMember(t, 'manager', [DEMO.shopUtrecht]);
    const before = await databaseSnapshot(t.app.db);
    const problems: string[] = [];
    const secrets = Object.values(amsterdam);
    await inParallel(
      routes.filter((r) => !ANY_ROLE.has(r.name)),
      async (route) => {
        const res = await attack(t, requestFor(route, amsterdam), {
          ...cookieOf(manager.cookie),
          headers: { 'content-type': 'application/json' },
        });
        if (reads(route) && !OWNER_ONLY_READS.has(route.name)) {
          // A list the manager may read: theirs only, nothing of Amsterdam's in it.
          if (res.statusCode !== 200) problems.push(`${route.name}: ${refusalShape(res)}`);
          const leaked = secrets.filter((s) => s !== DEMO.shop && res.body.includes(s));
          if (leaked.length > 0) problems.push(`${route.name} shows Amsterdam's ${leaked.join(', ')}`);
          return;
        }
        const shape = refusalShape(res);
        if (!/^(403 code=1003 reason=office_not_allowed |404 code=1003 )/.test(shape))
          problems.push(`${route.name}: ${shape}`);
      },
    );
    expect(problems).toEqual([]);
    await expectNothingChanged(t.app.db, before, "a manager's call on another shop");
  });

  it('the owner: every route that changes something leaves its entry in the audit log, naming them', async () => {
    const owner = await staffMember(t, 'owner');
    const call = (method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) =>
      officeCall(t, owner.cookie, { method, path, payload });
    const changing = routes.filter((r) => !reads(r) && !ANY_ROLE.has(r.name));
    expect(changing.length).toBeGreaterThanOrEqual(12);
    const problems: string[] = [];
    for (const route of changing) {
      // Things of the owner's own for this route, so that a close, revoke or remove acts on them.
      const shop = (await call('POST', '/shops', { name: `Shop for ${route.name}` })).json();
      const device = (
        await call('POST', '/devices', { kind: 'console', name: 'Phone', shop_uuid: shop.uuid })
      ).json();
      const person = (
        await call('POST', '/staff', { name: 'Pat', role: 'cashier', shop_uuids: [shop.uuid] })
      ).json();
      const key = (await call('POST', '/register-keys', { name: 'Key', shop_uuid: shop.uuid })).json();
      // The programme's (docs/office.md "Earning and promotions"): a tier and an earning rule of its own.
      const tier = (await call('POST', '/tiers', { name: `Tier for ${route.name}` })).json();
      const rule = (
        await call('POST', '/earning-rules', { unit_name: 'visits', credits_per_unit: '1' })
      ).json();
      const values: Values = {
        'shops/uuid': shop.uuid,
        'devices/uuid': device.device.uuid,
        'staff/uuid': person.uuid,
        'register-keys/uuid': key.key.uuid,
        'rewards/uuid': (await call('POST', '/rewards', { title: 'Reward', required_credits: 10 })).json()
          .uuid,
        'tiers/uuid': tier.uuid,
        'earning-rules/id': String(rule.id),
        ...(await customerValues(shop.uuid)),
      };
      const entries = async () =>
        (await t.app.db.selectFrom('audit_log').select('id').where('staff_id', '=', owner.id).execute())
          .length;
      const before = await entries();
      const request = requestFor(route, values);
      const res = await t.call({
        method: request.method,
        url: request.url,
        token: null,
        payload: request.payload as Record<string, unknown>,
        cookies: { [OFFICE_COOKIE]: owner.cookie },
      });
      const job = JOB_ROUTES[route.name];
      if (job && res.statusCode < 300) {
        for (let polls = 0; polls < 1000; polls++) {
          const state = await officeCall(t, owner.cookie, { method: 'GET', path: job(res.json()) });
          if (state.json().status !== 'running') break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      if (res.statusCode >= 300) problems.push(`${route.name}: ${refusalShape(res)}`);
      else if ((await entries()) <= before) problems.push(`${route.name}: no audit entry`);
    }
    expect(problems).toEqual([]);
  });
});
