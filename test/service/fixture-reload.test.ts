import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/db/database';
import { demoAccountFixture } from '../../src/service/fixture/seed';
import { DEMO } from '../helpers/app';
import {
  builtCliTests,
  type CliProcess,
  freePort,
  runCliToExit,
  spawnCli,
  tempDataDir,
  waitForBanner,
} from '../helpers/cli';
import { readEvents } from '../helpers/sse';

// SIGHUP loads --fixture again into the running service (docs/operations.md "Revocation").

const cleanups = builtCliTests();

async function waitForLog(cli: CliProcess, msg: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = cli
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.msg === msg);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no "${msg}" in the log:\n${cli.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SIGHUP', () => {
  it('loads the fixture again: a credential it no longer lists gets 401 and its stream ends; a bad fixture changes nothing', async () => {
    const folder = tempDataDir();
    cleanups.push(folder.remove);
    // Its pictures are named by absolute paths, so the file may live anywhere.
    const fixture = demoAccountFixture();
    const file = join(folder.parent, 'fixture.json');
    writeFileSync(file, JSON.stringify(fixture));
    const cli = spawnCli(['--port', String(await freePort()), '--data', folder.dir, '--fixture', file]);
    cleanups.push(() => cli.stop('SIGKILL'));
    const url = await waitForBanner(cli);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const created = await fetch(`${url}/portal-sessions`, {
      method: 'POST',
      headers: { ...auth(DEMO.registerKey), 'content-type': 'application/json' },
      body: '{}',
    });
    const uuid = ((await created.json()) as { data: { uuid: string } }).data.uuid;
    const stream = await readEvents(`${url}/portal-sessions/${uuid}/events/stream`, auth(DEMO.apiKey));
    cleanups.push(() => stream.close());
    expect((await fetch(`${url}/contacts/${DEMO.anna}`, { headers: auth(DEMO.apiKey) })).status).toBe(200);

    writeFileSync(file, '{ not json');
    cli.child.kill('SIGHUP');
    expect((await waitForLog(cli, 'fixture not loaded; the one loaded before stays')).level).toBe(50);
    expect((await fetch(`${url}/contacts/${DEMO.anna}`, { headers: auth(DEMO.apiKey) })).status).toBe(200);

    writeFileSync(
      file,
      JSON.stringify({ ...fixture, credentials: fixture.credentials.filter((c) => c.token !== DEMO.apiKey) }),
    );
    cli.child.kill('SIGHUP');
    await waitForLog(cli, 'fixture loaded again');
    await stream.ended();
    expect((await fetch(`${url}/contacts/${DEMO.anna}`, { headers: auth(DEMO.apiKey) })).status).toBe(401);
    expect((await fetch(`${url}/portal-sessions/${uuid}`, { headers: auth(DEMO.registerKey) })).status).toBe(
      200,
    );
  }, 60_000);

  it("refuses a reload, then a start, that would undo the office's changes; the service goes on", async () => {
    const folder = tempDataDir();
    cleanups.push(folder.remove);
    const file = join(folder.parent, 'fixture.json');
    writeFileSync(file, JSON.stringify(demoAccountFixture()));
    const args = async () => ['--port', String(await freePort()), '--data', folder.dir, '--fixture', file];
    const cli = spawnCli(await args());
    cleanups.push(() => cli.stop('SIGKILL'));
    const url = await waitForBanner(cli);

    // The office renames a shop: straight in the database, with the audit entry the office writes.
    const database = await openDatabase({ dataDir: folder.dir });
    await database.db.updateTable('shops').set({ name: 'Amsterdam Centraal' }).where('id', '=', 1).execute();
    await database.db
      .insertInto('audit_log')
      .values({
        at: new Date().toISOString(),
        // A person's change (the demo owner's id): what makes the shop the office's.
        staff_id: 1,
        staff_name: 'Olga Owner',
        device_name: null,
        address: null,
        action: 'shop.updated',
        subject_type: 'shop',
        subject_uuid: DEMO.shop,
        shop_id: 1,
        contact_id: null,
        before: null,
        after: null,
      })
      .execute();
    await database.close();
    const renamed = 'shops[0] "Demo Coffee Amsterdam": the office renamed it "Amsterdam Centraal"';

    cli.child.kill('SIGHUP');
    const refused = await waitForLog(
      cli,
      "fixture not loaded: it would undo the office's changes (see differences); nothing was written",
    );
    expect([refused.level, refused.differences]).toEqual([50, [renamed]]);
    const auth = { authorization: `Bearer ${DEMO.apiKey}` };
    expect((await fetch(`${url}/contacts/${DEMO.anna}`, { headers: auth })).status).toBe(200);
    await cli.stop();

    // Started again with the same fixture: it stops with the difference and what to do.
    const again = await runCliToExit(await args());
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(renamed);
    expect(again.stderr).toContain('--fixture-mode=replace');
    // With add-only it starts, and the office's name stays.
    const kept = spawnCli([...(await args()), '--fixture-mode', 'add-only']);
    cleanups.push(() => kept.stop('SIGKILL'));
    await waitForBanner(kept);
    expect(kept.stderr()).toContain("add-only: 1 change(s) of the office's kept");
  }, 90_000);
});
