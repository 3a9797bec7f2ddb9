import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectContactTotalsMatchHistory, expectLedgersBalanced } from '../helpers/ledger';

// What a contact shows is stored with each ledger entry (migration 0011); after any sequence of
// writes it must equal what the contact's history says, on SQLite and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FREE_COFFEE = 'e0000000-0000-4000-8000-000000000001';
const REGISTERS = [DEMO.registerKey, DEMO.registerKeyUtrecht];
const CONTACTS = [DEMO.anna, DEMO.ben];

/** One write of any kind the ledger knows. */
type Command =
  | { kind: 'receive'; contact: number; credits: number; register: number }
  | { kind: 'reverse'; pick: number }
  | { kind: 'claim'; contact: number }
  | { kind: 'unclaim'; pick: number }
  | { kind: 'clock'; seconds: number }
  | { kind: 'burst'; contact: number; credits: number[] };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    contact: fc.nat(1),
    credits: fc.integer({ min: -30, max: 80 }),
    register: fc.nat(1),
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('claim' as const), contact: fc.nat(1) }),
  fc.record({ kind: fc.constant('unclaim' as const), pick: fc.nat() }),
  // Backwards too: first and last are the earliest and latest, not the first and last written.
  fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: -86_400, max: 86_400 }) }),
  fc.record({
    kind: fc.constant('burst' as const),
    contact: fc.nat(1),
    credits: fc.array(fc.integer({ min: -10, max: 30 }), { minLength: 2, maxLength: 8 }),
  }),
);

async function receive(contact: number, credits: number, register = 0) {
  return t.call({
    method: 'POST',
    url: '/credit-receptions',
    token: REGISTERS[register],
    payload: { contact_uuid: CONTACTS[contact], credits },
  });
}

describe('contact totals', () => {
  it('equal the ledger and the receptions after every kind of write, reversal and concurrent burst', async () => {
    const receptions: string[] = [];
    const claims: string[] = [];
    const keep = (res: { statusCode: number; json(): unknown }, into: string[]) => {
      if (res.statusCode === 201) into.push((res.json() as { data: { uuid: string } }).data.uuid);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        for (const c of commands) {
          if (c.kind === 'receive') keep(await receive(c.contact, c.credits, c.register), receptions);
          else if (c.kind === 'reverse' && receptions.length > 0) {
            const uuid = receptions[c.pick % receptions.length];
            keep(await t.call({ method: 'POST', url: `/credit-receptions/${uuid}/reverse` }), receptions);
          } else if (c.kind === 'claim') {
            const res = await t.call({
              method: 'POST',
              url: '/reward-receptions',
              token: DEMO.registerKey,
              payload: { contact_uuid: CONTACTS[c.contact], reward_uuid: FREE_COFFEE },
            });
            keep(res, claims);
          } else if (c.kind === 'unclaim' && claims.length > 0) {
            const uuid = claims[c.pick % claims.length];
            await t.call({ method: 'POST', url: `/reward-receptions/${uuid}/reverse` });
          } else if (c.kind === 'clock') t.clock.advance(c.seconds * 1000);
          else if (c.kind === 'burst') {
            const all = await Promise.all(c.credits.map((credits) => receive(c.contact, credits)));
            for (const res of all) keep(res, receptions);
          }
          await expectContactTotalsMatchHistory(t.app.db);
        }
        await expectLedgersBalanced(t.app.db);
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('GET contact shows the stored totals', async () => {
    const before = (await t.call({ method: 'GET', url: `/contacts/${DEMO.carla}` })).json().data
      .current_values;
    const first = await t.call({
      method: 'POST',
      url: '/credit-receptions',
      token: DEMO.registerKeyUtrecht,
      payload: { contact_uuid: DEMO.carla, credits: 12.5 },
    });
    expect(first.statusCode).toBe(201);
    const reversal = await t.call({
      method: 'POST',
      url: `/credit-receptions/${first.json().data.uuid}/reverse`,
    });
    expect(reversal.statusCode).toBe(201);
    const after = (await t.call({ method: 'GET', url: `/contacts/${DEMO.carla}` })).json().data
      .current_values;
    expect(after.loyalty_number_of_transactions).toBe(before.loyalty_number_of_transactions + 2);
    expect(after.loyalty_total_credits_received).toBe(before.loyalty_total_credits_received + 12.5);
    expect(after.loyalty_balance).toBe(before.loyalty_balance);
    expect(after.previous_loyalty_balance).toBe(before.loyalty_balance + 12.5);
    expect(after.loyalty_associated_shops).toContain('Demo Coffee Utrecht');
    expect(after.loyalty_last_transaction_date).not.toBeNull();
  });
});
