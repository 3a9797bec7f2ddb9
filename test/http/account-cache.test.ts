import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyFixture } from '../../src/service/fixture/reload';
import type { AccountFixture } from '../../src/service/fixture/schema';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { createTestApp, DEMO, newContact, type TestApp, twoProcesses } from '../helpers/app';

/*
 * Account-level rows (units, shops, loyalty rules, the account's look) are kept in each process
 * (db/account-cache.ts): a write to them is seen at once by the process that made it and, through
 * the event bus, by every other process on the database.
 */

/** POST /credit-receptions of 10 in `unit` (the default unit when undefined), for `contact`. */
const reception = (t: TestApp, unit: string | undefined, contact: string = DEMO.anna) =>
  t.call({
    method: 'POST',
    url: '/credit-receptions',
    payload: {
      contact_uuid: contact,
      ...(unit === undefined ? {} : { unit_name: unit }),
      unit_value: 10,
      shop_uuid: DEMO.shop,
    },
  });

/** The credits a reception of 10 in `unit` gives `contact` (201 asserted). */
const creditsOf = async (t: TestApp, unit: string, contact: string) => {
  const res = await reception(t, unit, contact);
  expect(res.statusCode).toBe(201);
  return res.json().data.credits as number;
};

const newUnit = async (t: TestApp, options: { is_default?: boolean } = {}) => {
  const name = `u_${randomBytes(4).toString('hex')}`;
  const res = await t.call({ method: 'POST', url: '/units', payload: { name, label: 'Stamps', ...options } });
  expect(res.statusCode).toBe(201);
  return name;
};

/** The demo account with every purchase_amount rule giving twice the credits. */
function doubledPurchaseRules(): AccountFixture {
  const demo = demoAccountFixture();
  return {
    ...demo,
    loyalty_rules: demo.loyalty_rules.map((rule) =>
      rule.unit === 'purchase_amount' ? { ...rule, credits_per_unit: rule.credits_per_unit * 2 } : rule,
    ),
  };
}

describe('account-level rows kept per process', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a unit created is credited in the next request, though the units were read before', async () => {
    t = await createTestApp();
    // Reads (and keeps) the account's units.
    expect((await reception(t, 'purchase_amount')).statusCode).toBe(201);
    const name = await newUnit(t);
    const res = await reception(t, name);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.unit.name).toBe(name);
    // No loyalty rule for it: no credits, as for any unit without one.
    expect(res.json().data.credits).toBe(0);
  });

  it('a unit created as the default is the default of the next request, though the units were read before', async () => {
    t = await createTestApp();
    const before = await reception(t, undefined);
    expect(before.json().data.unit.name).toBe('purchase_amount');
    const name = await newUnit(t, { is_default: true });
    const res = await reception(t, undefined);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.unit.name).toBe(name);
  });

  it('a fixture loaded into the running service applies its loyalty rules at the next request', async () => {
    t = await createTestApp();
    const contact = await newContact(t);
    // Reads (and keeps) the units and the rules of purchase_amount.
    const before = await creditsOf(t, 'purchase_amount', contact);
    expect(before).toBeGreaterThan(0);
    await applyFixture(t.app.db, t.app.bus, doubledPurchaseRules(), t.clock.now());
    expect(await creditsOf(t, 'purchase_amount', contact)).toBe(2 * before);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('account-level rows across two processes', () => {
  const two = twoProcesses();

  it('a unit created through one process is credited at once through the other, which had read the units', async () => {
    // Both processes read (and keep) the account's units.
    expect((await reception(two.a, 'purchase_amount')).statusCode).toBe(201);
    expect((await reception(two.b, 'purchase_amount')).statusCode).toBe(201);
    const name = await newUnit(two.a);
    // Not waiting for the bus: a unit a process does not know is read again before it is refused.
    const res = await reception(two.b, name);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.unit.name).toBe(name);
    expect((await reception(two.a, name)).statusCode).toBe(201);
  });

  it('a new default unit made through one process is the default of the other, which had read the units', async () => {
    const defaultOf = async (t: TestApp) => {
      const res = await reception(t, undefined);
      expect(res.statusCode).toBe(201);
      return res.json().data.unit.name as string;
    };
    const before = await defaultOf(two.b);
    expect(await defaultOf(two.a)).toBe(before);
    const name = await newUnit(two.a, { is_default: true });
    expect(await defaultOf(two.a)).toBe(name);
    // The other process hears of it through LISTEN/NOTIFY, a moment after the commit; without
    // that it would keep crediting the old default.
    await expect.poll(() => defaultOf(two.b), { timeout: 5000 }).toBe(name);
  });

  it('a fixture loaded through one process reaches the loyalty rules the other keeps', async () => {
    const contact = await newContact(two.a);
    // Both processes read (and keep) the units and the rules of purchase_amount.
    const before = await creditsOf(two.b, 'purchase_amount', contact);
    expect(before).toBeGreaterThan(0);
    expect(await creditsOf(two.a, 'purchase_amount', contact)).toBe(before);
    await applyFixture(two.a.app.db, two.a.app.bus, doubledPurchaseRules(), two.a.clock.now());
    // The process that loaded it at once; the other through LISTEN/NOTIFY, a moment after the load.
    expect(await creditsOf(two.a, 'purchase_amount', contact)).toBe(2 * before);
    await expect.poll(() => creditsOf(two.b, 'purchase_amount', contact), { timeout: 5000 }).toBe(2 * before);
  });
});
