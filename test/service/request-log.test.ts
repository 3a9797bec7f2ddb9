import { describe, expect, it } from 'vitest';
import {
  builtCliTests,
  type CliProcess,
  freePort,
  spawnCli,
  tempDataDir,
  waitForBanner,
} from '../helpers/cli';

// The one log line per request of the built CLI, for a path no route serves.

const cleanups = builtCliTests();

describe('a request to an unknown path', () => {
  it('is logged with its path, never its query', async () => {
    const folder = tempDataDir();
    cleanups.push(folder.remove);
    const cli: CliProcess = spawnCli(['--port', String(await freePort()), '--data', folder.dir]);
    cleanups.push(() => cli.stop('SIGKILL'));
    const url = await waitForBanner(cli);
    await fetch(`${url}/wp-admin/setup.php?token=secret-in-query#frag`).then((r) => r.text());
    await fetch(`${url}/${'x'.repeat(2000)}`).then((r) => r.text());
    await fetch(`${url}/healthz?probe=1`).then((r) => r.text());
    expect(await cli.stop('SIGTERM')).toBe(0);
    const requests = cli
      .stdout()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === 'request' && e.method === 'GET');
    expect(requests.map((e) => [e.route, e.path, e.status])).toEqual([
      ['unmatched', '/wp-admin/setup.php', 404],
      ['unmatched', `/${'x'.repeat(511)}`, 404],
      ['/healthz', undefined, 200],
    ]);
    expect(cli.stdout()).not.toContain('secret-in-query');
  }, 60_000);
});
