import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, twoProcesses } from '../helpers/app';

/*
 * Account-level rows (units, shops, loyalty rules, the account's look) are kept in each process
 * (db/account-cache.ts): a write to them is seen at once by the process that made it and, through
 * the event bus, by every other process on the database.
 */

const reception = (t: TestApp, unit: string) =>
  t.call({
    method: 'POST',
    url: '/credit-receptions',
    payload: { contact_uuid: DEMO.anna, unit_name: unit, unit_value: 10, shop_uuid: DEMO.shop },
  });

const newUnit = async (t: TestApp) => {
  const name = `u_${randomBytes(4).toString('hex')}`;
  const res = await t.call({ method: 'POST', url: '/units', payload: { name, label: 'Stamps' } });
  expect(res.statusCode).toBe(201);
  return name;
};

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
});

describe.runIf(process.env.TEST_DATABASE_URL)('account-level rows across two processes', () => {
  const two = twoProcesses();

  it('a unit created through one process is credited through the other, which had read the units', async () => {
    expect((await reception(two.b, 'purchase_amount')).statusCode).toBe(201);
    const name = await newUnit(two.a);
    // The other process hears of it through LISTEN/NOTIFY, a moment after the commit.
    await expect.poll(async () => (await reception(two.b, name)).statusCode, { timeout: 5000 }).toBe(201);
  });
});
