// Runs the Vitest files that touch the database again on PostgreSQL when TEST_DATABASE_URL names a
// server (CI starts one); every test app then gets a database of its own there. Shuffled with a seed
// of its own (scripts/vitest-shuffled.mjs). Without a server, says so and skips.
// The files are the Vitest project `service` (test/service, test/http, test/php; vitest.config.ts):
// what differs by engine. The kiosk's, the console's and the other logic tests run no database,
// so the SQLite run proves them.
import { runShuffledOnBuild } from './vitest-shuffled.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://user:password@host:5432/postgres (CI does).',
  );
  process.exit(0);
}
process.exit(
  await runShuffledOnBuild(1, `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`, [
    '--project',
    'service',
  ]),
);
