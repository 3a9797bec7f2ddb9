// Runs the Vitest suite again on PostgreSQL when TEST_DATABASE_URL names a server (CI starts one);
// every test app then gets a database of its own there. Without it, says so and skips.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://user:password@host:5432/postgres (CI does).',
  );
  process.exit(0);
}
console.log(`Vitest on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`);
const run = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
