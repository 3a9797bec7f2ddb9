// Runs the Vitest suite in a shuffled order (files, and tests within a file), so a test that leans on
// data another test left behind fails. Each run gets its own seed, printed with the command that
// replays it. `node scripts/vitest-shuffled.mjs [runs]`: `runs` runs (default 1; test:pg runs the
// files that touch the database once more on PostgreSQL with a seed of its own: two orders per CI
// run, a fresh pair each run). VITEST_SEED=n pins the seed of the first run (to replay a failure). The tests that need the built
// product (the CLI, the browser bundles) take PORTAL_DIST: the build `npm test` made, else one made
// here before the runs (productBuild).
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { productBuild } from './service-process.mjs';

/**
 * Runs Vitest `runs` times, each shuffled with a fresh seed, with `env`; answers the first failing
 * exit code, else 0. `label` names the database of a PostgreSQL run.
 */
export function runShuffled(runs, label, env = process.env, files = []) {
  const seeds = [];
  while (seeds.length < runs) {
    const seed =
      seeds.length === 0 && process.env.VITEST_SEED
        ? Number(process.env.VITEST_SEED)
        : randomInt(1, 1_000_000);
    if (!seeds.includes(seed)) seeds.push(seed);
  }
  for (const seed of seeds) {
    console.log(
      `Vitest${label ? ` on ${label}` : ''}, shuffled with seed ${seed} (replay: VITEST_SEED=${seed})`,
    );
    const args = ['vitest', 'run', '--sequence.shuffle', `--sequence.seed=${seed}`, ...files];
    const run = spawnSync('npx', args, {
      stdio: 'inherit',
      env,
    });
    if (run.status !== 0) {
      console.log(
        `Vitest failed with seed ${seed}: VITEST_SEED=${seed} npm run test:${label ? 'pg' : 'unit'}`,
      );
      return run.status ?? 1;
    }
  }
  return 0;
}

/**
 * Runs the suite (or `files`: Vitest's filters) `runs` times on the product's build (PORTAL_DIST,
 * else one made now).
 */
export async function runShuffledOnBuild(runs, label, files = []) {
  const dist = await productBuild('vitest');
  return runShuffled(runs, label, { ...process.env, PORTAL_DIST: dist }, files);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runShuffledOnBuild(Number(process.argv[2] ?? 1)));
}
