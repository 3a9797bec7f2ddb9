import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/service/db/database';
import { loadFixture } from '../../src/service/fixture/load';
import { demoAccountFixture } from '../../src/service/fixture/seed';

/**
 * Where a test app's database starts (createTestApp): a database migrated once per Vitest run,
 * empty (`schema`) or with the demo account loaded at TestClock's start (`demo`), copied for each
 * app instead of migrating anew (migrating takes ~0.1–0.3 s on SQLite, ~0.7 s on PostgreSQL). On
 * SQLite, the paths of two database files; on PostgreSQL (TEST_DATABASE_URL), the names of two
 * template databases (`CREATE DATABASE … TEMPLATE`).
 */
export interface DatabaseTemplates {
  schema: string;
  demo: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** When the demo account is loaded: TestClock's start (helpers/app.ts). */
export const TEMPLATE_FIXTURE_TIME = new Date('2026-11-21T10:00:00.000Z');

/** Vitest global setup: makes the two templates before the run, removes them after it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const names = { schema: '', demo: '' };
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      for (const kind of ['schema', 'demo'] as const) {
        names[kind] = `portal_template_${kind}_${randomBytes(4).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${names[kind]}`);
        const url = new URL(server);
        url.pathname = `/${names[kind]}`;
        await fill(url.toString(), kind);
      }
    } finally {
      await admin.end();
    }
    project.provide('databaseTemplates', names);
    return async () => {
      const drop = new pg.Client({ connectionString: server });
      await drop.connect();
      for (const name of Object.values(names))
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-templates-'));
  const files = { schema: join(dir, 'schema.sqlite'), demo: join(dir, 'demo.sqlite') };
  for (const kind of ['schema', 'demo'] as const) {
    const data = join(dir, kind);
    await fill(undefined, kind, data);
    if (existsSync(join(data, 'portal.sqlite-wal')) && statSync(join(data, 'portal.sqlite-wal')).size > 0)
      throw new Error('the SQLite template kept a log: its file alone is not the whole database');
    copyFileSync(join(data, 'portal.sqlite'), files[kind]);
  }
  project.provide('databaseTemplates', files);
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** Migrates a database (PostgreSQL at `databaseUrl`, else SQLite in `dataDir`), the demo account in `demo`. */
async function fill(databaseUrl: string | undefined, kind: 'schema' | 'demo', dataDir = tmpdir()) {
  const database = await openDatabase({ dataDir, databaseUrl });
  if (kind === 'demo') await loadFixture(database.db, demoAccountFixture(), TEMPLATE_FIXTURE_TIME);
  // Closing checkpoints SQLite's log into the database file: the file alone is the whole database.
  await database.close();
}
