import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, withStatementCache } from '../../src/service/db/database';
import { createTestDatabase, dropTestDatabase } from '../helpers/app';

describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  it('each connection prepares a query text Kysely sends once, by name', async () => {
    const url = (await createTestDatabase())!;
    const dir = mkdtempSync(join(tmpdir(), 'portal-prepared-'));
    const database = await openDatabase({ dataDir: dir, databaseUrl: url });
    try {
      const prepared = await database.db.connection().execute(async (conn) => {
        for (const id of [1, 2, 3])
          await conn.selectFrom('shops').select('name').where('id', '=', id).execute();
        return sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(conn);
      });
      const named = prepared.rows.filter((row) => row.statement.includes('from "shops" where "id" = $1'));
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toMatch(/^portal_\d+$/);
    } finally {
      await database.close();
      await dropTestDatabase(url);
      rmSync(dir, { recursive: true, force: true });
    }
  });

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

describe('the SQLite statement cache', () => {
  it('Kysely runs a repeated query text, read or write, through one prepared statement', async () => {
    const sqlite = new SQLite(':memory:');
    const prepare = sqlite.prepare.bind(sqlite);
    const texts: string[] = [];
    sqlite.prepare = ((source: string) => {
      texts.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    try {
      await db.schema.createTable('t').addColumn('id', 'integer').addColumn('name', 'text').execute();
      for (const id of [1, 2, 3])
        await db
          .insertInto('t')
          .values({ id, name: `n${id}` })
          .execute();
      for (const id of [1, 2, 3]) {
        const row = await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst();
        expect(row).toEqual({ name: `n${id}` });
      }
      const updated = await db.updateTable('t').set({ name: 'x' }).where('id', '>', 1).executeTakeFirst();
      expect(updated.numUpdatedRows).toBe(2n);
      expect(texts.filter((t) => t.startsWith('insert'))).toHaveLength(1);
      expect(texts.filter((t) => t.startsWith('select'))).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
