// Runs the Vitest suite again on PostgreSQL when TEST_DATABASE_URL names a server (CI starts one);
// every test app then gets a database of its own there. Shuffled with a seed of its own
// (scripts/vitest-shuffled.mjs). Without a server, says so and skips.
import { runShuffledOnBuild } from './vitest-shuffled.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://user:password@host:5432/postgres (CI does).',
  );
  process.exit(0);
}
process.exit(await runShuffledOnBuild(1, `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`));
