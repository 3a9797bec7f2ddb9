import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/db/database';
import { createTestDatabase, dropTestDatabase } from '../helpers/app';

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  it('survive another process changing the schema: one refused query, then fresh connections', async () => {
    const url = (await createTestDatabase())!;
    const dir = mkdtempSync(join(tmpdir(), 'portal-prepared-'));
    const database = await openDatabase({ dataDir: dir, databaseUrl: url });
    try {
      const read = () => database.db.selectFrom('shops').selectAll().execute();
      await read();
      await read();
      // Another process (a newer version) adds a column: the prepared `select *` changes result type.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('ALTER TABLE shops ADD COLUMN added_later text');
      await other.end();
      const outcomes: string[] = [];
      for (let i = 0; i < 4; i++) {
        outcomes.push(
          await read().then(
            () => 'ok',
            (err: { code?: string }) => String(err.code),
          ),
        );
      }
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === '0A000')).toBe(true);
      expect(outcomes.at(-1)).toBe('ok');
      expect((await sql<{ n: number }>`SELECT 1 AS n`.execute(database.db)).rows).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
      await dropTestDatabase(url);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
