import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/db/database';
import { precompile } from '../../src/service/db/precompiled';
import { createTestDatabase, dropTestDatabase } from '../helpers/app';

// One shape, two named values, a value used twice and a constant (the limit).
const shopsNamed = precompile((db, p: { first: string; second: string }) =>
  db
    .selectFrom('shops')
    .select(['name', sql<string>`cast(${p.first} as text) || '/' || cast(${p.first} as text)`.as('twice')])
    .where((eb) => eb.or([eb('name', '=', p.first), eb('name', '=', p.second)]))
    .orderBy('name')
    .limit(5),
);

describe('precompiled queries', () => {
  it('run the SQL Kysely builds, with each call its own values, in and out of a transaction', async () => {
    const databaseUrl = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'portal-precompiled-'));
    const { db, close } = await openDatabase({ dataDir: dir, databaseUrl });
    try {
      for (const [id, name] of ['Alpha', 'Beta', 'Gamma'].entries()) {
        await db
          .insertInto('shops')
          .values({ id: id + 1, uuid: `uuid-${name}`, name })
          .execute();
      }
      const built = db
        .selectFrom('shops')
        .select([
          'name',
          sql<string>`cast(${'Alpha'} as text) || '/' || cast(${'Alpha'} as text)`.as('twice'),
        ])
        .where((eb) => eb.or([eb('name', '=', 'Alpha'), eb('name', '=', 'Gamma')]))
        .orderBy('name')
        .limit(5);
      expect((await shopsNamed.execute(db, { first: 'Alpha', second: 'Gamma' })).rows).toEqual(
        await built.execute(),
      );
      expect((await shopsNamed.execute(db, { first: 'Beta', second: 'Gamma' })).rows).toEqual([
        { name: 'Beta', twice: 'Beta/Beta' },
        { name: 'Gamma', twice: 'Beta/Beta' },
      ]);
      expect(await shopsNamed.first(db, { first: 'Delta', second: 'Omega' })).toBeUndefined();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('shops').set({ name: 'Alpha 2' }).where('name', '=', 'Alpha').execute();
        // Sees the transaction's own write.
        expect(await shopsNamed.first(trx, { first: 'Alpha 2', second: 'none' })).toEqual({
          name: 'Alpha 2',
          twice: 'Alpha 2/Alpha 2',
        });
      });
    } finally {
      await close();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
