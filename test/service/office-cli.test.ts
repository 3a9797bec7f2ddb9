import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOwnerEmail } from '../../src/service/domain/office/owner';
import { createTestDatabase, dropTestDatabase } from '../helpers/app';
import {
  builtCliTests,
  type CliProcess,
  freePort,
  runCliToExit,
  spawnCli,
  tempDataDir,
  waitForBanner,
} from '../helpers/cli';

// The office's way in for a server operator (docs/office.md "Signing in"): the owner made on the
// first start, `portal create-owner` and `portal reset-password`, on SQLite or PostgreSQL.

const cleanups = builtCliTests();

/** The options of a fresh database: a data folder, and a PostgreSQL database under TEST_DATABASE_URL. */
async function freshDatabase(): Promise<string[]> {
  const folder = tempDataDir();
  cleanups.push(folder.remove);
  // An account without staff, so that the first start makes the owner.
  const fixture = join(folder.parent, 'shop.json');
  writeFileSync(
    fixture,
    JSON.stringify({
      version: 1,
      account: { name: 'Corner Shop' },
      shops: [{ id: 1, uuid: 'c0000000-0000-4000-8000-000000000001', name: 'Corner' }],
    }),
  );
  const args = ['--data', folder.dir, '--fixture', fixture];
  if (!process.env.TEST_DATABASE_URL) return args;
  const url = (await createTestDatabase())!;
  cleanups.push(() => dropTestDatabase(url));
  return [...args, '--database-url', url];
}

async function start(args: string[]): Promise<{ cli: CliProcess; url: string }> {
  const cli = spawnCli(['--port', String(await freePort()), ...args]);
  cleanups.push(() => cli.stop('SIGKILL'));
  return { cli, url: await waitForBanner(cli) };
}

const post = (url: string, path: string, body: object) =>
  fetch(`${url}/office/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const tokenOf = (text: string) => /\/office\/\?reset=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('the office on the command line', { timeout: 120_000 }, () => {
  it('--help lists the two commands and --owner-email', async () => {
    const result = await runCliToExit(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('create-owner --email <e-mail> [--name <name>]');
    expect(result.stdout).toContain('reset-password --email <e-mail>');
    expect(result.stdout).toMatch(/--owner-email <value> .*\[OWNER_EMAIL\]/);
  });

  it('the first start without staff makes the owner and prints a one-time link, never a password', async () => {
    const database = await freshDatabase();
    const { cli, url } = await start([...database, '--owner-email', 'Boss@Shop.example']);
    const banner = cli.stderr();
    expect(banner).toContain('first sign-in: the owner boss@shop.example sets a password at');
    const token = tokenOf(banner)!;
    expect(token).toBeTruthy();
    expect(banner).not.toContain('demo-owner-pass');
    const set = await post(url, '/password-reset', { token, password: 'boss-password-1' });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { staff: { role: string } }).staff.role).toBe('owner');
    expect(
      (await post(url, '/sign-in', { email: 'boss@shop.example', password: 'boss-password-1' })).status,
    ).toBe(200);
    // Used once.
    expect((await post(url, '/password-reset', { token, password: 'boss-password-2' })).status).toBe(401);
    expect(await cli.stop()).toBe(0);
    // The next start has staff: no owner made, no link.
    const again = await start(database);
    expect(again.cli.stderr()).not.toContain('first sign-in');
    expect(await again.cli.stop()).toBe(0);
  });

  it('create-owner and reset-password print a link on --portal-url; a bad or unknown address exits 2', async () => {
    const database = await freshDatabase();
    const portal = ['--portal-url', 'https://portal.shop.example/portal/'];
    const made = await runCliToExit([
      'create-owner',
      '--email',
      'Ops@Shop.example',
      '--name',
      'Olga',
      ...database,
      ...portal,
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('Made Olga <ops@shop.example>: an owner of the office.');
    expect(made.stdout).toMatch(/https:\/\/portal\.shop\.example\/office\/\?reset=[A-Za-z0-9_-]+\n/);

    for (const [args, message] of [
      [
        ['reset-password', '--email', 'nobody@shop.example'],
        'no staff member has the e-mail address nobody@shop.example',
      ],
      [['reset-password', '--email', 'not-an-address'], '--email: "not-an-address" is not an e-mail address'],
      [['create-owner', '--email', 'x@'], '--email: "x@" is not an e-mail address'],
      [['create-owner'], 'give --email <e-mail>'],
    ] as const) {
      const result = await runCliToExit([...args, ...database]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }

    const reset = await runCliToExit([
      'reset-password',
      '--email',
      'ops@shop.example',
      ...database,
      ...portal,
    ]);
    expect(reset.code, reset.stderr).toBe(0);
    const token = tokenOf(reset.stdout)!;
    // The service on that database takes the link (the first start makes no other owner).
    const { cli, url } = await start(database);
    expect(cli.stderr()).not.toContain('first sign-in');
    expect((await post(url, '/password-reset', { token, password: 'olga-password-1' })).status).toBe(200);
    expect(
      (await post(url, '/sign-in', { email: 'ops@shop.example', password: 'olga-password-1' })).status,
    ).toBe(200);
    // The earlier link of create-owner was voided by the new password.
    expect(
      (await post(url, '/password-reset', { token: tokenOf(made.stdout), password: 'x'.repeat(12) })).status,
    ).toBe(401);
    expect(await cli.stop()).toBe(0);
  });

  it('without --owner-email, the owner is owner@<host of --portal-url>', () => {
    expect(defaultOwnerEmail('https://portal.shop.example/portal/')).toBe('owner@portal.shop.example');
    expect(defaultOwnerEmail('http://127.0.0.1:8080/portal/')).toBe('owner@portal.localhost');
  });
});
