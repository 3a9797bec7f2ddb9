import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeActor } from '../../src/service/domain/office/access';
import { activityReport } from '../../src/service/domain/reports/activity';
import { liabilityReport } from '../../src/service/domain/reports/liability';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp, type TestApp } from '../helpers/app';

/*
 * The reports on a large account (docs/office.md "Reports", "Speed"): 100,000 contacts with a
 * year of ledger rows — 2 credit receptions and a credit entry each, a prepaid top-up each, and
 * 20,000 gift cards with a transaction each — written straight into the database, then the
 * liability and a month's activity timed. Run on demand: REPORTS_SCALE=1 npx vitest run
 * test/service/reports-scale.test.ts (with TEST_DATABASE_URL for PostgreSQL).
 */

const CONTACTS = 100_000;
const BATCH = 1_000;
let t: TestApp;

describe.skipIf(!process.env.REPORTS_SCALE)('the reports on 100,000 contacts', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const start = Date.parse('2025-12-01T00:00:00Z');
    const at = (i: number) => isoTimestamp(new Date(start + (i % 365) * 86_400_000 + (i % 86_400) * 1000));
    for (let from = 0; from < CONTACTS; from += BATCH) {
      const ids = Array.from({ length: BATCH }, (_, k) => from + k);
      const contacts = await db
        .insertInto('contacts')
        .values(
          ids.map((i) => ({
            uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            email: `scale-${i}@example.com`,
            firstname: null,
            lastname: null,
            locale: null,
            tier_id: null,
            credit_balance_centi: 1500,
            prepaid_balance_in_cents: 1000,
            attributes: '{}',
            channel: 'api',
            referral_code: null,
            created_at: at(i),
            updated_at: at(i),
            first_credit_reception_at: null,
            last_credit_reception_at: null,
          })),
        )
        .returning('id')
        .execute();
      const receptions = await db
        .insertInto('credit_receptions')
        .values(
          contacts.flatMap((c, k) =>
            [1000, 500].map((centi, j) => ({
              uuid: `10000000-0000-4000-8000-${String(2 * (from + k) + j).padStart(12, '0')}`,
              contact_id: c.id,
              shop_id: 1 + ((from + k + j) % 2),
              unit_id: 1,
              unit_value: null,
              credits_centi: centi,
              contact_identifier_id: null,
              pos_transaction_id: null,
              reverses_id: null,
              attributes: '{}',
              created_at: at(from + k + j),
            })),
          ),
        )
        .returning(['id', 'contact_id', 'credits_centi', 'created_at'])
        .execute();
      await db
        .insertInto('credit_entries')
        .values(
          receptions.map((r) => ({
            contact_id: r.contact_id,
            credits_centi: r.credits_centi,
            source: 'credit_reception' as const,
            source_id: r.id,
            created_at: r.created_at,
          })),
        )
        .execute();
      await db
        .insertInto('prepaid_transactions')
        .values(
          contacts.map((c, k) => ({
            uuid: `20000000-0000-4000-8000-${String(from + k).padStart(12, '0')}`,
            contact_id: c.id,
            shop_id: 1 + ((from + k) % 2),
            contact_identifier_id: null,
            amount_in_cents: 1000,
            kind: 'transaction' as const,
            reverses_id: null,
            created_at: at(from + k),
          })),
        )
        .execute();
    }
    const program = await db.selectFrom('giftcard_programs').select('id').executeTakeFirstOrThrow();
    for (let from = 0; from < CONTACTS / 5; from += BATCH) {
      const cards = await db
        .insertInto('giftcards')
        .values(
          Array.from({ length: BATCH }, (_, k) => ({
            uuid: `30000000-0000-4000-8000-${String(from + k).padStart(12, '0')}`,
            giftcard_program_id: program.id,
            hash: `SCALE-${from + k}`,
            type: 'PHYSICAL' as const,
            balance_in_cents: 2500,
            expiration_date: null,
            active: 1,
            created_at: at(from + k),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('giftcard_transactions')
        .values(
          cards.map((c, k) => ({
            uuid: `40000000-0000-4000-8000-${String(from + k).padStart(12, '0')}`,
            giftcard_id: c.id,
            shop_id: 1 + ((from + k) % 2),
            amount_in_cents: 2500,
            type: 'STANDARD',
            settled: 1,
            reverses_id: null,
            attributes: '{}',
            created_at: at(from + k),
          })),
        )
        .execute();
    }
    if (t.databaseUrl) await sql`analyze`.execute(db);
  }, 600_000);
  afterAll(() => t?.close());

  const owner: OfficeActor = {
    staffId: 0,
    uuid: 'bench',
    name: 'Bench',
    role: 'owner',
    shopIds: [1, 2],
    sessionId: 0,
    address: null,
  };

  it('times the liability and a month of activity', async () => {
    const now = new Date('2026-11-30T12:00:00Z');
    const time = async (name: string, run: () => Promise<unknown>) => {
      await run();
      const started = performance.now();
      for (let i = 0; i < 3; i++) await run();
      const ms = (performance.now() - started) / 3;
      console.log(`${t.databaseUrl ? 'PostgreSQL' : 'SQLite'} ${name}: ${ms.toFixed(0)} ms`);
      return ms;
    };
    const liability = await liabilityReport(t.app.db, owner, {}, now);
    expect(liability.rows.at(-1)!.prepaid_in_cents).toBeGreaterThan(CONTACTS * 900);
    await time('liability today', () => liabilityReport(t.app.db, owner, {}, now));
    await time('liability at a past day', () => liabilityReport(t.app.db, owner, { at: '2026-06-01' }, now));
    await time('activity, 31 days', () =>
      activityReport(t.app.db, owner, { from: '2026-05-01', to: '2026-05-31' }, now),
    );
    await time('activity, one shop, 31 days', () =>
      activityReport(
        t.app.db,
        owner,
        { from: '2026-05-01', to: '2026-05-31', shopUuid: 'a0000000-0000-4000-8000-000000000002' },
        now,
      ),
    );
    await time('activity, 366 days', () =>
      activityReport(t.app.db, owner, { from: '2025-12-01', to: '2026-12-01' }, now),
    );
  }, 600_000);
});
