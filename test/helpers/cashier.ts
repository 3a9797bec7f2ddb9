import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '../../src/service/db/schema-office';
import { hashPasscode } from '../../src/service/domain/console/till-staff';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { DEMO, type TestApp } from './app';

/** Cashier devices of the test fixture: the demo's Amsterdam till, and one at Utrecht. */
export const CASHIER = {
  amsterdam: 'demo-cashier-amsterdam',
  utrecht: 'test-cashier-utrecht-0001',
} as const;

/** The demo account with a second cashier device, at Utrecht. */
export function cashierFixture(): AccountFixture {
  const demo = demoAccountFixture();
  return {
    ...demo,
    cashier_devices: [
      ...demo.cashier_devices,
      { token: CASHIER.utrecht, shop: DEMO.shopUtrecht, name: 'Utrecht till' },
    ],
  };
}

/** The demo's person at the Amsterdam till (the fixture's demo cashier), whom pair() signs in. */
export const DEMO_TILL = { name: 'Sam', passcode: '1234' } as const;

/**
 * Pairs with a device token (POST /cashier/api/pair, 200); answers the `cookie` header to send.
 * Where the device's shop needs a person at the till and the demo's DEMO_TILL works there, signs
 * them in too, so that the console may change things (`signIn: false`: nobody at the till).
 */
export async function pair(t: TestApp, token: string, { signIn = true } = {}): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/cashier/api/pair', token: null, payload: { token } });
  expect(res.statusCode).toBe(200);
  const found = res.cookies.find((c) => c.name === 'portal_cashier');
  expect(found).toBeDefined();
  const cookie = `portal_cashier=${found!.value}`;
  if (signIn && res.json().data.staff_required) {
    const staff: { uuid: string; name: string }[] = (await consoleCall(t, cookie, 'GET', '/staff')).json()
      .data;
    const person = staff.find((p) => p.name === DEMO_TILL.name);
    if (person) expect((await signInAtTill(t, cookie, person, DEMO_TILL.passcode)).statusCode).toBe(200);
  }
  return cookie;
}

/** A console call with the device's cookie (`cookie` from pair), no bearer token; JSON body. */
export function consoleCall(
  t: TestApp,
  cookie: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.call({
    method,
    url: `/cashier/api${path}`,
    token: null,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}

/** A person the test made to work a till: their uuid (as GET /staff names them), id and name. */
export interface TillStaff {
  id: number;
  uuid: string;
  name: string;
}

/**
 * Makes a person who may work the till of shop `shopUuid` with a 4-digit `passcode`, straight in the
 * database (a cashier by default, working at that shop; an owner works at every shop). The shop's
 * consoles then need a person signed in for every change.
 */
export async function tillStaff(
  t: TestApp,
  shopUuid: string,
  name: string,
  passcode: string,
  role: StaffRole = 'cashier',
): Promise<TillStaff> {
  const db = t.app.db;
  const at = isoTimestamp(t.clock.now());
  const uuid = randomUUID();
  const { id } = await db
    .insertInto('staff')
    .values({
      uuid,
      name,
      email: null,
      role,
      password_hash: null,
      passcode_hash: await hashPasscode(passcode),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (role !== 'owner') {
    const shop = await db
      .selectFrom('shops')
      .select('id')
      .where('uuid', '=', shopUuid)
      .executeTakeFirstOrThrow();
    await db.insertInto('staff_shops').values({ staff_id: id, shop_id: shop.id }).execute();
  }
  return { id, uuid, name };
}

/** Signs `person` in at the console of `cookie` with `passcode` (POST /cashier/api/staff/sign-in). */
export function signInAtTill(
  t: TestApp,
  cookie: string,
  person: Pick<TillStaff, 'uuid'>,
  passcode: string,
): Promise<LightMyRequestResponse> {
  return consoleCall(t, cookie, 'POST', '/staff/sign-in', { staff_uuid: person.uuid, passcode });
}
