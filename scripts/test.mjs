// `npm test`: every test, from any checkout. Makes the machine ready (scripts/test-machine.mjs), then
// runs, stopping at the first failure: Biome and dependency-cruiser, tsc, one build of the product
// (service, kiosk, cashier console; copied to test-results/test-dist, which every later step takes
// as PORTAL_DIST), Vitest on SQLite (shuffled), Vitest on PostgreSQL (the files that touch the
// database, shuffled anew) and Playwright in Chromium.
import { productBuild, run } from './service-process.mjs';
import { prepareTestMachine } from './test-machine.mjs';

const started = Date.now();
const env = { ...process.env, ...prepareTestMachine() };

/** Runs `npm run <script>` with the tests' environment; exits with its code when it fails. */
async function step(script) {
  const code = await run('npm', ['run', script], env);
  if (code !== 0) {
    process.stderr.write(`npm test: ${script} failed (exit code ${code})\n`);
    process.exit(code);
  }
}

await step('lint');
await step('typecheck');
env.PORTAL_DIST = await productBuild('test');
await step('test:unit');
await step('test:pg');
await step('test:e2e');
process.stdout.write(`npm test: every test passed in ${Math.round((Date.now() - started) / 1000)} s\n`);
