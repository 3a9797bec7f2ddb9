import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/db/database';
import { DEMO } from '../helpers/app';
import { buildCli, freePort, removeCliBuild, spawnCli, tempDataDir, waitForBanner } from '../helpers/cli';
import { expectLedgersBalanced } from '../helpers/ledger';

// The built CLI on SQLite, killed with SIGKILL while it is writing: what it acknowledged survives.

beforeAll(() => {
  buildCli();
}, 60_000);
afterAll(() => removeCliBuild());

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 of an SQLite service under load', () => {
  it('loses no acknowledged credit reception, and every balance equals its ledger', async () => {
    const folder = tempDataDir();
    const cli = spawnCli(['--port', String(await freePort()), '--data', folder.dir, '--rate-limit', '0']);
    try {
      const url = await waitForBanner(cli);
      const acknowledged: string[] = [];
      let killed = false;
      const contacts = [DEMO.anna, DEMO.ben, DEMO.carla, DEMO.dirk];
      // 8 clients write until the process is gone; only 201s with a body count as acknowledged.
      const client = async (n: number) => {
        while (!killed) {
          try {
            const response = await fetch(`${url}/credit-receptions`, {
              method: 'POST',
              headers: { authorization: `Bearer ${DEMO.registerKey}`, 'content-type': 'application/json' },
              body: JSON.stringify({ contact_uuid: contacts[n % contacts.length], credits: 1 + (n % 3) }),
            });
            const body = (await response.json()) as { data?: { uuid?: string } };
            if (response.status === 201 && body.data?.uuid) acknowledged.push(body.data.uuid);
          } catch {
            // The connection died with the process.
          }
        }
      };
      const clients = Array.from({ length: 8 }, (_, n) => client(n));
      while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20));
      cli.child.kill('SIGKILL');
      expect(await cli.exited).toBe('SIGKILL');
      killed = true;
      await Promise.all(clients);

      const database = await openDatabase({ dataDir: folder.dir });
      try {
        const stored = await database.db
          .selectFrom('credit_receptions')
          .select('uuid')
          .where('uuid', 'in', acknowledged)
          .execute();
        expect(stored.length).toBe(acknowledged.length);
        await expectLedgersBalanced(database.db);
      } finally {
        await database.close();
      }
    } finally {
      await cli.stop('SIGKILL');
      folder.remove();
    }
  }, 60_000);
});
