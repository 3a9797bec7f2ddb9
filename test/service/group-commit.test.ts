import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../src/service/db/database';
import { DurabilityLost, type DurableLog, GroupCommit } from '../../src/service/db/group-commit';
import type { Database } from '../../src/service/db/schema';
import type { Tx } from '../../src/service/db/transaction';
import { createUnit, receptionUnit } from '../../src/service/domain/loyalty/units';
import { ServiceError } from '../../src/service/domain/shared/errors';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import { expectLedgersBalanced, storedCredits } from '../helpers/ledger';

// Both engines: the same rules for a unit of work.
describe('Units of work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a unit that awaits something besides the database in the middle commits whole, on either engine', async () => {
    const scope = `awaits-${Date.now()}`;
    const insert = (tx: Tx, key: string) =>
      tx.db
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: 'x', created_at: '2026-11-25T20:00:00+00:00' })
        .execute();
    const [result] = await Promise.all([
      t.app.tx(async (tx) => {
        await insert(tx, 'a');
        // The event loop turns here (a timer, a file, the network would too).
        await new Promise((resolve) => setImmediate(resolve));
        await insert(tx, 'b');
        return 'done';
      }),
      t.app.tx((tx) => insert(tx, 'c')),
    ]);
    expect(result).toBe('done');
    const kept = await t.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', scope)
      .orderBy('key')
      .execute();
    expect(kept.map((k) => k.key)).toEqual(['a', 'b', 'c']);
  });
});

// The group commit is SQLite's; PostgreSQL commits each transaction itself.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite group commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const commit = () => t.app.groupCommit!;
  const receive = (credits: number, contact: string = DEMO.anna) =>
    t.call({
      method: 'POST',
      url: '/credit-receptions',
      token: DEMO.registerKey,
      payload: { contact_uuid: contact, credits },
    });

  it('concurrent requests commit together: fewer batches and syncs than requests, every one acknowledged and kept', async () => {
    const before = { ...commit().stats };
    const startBalance = await storedCredits(t.app.db, DEMO.ben);
    const responses = await Promise.all(Array.from({ length: 40 }, () => receive(1, DEMO.ben)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    // Background jobs (session expiry) commit through the same group commit meanwhile; a batch of
    // theirs counted before `before` may sync after it, so syncs are held to batches over all time.
    const after = commit().stats;
    const units = after.units - before.units;
    expect(units).toBeGreaterThanOrEqual(40);
    expect(after.batches - before.batches).toBeLessThan(units);
    expect(after.syncs - before.syncs).toBeLessThan(units);
    expect(after.syncs).toBeLessThanOrEqual(after.batches);
    expect(await storedCredits(t.app.db, DEMO.ben)).toBe(startBalance + 40);
    await expectLedgersBalanced(t.app.db);
  });

  it('a failing unit rolls back alone; the others of its batch are kept', async () => {
    const marker = `group-commit-${Date.now()}`;
    // Each unit notes the batches committed before its own: one value, one batch.
    const batchOf: Record<string, number> = {};
    const write = (suffix: string, fail: boolean) =>
      commit().run(async (trx) => {
        batchOf[suffix] = commit().stats.batches;
        await sql`insert into idempotency_keys (scope, key, request_hash, created_at)
          values (${marker}, ${suffix}, 'x', '2026-01-01T00:00:00+00:00')`.execute(trx);
        if (fail) throw new ServiceError(1003);
        return suffix;
      });
    const outcomes = await Promise.allSettled([write('a', false), write('b', true), write('c', false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(new Set(Object.values(batchOf)).size).toBe(1);
    const kept = await t.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', marker)
      .orderBy('key')
      .execute();
    expect(kept.map((k) => k.key)).toEqual(['a', 'c']);
  });

  it('a unit that rolls back leaves nothing it read or wrote to the rest of its batch', async () => {
    const tx = (trx: Transaction<Database>): Tx => ({
      db: trx,
      now: new Date(),
      publish: () => {},
      lock: async () => {},
    });
    const name = `rolled-back-${Date.now()}`;
    const seen: string[] = [];
    const outcomes = await Promise.allSettled([
      commit().run(async (trx) => {
        seen[0] = (await receptionUnit(trx, undefined)).unit.name;
      }),
      commit().run(async (trx) => {
        await createUnit(tx(trx), { name, label: 'Rolled back', is_default: true });
        seen[1] = (await receptionUnit(trx, undefined)).unit.name;
        throw new ServiceError(1003);
      }),
      commit().run(async (trx) => {
        seen[2] = (await receptionUnit(trx, undefined)).unit.name;
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(seen[1]).toBe(name);
    expect(seen[0]).not.toBe(name);
    // The next unit of the batch reads the default as it is, not the rolled-back unit's.
    expect(seen[2]).toBe(seen[0]);
  });

  it('a refused request in a batch changes nothing while the others of the batch succeed', async () => {
    const start = await storedCredits(t.app.db, DEMO.carla);
    const responses = await Promise.all([
      receive(2, DEMO.carla),
      receive(-(start + 1000), DEMO.carla),
      receive(3, DEMO.carla),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 422, 201]);
    expect(await storedCredits(t.app.db, DEMO.carla)).toBe(start + 5);
    await expectLedgersBalanced(t.app.db);
  });

  it('answers only once its batch is on disk', async () => {
    const syncs = commit().stats.syncs;
    const response = await receive(1);
    expect(response.statusCode).toBe(201);
    expect(commit().stats.syncs).toBeGreaterThan(syncs);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'SQLite group commit after a failed fdatasync',
  () => {
    let t: TestApp;
    let broken: GroupCommit;
    // A log whose fdatasync fails, as on a disk that gave up.
    const failing: DurableLog = {
      sync: () => Promise.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })),
      close: async () => {},
    };
    beforeAll(async () => {
      t = await createTestApp({ groupCommit: (db) => (broken = new GroupCommit(db, failing)) });
    });
    afterAll(() => t.close());

    it('fails its batch, then refuses every write and read with 503, tells its listener once, and readiness fails', async () => {
      const heard: Error[] = [];
      broken.onBroken((err) => heard.push(err));
      const before = await storedCredits(t.app.db, DEMO.carla);

      const first = await t.call({
        method: 'POST',
        url: '/credit-receptions',
        token: DEMO.registerKey,
        payload: { contact_uuid: DEMO.carla, credits: 1 },
      });
      expect(first.statusCode).toBe(500);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toBeInstanceOf(DurabilityLost);

      let ran = false;
      await expect(
        broken.run(async () => {
          ran = true;
        }),
      ).rejects.toBeInstanceOf(DurabilityLost);
      expect(ran).toBe(false);
      const later = await t.call({
        method: 'POST',
        url: '/credit-receptions',
        token: DEMO.registerKey,
        payload: { contact_uuid: DEMO.carla, credits: 1 },
      });
      expect(later.statusCode, later.body).toBe(503);
      expect(later.headers['retry-after']).toBe('2');
      expect(later.json()).toMatchObject({ code: 1000 });
      const read = await t.call({ method: 'GET', url: `/contacts/${DEMO.carla}` });
      expect(read.statusCode, read.body).toBe(503);
      expect(read.headers['retry-after']).toBe('2');
      await expect(broken.settled()).rejects.toBeInstanceOf(DurabilityLost);
      const ready = await t.call({ method: 'GET', url: '/readyz', token: null });
      expect(ready.statusCode, ready.body).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not_ready',
        database: expect.stringMatching(/^unwritable: /),
      });
      expect(heard).toHaveLength(1);
      // The first batch committed before its sync failed: written, never acknowledged (500); after
      // a restart it is there or not, as the disk kept it.
      expect(await storedCredits(t.app.db, DEMO.carla)).toBe(before + 1);
    });
  },
);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite group commit: syncs and units', () => {
  let database: OpenDatabase;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-group-commit-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertKey = (trx: Transaction<Database>, scope: string, key: string) =>
    trx
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: 'x', created_at: '2026-11-25T20:00:00+00:00' })
      .execute();
  const keysOf = async (scope: string) =>
    (
      await database.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('scope', '=', scope)
        .orderBy('key')
        .execute()
    ).map((row) => row.key);
  /** Lets the event loop turn until `done` holds (no fixed sleep). */
  const until = async (done: () => boolean) => {
    for (let turn = 0; !done(); turn++) {
      if (turn > 10_000) throw new Error('never happened');
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('a batch that changed no row does not sync: ten read-only units one after the other, then a write that does', async () => {
    const commit = database.groupCommit!;
    const before = { ...commit.stats };
    for (let i = 0; i < 10; i++) await commit.run((trx) => trx.selectFrom('shops').selectAll().execute());
    expect(commit.stats.batches - before.batches).toBe(10);
    expect(commit.stats.syncs - before.syncs).toBe(0);
    await commit.run((trx) => insertKey(trx, 'read-only', 'written'));
    expect(commit.stats.syncs - before.syncs).toBe(1);
  });

  it('a batch whose only writes were rolled back does not sync', async () => {
    const commit = database.groupCommit!;
    const before = { ...commit.stats };
    const refused = commit.run(async (trx) => {
      await insertKey(trx, 'rolled-back', 'a');
      throw new ServiceError(1003);
    });
    await expect(refused).rejects.toBeInstanceOf(ServiceError);
    expect(commit.stats.syncs - before.syncs).toBe(0);
    expect(await keysOf('rolled-back')).toEqual([]);
  });

  it('a read-only batch answers only once the batch before it is on disk', async () => {
    let started = 0;
    let release = () => {};
    const gated: DurableLog = {
      sync: () =>
        new Promise<void>((resolve) => {
          started += 1;
          release = resolve;
        }),
      close: async () => {},
    };
    const commit = new GroupCommit(database.db, gated);
    const write = commit.run((trx) => insertKey(trx, 'gated', 'a'));
    await until(() => started === 1);
    let answered = false;
    const read = commit.run((trx) => trx.selectFrom('idempotency_keys').selectAll().execute());
    void read.then(() => {
      answered = true;
    });
    await until(() => commit.stats.batches === 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await write;
    expect((await read).some((row) => row.scope === 'gated')).toBe(true);
    expect(commit.stats.syncs).toBe(1);
    await commit.close();
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite log checkpoints', () => {
  it('run in a worker between batches, keep the log bounded under sustained writes and lose nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-checkpoints-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      const commit = first.groupCommit!;
      const log = join(dir, 'portal.sqlite-wal');
      let largest = 0;
      // 1,200 batches of 3 rows of 6 KB: some 40 MB of log frames if it were never started over.
      for (let batch = 0; batch < 1200; batch++) {
        await Promise.all(
          [0, 1, 2].map((unit) =>
            commit.run((trx) =>
              trx
                .insertInto('idempotency_keys')
                .values({
                  scope: 'checkpoints',
                  key: `${batch}-${unit}`,
                  request_hash: 'x'.repeat(6000),
                  created_at: '2026-11-25T20:00:00+00:00',
                })
                .execute(),
            ),
          ),
        );
        largest = Math.max(largest, statSync(log).size);
      }
      expect(commit.stats.batches).toBeGreaterThanOrEqual(1200);
      // One per 50 batches at most; fewer when a slow one (a loaded machine) is still under way.
      expect(commit.stats.checkpoints).toBeGreaterThanOrEqual(5);
      // 2,000 frames of 4 KB before a holding checkpoint, plus what comes in until it runs.
      expect(largest).toBeLessThan(16 * 1024 * 1024);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      const { count } = await again.db
        .selectFrom('idempotency_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('scope', '=', 'checkpoints')
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(3600);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
