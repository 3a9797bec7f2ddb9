/**
 * The account the service's budgets are measured on (docs/benchmarks.md "Service"): the demo
 * account (its credentials, tiers, units, rules) with three more shops (five), 10,000 contacts of
 * its own, each with a loyalty card and a subscription, and 200,000 credit receptions over the
 * past year spread over them unevenly (a few regulars, many occasional customers), with their
 * ledger entries, shop links and the totals each contact row keeps (migration 0011), as the
 * service would have written them. Seeded in one transaction of bulk inserts, once: the result is
 * kept as a template (an SQLite file under bench/.cache, a PostgreSQL template database) named by
 * a hash of the migrations, the demo fixture and this file, so a run only copies it.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/service/db/database';
import type { Database } from '../src/service/db/schema';
import { loadFixture, parseFixture } from '../src/service/fixture/load';
import { DEMO_FIXTURE_DIR } from '../src/service/fixture/seed';

export const CONTACTS = 10_000;
export const RECEPTIONS = 200_000;
const CACHE = 'bench/.cache';

/** The n-th contact of the account (0-based): its uuid, e-mail and card. */
export function benchContact(n: number): { uuid: string; email: string; card: string } {
  const number = String(n + 1).padStart(12, '0');
  return {
    uuid: `ce000000-0000-4000-8000-${number}`,
    email: `customer-${n + 1}@example.com`,
    card: `BENCH-CARD-${String(n + 1).padStart(6, '0')}`,
  };
}

/** The five shops: the demo's two, then three of the bench's. */
export const SHOPS = [1, 2, 3, 4, 5].map((n) => `a0000000-0000-4000-8000-00000000000${n}`);

/** The template's name: what it is made from, hashed. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = 'src/service/db/migrations';
  for (const file of readdirSync(migrations).sort()) hash.update(readFileSync(join(migrations, file)));
  hash.update(readFileSync(join(DEMO_FIXTURE_DIR, 'demo-account.json')));
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest('hex').slice(0, 12);
}

/** A small deterministic generator (mulberry32): the same account on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Loads the demo account with five shops and the bench's contacts and history into `db`. */
async function seed(db: Kysely<Database>): Promise<void> {
  const now = new Date();
  const demo = JSON.parse(readFileSync(join(DEMO_FIXTURE_DIR, 'demo-account.json'), 'utf8'));
  const cities = ['Rotterdam', 'Den Haag', 'Eindhoven'];
  demo.shops.push(
    ...cities.map((city, i) => ({
      id: i + 3,
      uuid: SHOPS[i + 2],
      name: `Demo Coffee ${city}`,
      reference: null,
      address: null,
    })),
  );
  await loadFixture(db, parseFixture(demo, 'bench account', DEMO_FIXTURE_DIR), now);
  await db.transaction().execute(async (trx) => {
    const shops = await trx.selectFrom('shops').select(['id', 'uuid']).execute();
    const shopIds = SHOPS.map((uuid) => shops.find((s) => s.uuid === uuid)!.id);
    const unit = await trx
      .selectFrom('units')
      .select('id')
      .where('name', '=', 'purchase_amount')
      .executeTakeFirstOrThrow();
    const tiers = await trx.selectFrom('tiers').select('id').orderBy('position').execute();
    const subscription = await trx
      .selectFrom('subscription_types')
      .select('id')
      .orderBy('id')
      .executeTakeFirst();
    const next = random(33);
    const yearMs = 365 * 24 * 3600 * 1000;
    const start = now.getTime() - yearMs;
    // Receptions in time order; the contact skewed to the first ones (r^1.5: a few regulars).
    const receptions = Array.from({ length: RECEPTIONS }, (_, i) => {
      const contact = Math.floor(next() ** 1.5 * CONTACTS);
      const unitValue = (1 + Math.floor(next() * 6000)) / 100;
      return {
        uuid: `ce100000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        contact,
        shop: shopIds[Math.floor(next() * shopIds.length)]!,
        unitValue,
        creditsCenti: Math.floor(unitValue) * 100,
        at: new Date(start + Math.floor((i / RECEPTIONS) * yearMs)).toISOString().replace('Z', '+00:00'),
      };
    });
    const totals = Array.from({ length: CONTACTS }, () => ({
      count: 0,
      centi: 0,
      last: 0,
      first: '',
      lastAt: '',
    }));
    for (const r of receptions) {
      const t = totals[r.contact]!;
      t.count += 1;
      t.centi += r.creditsCenti;
      t.last = r.creditsCenti;
      t.first ||= r.at;
      t.lastAt = r.at;
    }
    const created = new Date(start - 24 * 3600 * 1000).toISOString().replace('Z', '+00:00');
    await insertChunks(
      totals.map((t, n) => ({ t, n })),
      500,
      (chunk) =>
        trx
          .insertInto('contacts')
          .values(
            chunk.map(({ t, n }) => ({
              uuid: benchContact(n).uuid,
              email: benchContact(n).email,
              firstname: `Customer ${n + 1}`,
              lastname: null,
              locale: n % 3 === 0 ? 'en' : 'nl',
              tier_id: n % 10 === 0 && tiers.length > 0 ? tiers[tiers.length - 1]!.id : null,
              credit_balance_centi: t.centi,
              prepaid_balance_in_cents: 0,
              attributes: '{}',
              channel: 'api',
              referral_code: null,
              created_at: created,
              updated_at: t.lastAt || created,
              credit_receptions_count: t.count,
              received_credits_centi: t.centi,
              previous_credit_balance_centi: t.centi - t.last,
              first_credit_reception_at: t.first || null,
              last_credit_reception_at: t.lastAt || null,
            })),
          )
          .execute(),
    );
    const ids = new Map(
      (
        await trx.selectFrom('contacts').select(['id', 'uuid']).where('uuid', 'like', 'ce000000-%').execute()
      ).map((c) => [c.uuid, c.id]),
    );
    const idOf = (n: number) => ids.get(benchContact(n).uuid)!;
    await insertChunks(
      totals.map((_, n) => n),
      1000,
      (chunk) =>
        trx
          .insertInto('contact_identifiers')
          .values(
            chunk.map((n) => ({
              value: benchContact(n).card,
              name: 'Loyalty card',
              active: 1,
              contact_id: idOf(n),
              created_at: created,
            })),
          )
          .execute(),
    );
    if (subscription)
      await insertChunks(
        totals.map((_, n) => n),
        1000,
        (chunk) =>
          trx
            .insertInto('contact_subscriptions')
            .values(
              chunk.map((n) => ({
                contact_id: idOf(n),
                subscription_type_id: subscription.id,
                status: 'SUBSCRIBED' as const,
                confirmation_token: null,
                updated_at: created,
              })),
            )
            .execute(),
      );
    const before =
      (
        await trx
          .selectFrom('credit_receptions')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0;
    await insertChunks(receptions, 1000, (chunk) =>
      trx
        .insertInto('credit_receptions')
        .values(
          chunk.map((r) => ({
            uuid: r.uuid,
            contact_id: idOf(r.contact),
            shop_id: r.shop,
            unit_id: unit.id,
            unit_value: String(r.unitValue),
            credits_centi: r.creditsCenti,
            contact_identifier_id: null,
            pos_transaction_id: null,
            reverses_id: null,
            attributes: '{}',
            created_at: r.at,
          })),
        )
        .execute(),
    );
    await sql`insert into credit_entries (contact_id, credits_centi, source, source_id, created_at)
      select contact_id, credits_centi, 'credit_reception', id, created_at from credit_receptions
      where id > ${before} order by id`.execute(trx);
    await sql`insert into contact_shops (contact_id, shop_id)
      select distinct contact_id, shop_id from credit_receptions where id > ${before}
      on conflict do nothing`.execute(trx);
  });
}

/**
 * The SQLite template of the account (a database file, its log checkpointed into it), made once
 * and kept under bench/.cache. Copy it to `<data>/portal.sqlite` for a run.
 */
export async function sqliteTemplate(): Promise<string> {
  const file = join(CACHE, `realistic-${templateKey()}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-seed-'));
  try {
    const started = Date.now();
    const database = await openDatabase({ dataDir });
    await seed(database.db);
    await sql`vacuum`.execute(database.db);
    // Closing checkpoints the log into the file: the file alone is the whole database.
    await database.close();
    copyFileSync(join(dataDir, 'portal.sqlite'), `${file}.partial`);
    renameSync(`${file}.partial`, file);
    console.log(`seeded the SQLite template ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return file;
}

/** A PostgreSQL server's URL with another database. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The PostgreSQL template database of the account on `server`, made once and kept there
 * (`portal_bench_realistic_<hash>`); `CREATE DATABASE … TEMPLATE` it for a run.
 */
export async function postgresTemplate(server: string): Promise<string> {
  const name = `portal_bench_realistic_${templateKey()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const partial = `${name}_partial`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial}`);
    const started = Date.now();
    const database = await openDatabase({ dataDir: '', databaseUrl: databaseUrl(server, partial) });
    try {
      await seed(database.db);
      await sql`vacuum analyze`.execute(database.db);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${partial} rename to ${name}`);
    console.log(`seeded the PostgreSQL template ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await admin.end();
  }
  return name;
}
