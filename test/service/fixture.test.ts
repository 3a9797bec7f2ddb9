import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../src/service/db/database';
import { FixtureError, loadFixture, parseFixture } from '../../src/service/fixture/load';
import { demoAccountFixture, seedAccount } from '../../src/service/fixture/seed';
import { expectLedgersBalanced } from '../helpers/ledger';

let dir: string;
let database: OpenDatabase;
const now = new Date('2026-11-21T10:00:00Z');

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-fixture-'));
  database = await openDatabase({ dataDir: dir });
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function counts() {
  const tables = [
    'contacts',
    'credit_entries',
    'prepaid_transactions',
    'giftcards',
    'giftcard_transactions',
    'vouchers',
    'contact_identifiers',
    'rewards',
    'credentials',
    'devices',
    'loyalty_rules',
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe('account fixture', () => {
  it('loads the demo account with opening ledger entries that equal the balances', async () => {
    await loadFixture(database.db, demoAccountFixture(), now);
    await expectLedgersBalanced(database.db);
    const contacts = await database.db.selectFrom('contacts').selectAll().execute();
    expect(contacts).toHaveLength(4);
    const ben = contacts.find((c) => c.email === 'ben@example.com');
    expect(ben?.credit_balance_centi).toBe(3550);
    const cards = await database.db.selectFrom('giftcards').selectAll().execute();
    for (const card of cards) {
      const tx = await database.db
        .selectFrom('giftcard_transactions')
        .selectAll()
        .where('giftcard_id', '=', card.id)
        .execute();
      expect(tx).toHaveLength(card.balance_in_cents > 0 ? 1 : 0);
    }
  });

  it('loading the same fixture twice changes nothing', async () => {
    await loadFixture(database.db, demoAccountFixture(), now);
    const first = await counts();
    await loadFixture(database.db, demoAccountFixture(), new Date('2026-12-01T00:00:00Z'));
    expect(await counts()).toEqual(first);
  });

  it('keys entities without uuids by their natural keys', async () => {
    const fixture = parseFixture({
      version: 1,
      account: { name: 'No uuids' },
      shops: [{ id: 1, name: 'Shop' }],
      contacts: [{ email: 'x@example.com', credit_balance: 5 }],
      giftcard_programs: [{ name: 'P', giftcards: [{ hash: 'H1', type: 'PHYSICAL', amount_in_cents: 100 }] }],
    });
    await loadFixture(database.db, fixture, now);
    await loadFixture(database.db, fixture, now);
    expect(await counts()).toMatchObject({
      contacts: 1,
      credit_entries: 1,
      giftcards: 1,
      giftcard_transactions: 1,
    });
    const units = await database.db.selectFrom('units').selectAll().execute();
    expect(units).toEqual([expect.objectContaining({ name: 'purchase_amount', is_default: 1 })]);
  });

  it('refuses an invalid fixture whole, naming the path of every bad field', () => {
    const bad = structuredClone(demoAccountFixture()) as unknown as {
      contacts: Record<string, unknown>[];
      shops: Record<string, unknown>[];
      giftcard_programs: { giftcards: Record<string, unknown>[] }[];
      account: { settings: Record<string, unknown> };
    };
    bad.contacts[1]!.email = 'not-an-email';
    bad.account.settings.min_amount_in_cents = 0;
    bad.account.settings.terms_url = 'javascript:alert(1)';
    bad.shops[0]!.id = 'one';
    bad.giftcard_programs[0]!.giftcards[2]!.amount_in_cents = 1.5;
    try {
      parseFixture(bad, 'bad.json');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FixtureError);
      const problems = (err as FixtureError).problems.join('\n');
      expect(problems).toContain('contacts[1].email');
      expect(problems).toContain('shops[0].id');
      expect(problems).toContain('giftcard_programs[0].giftcards[2].amount_in_cents');
      expect(problems).toContain('account.settings.min_amount_in_cents');
      expect(problems).toContain('account.settings.terms_url');
    }
  });

  it('refuses bad references and writes nothing', async () => {
    const fixture = parseFixture({
      version: 1,
      account: { name: 'Bad refs' },
      shops: [{ id: 1, name: 'Shop' }],
      credentials: [{ kind: 'api_key', token: 'some-long-token', shop: 'no-such-shop' }],
      contacts: [{ email: 'y@example.com', tier: 'no-such-tier' }],
    });
    await expect(loadFixture(database.db, fixture, now, 'refs.json')).rejects.toThrow(
      /credentials\[0\]\.shop: unknown shop no-such-shop[\s\S]*contacts\[0\]\.tier: unknown tier no-such-tier/,
    );
    expect(await counts()).toMatchObject({ contacts: 0, credentials: 0 });
    expect(await database.db.selectFrom('account').selectAll().execute()).toEqual([]);
  });

  it('seeds the demo account only into an empty database unless a fixture is named', async () => {
    expect((await seedAccount(database.db, undefined, now)).source).toMatch(/bundled demo/);
    expect((await seedAccount(database.db, undefined, now)).source).toMatch(/existing account "Demo Coffee"/);
    await expect(seedAccount(database.db, join(dir, 'missing.json'), now)).rejects.toThrow(FixtureError);
  });
});
