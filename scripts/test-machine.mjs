// What the tests need beyond npm packages: Debian's Chromium (the browser tests), a PostgreSQL server
// (the second Vitest run) and PHP with Guzzle (the real PHP SDK's test). On Debian or Ubuntu as root
// it installs what is missing (apt-get) and starts a PostgreSQL cluster on loopback with a role for
// the tests; elsewhere it stops at once with one line naming the packages to install. `npm test`
// (scripts/test.mjs) and `.ci/run` both run it; run alone, `node scripts/test-machine.mjs`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** The database the tests use when TEST_DATABASE_URL names none: this machine's, with its test role. */
export const LOCAL_TEST_DATABASE_URL = 'postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GUZZLE_AUTOLOAD = '/usr/share/php/GuzzleHttp/autoload.php';
const PHP_PACKAGES = [
  'php-cli',
  'php-curl',
  'php-mbstring',
  'php-xml',
  'php-guzzlehttp-guzzle',
  'php-guzzlehttp-psr7',
  'php-guzzlehttp-promises',
  'php-psr-http-message',
  'php-psr-http-client',
  'php-psr-http-factory',
];

const has = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** The newest PostgreSQL version with server binaries in Debian's layout, or undefined. */
function postgresVersion() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => existsSync(`${root}/${version}/bin/pg_ctl`))
    .sort((a, b) => Number(b) - Number(a))[0];
}

/** The Debian packages of what is missing, by what needs them. */
function missingPackages(needsLocalPostgres) {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium', 'fonts-dejavu-core');
  if (needsLocalPostgres && !postgresVersion() && !has('pg_isready', ['--version']))
    missing.push('postgresql');
  if (!has('php', ['-v']) || !existsSync(GUZZLE_AUTOLOAD)) missing.push(...PHP_PACKAGES);
  return missing;
}

// From / : the postgres user may not enter the checkout's folder.
function run(command, args) {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: '/' });
}

/** Starts this machine's PostgreSQL cluster and makes the tests' role (as root, Debian's layout). */
function startLocalPostgres() {
  const version = postgresVersion();
  const clusters = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).stdout ?? '';
  if (!clusters.split('\n').some((line) => line.startsWith(`${version} main `))) {
    run('pg_createcluster', [version, 'main']);
  }
  spawnSync('pg_ctlcluster', [version, 'main', 'start'], { stdio: 'ignore' });
  run('pg_isready', ['-q', '-h', '127.0.0.1', '-t', '30']);
  const role =
    "DO $$ BEGIN CREATE ROLE portal_ci SUPERUSER LOGIN PASSWORD 'portal_ci'; " +
    'EXCEPTION WHEN duplicate_object THEN NULL; END $$';
  run('su', ['postgres', '-c', `psql -q -c "${role.replaceAll('$', '\\$')}"`]);
}

/**
 * Makes this machine ready for every test, or exits the process with one line saying what to install.
 * @returns the environment the tests run with: TEST_DATABASE_URL (as given, else this machine's).
 */
export function prepareTestMachine() {
  const given = process.env.TEST_DATABASE_URL;
  const missing = missingPackages(!given);
  const root = process.getuid?.() === 0;
  const debian = existsSync('/etc/debian_version') && has('apt-get', ['--version']);
  if (missing.length > 0) {
    if (!root || !debian) {
      const database = missing.includes('postgresql')
        ? ' (or set TEST_DATABASE_URL=postgres://user:password@host:5432/postgres for postgresql)'
        : '';
      process.stderr.write(
        `The tests need packages this machine lacks: install ${missing.join(' ')}${database}; ` +
          'on Debian or Ubuntu, npm test run as root installs them itself.\n',
      );
      process.exit(1);
    }
    process.stderr.write(`Installing what the tests need: ${missing.join(' ')}\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
  }
  if (given) return { TEST_DATABASE_URL: given };
  if (root && debian) startLocalPostgres();
  else if (!has('pg_isready', ['-q', '-h', '127.0.0.1'])) {
    process.stderr.write(
      'The tests need a PostgreSQL server: start it on 127.0.0.1:5432 with the role portal_ci ' +
        '(password portal_ci), or set TEST_DATABASE_URL=postgres://user:password@host:5432/postgres.\n',
    );
    process.exit(1);
  }
  return { TEST_DATABASE_URL: LOCAL_TEST_DATABASE_URL };
}

if (import.meta.url === `file://${process.argv[1]}`) prepareTestMachine();
