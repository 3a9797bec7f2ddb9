import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/db/database';
import { ensureDataFolder } from '../../src/service/startup-errors';

/*
 * The data folder and the SQLite files hold customers and token hashes: a new folder is the
 * service user's alone (0700), the database files are read and written by that user only (0600).
 */

const parents: string[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) rmSync(parent, { recursive: true, force: true });
});

function parent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-modes-'));
  parents.push(dir);
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('file modes', () => {
  it('a new data folder is 0700, its database, log and shared-memory files 0600', async () => {
    const dir = join(parent(), 'data', 'nested');
    ensureDataFolder(dir);
    expect(mode(dir)).toBe(0o700);
    const database = await openDatabase({ dataDir: dir });
    try {
      await sql`insert into account (id, name, brand, settings) values (1, 'x', '{}', '{}')`.execute(
        database.db,
      );
      for (const file of ['portal.sqlite', 'portal.sqlite-wal', 'portal.sqlite-shm']) {
        expect(existsSync(join(dir, file)), file).toBe(true);
        expect(mode(join(dir, file)), file).toBe(0o600);
      }
    } finally {
      await database.close();
    }
  });

  it('the database opens a folder made elsewhere too, and files an older start left readable become 0600', async () => {
    const dir = join(parent(), 'data');
    ensureDataFolder(dir);
    chmodSync(dir, 0o755);
    const file = join(dir, 'portal.sqlite');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    expect(mode(file)).toBe(0o600);
    // The folder is the operator's: left as it is.
    expect(mode(dir)).toBe(0o755);
  });
});
