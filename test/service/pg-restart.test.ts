import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/service/db/schema';
import { LISTENER_APPLICATION_NAME } from '../../src/service/events/bus';
import { DEMO } from '../helpers/app';
import { type CliProcess, freePort, spawnCli, tempDataDir, waitForBanner } from '../helpers/cli';
import { expectLedgersBalanced } from '../helpers/ledger';
import { OwnCluster, ownClusterUnavailable } from '../helpers/pg-cluster';
import { type ReceivedEvent, readEvents } from '../helpers/sse';

// A server of the test's own, restarted under load (the shared one is never restarted). Part of
// the PostgreSQL run (npm run test:pg, CI); it needs PostgreSQL's server binaries.
const unavailable = process.env.TEST_DATABASE_URL ? ownClusterUnavailable() : 'not the PostgreSQL run';
if (unavailable) console.warn(`PostgreSQL restart test skipped: ${unavailable}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = { 'content-type': 'application/json', authorization: `Bearer ${DEMO.apiKey}` };

describe.skipIf(unavailable)('a PostgreSQL restart under load', () => {
  let cluster: OwnCluster;
  const processes: CliProcess[] = [];
  const dataDirs: { remove(): void }[] = [];
  beforeAll(async () => {
    cluster = new OwnCluster(await freePort());
    cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE portal');
    await admin.end();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    for (const dir of dataDirs) dir.remove();
    cluster?.remove();
  }, 60_000);

  it('keeps every process serving: 503 + Retry-After meanwhile, no acknowledged write or event lost', async () => {
    // Two service processes on one database, as behind a load balancer.
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const data = tempDataDir();
      dataDirs.push(data);
      const cli = spawnCli(
        [
          '--port',
          String(await freePort()),
          '--data',
          data.dir,
          '--rate-limit',
          '0',
          '--log-level',
          'silent',
        ],
        { env: { DATABASE_URL: cluster.url('portal') } },
      );
      processes.push(cli);
      bases.push(await waitForBanner(cli));
    }

    // Identify sessions whose events the POS follows on the other process than the kiosk uses.
    const sessions: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${bases[0]}/portal-sessions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ shop_uuid: DEMO.shop }),
      });
      expect(res.status).toBe(201);
      sessions.push(((await res.json()) as { data: { uuid: string } }).data.uuid);
    }
    const received = new Map<string, string[]>(sessions.map((s) => [s, []]));
    const streams = await Promise.all(
      sessions.map(async (uuid, i) => {
        const stream = await readEvents(`${bases[(i + 1) % 2]}/portal-sessions/${uuid}/events/stream`, {
          authorization: `Bearer ${DEMO.apiKey}`,
        });
        void (async () => {
          for (;;) {
            const event: ReceivedEvent = await stream.next(120_000);
            received.get(uuid)!.push(event.id!);
          }
        })().catch(() => undefined);
        return stream;
      }),
    );

    const counting = new pg.Client({ connectionString: cluster.url('portal') });
    await counting.connect();
    const receptionsBefore = Number(
      (await counting.query('SELECT count(*) AS n FROM credit_receptions')).rows[0].n,
    );
    await counting.end();

    // Load: credit receptions and kiosk identifications on both processes until told to stop.
    // Each reception has an Idempotency-Key and is retried with it until acknowledged (docs/postgresql.md): a
    // commit that reached the server just before its connection broke answers 503, and its retry
    // must answer the same reception instead of crediting twice.
    const acknowledged: string[] = [];
    const refusals: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const answer = async (res: Response) => {
      count(res.status);
      const body = (await res.json()) as { data?: { uuid: string }; code?: number; status_code?: number };
      if (res.status >= 300) {
        const wellFormed =
          res.status === 503 &&
          body.code === 1000 &&
          body.status_code === 503 &&
          res.headers.get('retry-after') === '2';
        if (!wellFormed) refusals.push(`${res.status} ${JSON.stringify(body)}`);
      }
      return body;
    };
    const receptions = async (worker: number) => {
      for (let n = 0; !stop; n++) {
        const key = `reception-${worker}-${n}`;
        for (;;) {
          const res = await fetch(`${bases[worker % 2]}/credit-receptions`, {
            method: 'POST',
            headers: { ...json, 'idempotency-key': key },
            body: JSON.stringify({ contact_uuid: DEMO.anna, credits: 1, shop_uuid: DEMO.shop }),
          }).catch(() => undefined);
          if (!res) {
            refusals.push('connection refused by the service');
            continue;
          }
          const body = await answer(res);
          if (res.status === 201) {
            acknowledged.push(body.data!.uuid);
            break;
          }
          await sleep(50);
        }
      }
    };
    const identifications = async (worker: number) => {
      while (!stop) {
        const res = await fetch(`${bases[worker % 2]}/portal/api/sessions/${sessions[worker]}/identify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value: worker % 2 ? 'CARD-0001' : 'CARD-0002' }),
        }).catch(() => undefined);
        if (!res) {
          refusals.push('connection refused by the service');
          continue;
        }
        await answer(res);
        await sleep(res.status === 200 ? 20 : 50);
      }
    };
    const load = Promise.all([
      ...Array.from({ length: 6 }, (_, i) => receptions(i)),
      ...sessions.map((_, i) => identifications(i)),
    ]);

    await sleep(2000);
    const before = acknowledged.length;
    cluster.restart();
    // Each process serves again by itself once the database is back.
    for (const base of bases) {
      const deadline = Date.now() + 30_000;
      while (
        (await fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) !== 200
      ) {
        if (Date.now() > deadline) throw new Error(`${base} did not become ready again`);
        await sleep(100);
      }
    }
    const afterRestart = acknowledged.length;
    await sleep(2000);
    stop = true;
    await load;

    expect(processes.map((p) => p.child.exitCode ?? p.child.signalCode)).toEqual([null, null]);
    expect(refusals).toEqual([]);
    expect(before).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(afterRestart);

    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: cluster.url('portal') }) }),
    });
    try {
      // Every acknowledged credit reception is stored, and every balance equals its ledger.
      const stored = new Set(
        (await db.selectFrom('credit_receptions').select('uuid').execute()).map((r) => r.uuid),
      );
      expect(acknowledged.filter((uuid) => !stored.has(uuid))).toEqual([]);
      // Every key credited once: as many new receptions as keys, each acknowledged once.
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      expect(stored.size - receptionsBefore).toBe(acknowledged.length);
      await expectLedgersBalanced(db);

      // Every stored event reached its stream once, in order, though the listener reconnected.
      await sleep(1000);
      for (const uuid of sessions) {
        const events = await db
          .selectFrom('portal_session_events')
          .innerJoin('portal_sessions', 'portal_sessions.id', 'portal_session_events.portal_session_id')
          .select('portal_session_events.uuid')
          .where('portal_sessions.uuid', '=', uuid)
          .orderBy('portal_session_events.id')
          .execute();
        expect(events.length).toBeGreaterThan(0);
        expect(received.get(uuid)).toEqual(events.map((e) => e.uuid));
      }

      // One LISTEN connection per process, as before the restart.
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME}`.execute(
        db,
      );
      expect(rows[0]!.n).toBe(2);
    } finally {
      for (const stream of streams) stream.close();
      await db.destroy();
    }
    console.log(
      `restart under load: ${acknowledged.length} credit receptions acknowledged, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 180_000);
});
