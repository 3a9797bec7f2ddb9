import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * Why a PostgreSQL server of a test's own cannot run here (no server binaries; as root, no
 * `postgres` user to run it as), or undefined when it can. CI installs the binaries and runs as root.
 */
export function ownClusterUnavailable(): string | undefined {
  if (!binDir()) return 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt install postgresql)';
  if (userInfo().uid === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root without a postgres user to run the server as';
  }
  return undefined;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/**
 * A PostgreSQL server of the test's own, in a temp folder on `port` (loopback, trust auth, user
 * `portal`), that the test may stop, start and restart (never the shared one). As root it runs as
 * the `postgres` user, as PostgreSQL requires.
 */
export class OwnCluster {
  private readonly bin: string;
  private readonly parent: string;
  private readonly data: string;
  private readonly asRoot = userInfo().uid === 0;

  constructor(readonly port: number) {
    const bin = binDir();
    if (!bin) throw new Error('no PostgreSQL server binaries');
    this.bin = bin;
    this.parent = mkdtempSync(join(tmpdir(), 'portal-pg-'));
    chmodSync(this.parent, 0o755);
    this.data = join(this.parent, 'data');
    mkdirSync(this.data, { mode: 0o700 });
    if (this.asRoot) {
      const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
      chownSync(this.data, id('-u'), id('-g'));
    }
    this.run('initdb', ['-D', this.data, '-U', 'portal', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }

  /** `postgres://portal@127.0.0.1:<port>/<database>`. */
  url(database = 'postgres'): string {
    return `postgres://portal@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    this.pgCtl('start');
  }

  /** Restarts with `-m fast`: every open connection is ended (57P01) and in-flight transactions roll back. */
  restart(): void {
    this.pgCtl('restart');
  }

  /** Stops the server and deletes its folder. */
  remove(): void {
    if (existsSync(join(this.data, 'postmaster.pid')))
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', 'stop']);
    rmSync(this.parent, { recursive: true, force: true });
  }

  private pgCtl(action: 'start' | 'restart'): void {
    const options = `-p ${this.port} -k ${this.data} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-m',
      'fast',
      '-w',
      '-t',
      '60',
      '-o',
      options,
      '-l',
      join(this.data, 'log'),
      action,
    ]);
  }

  private run(program: string, args: string[]): void {
    const command = join(this.bin, program);
    const result = this.asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], {
          encoding: 'utf8',
          cwd: this.parent,
        })
      : spawnSync(command, args, { encoding: 'utf8', cwd: this.parent });
    if (result.status !== 0) {
      throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
    }
  }
}
