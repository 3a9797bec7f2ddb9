import { defineConfig } from 'vitest/config';

/** The service's, the HTTP API's and the PHP SDK's tests: the ones that run a database. */
const DATABASE_TESTS = ['test/http/**/*.test.ts', 'test/service/**/*.test.ts', 'test/php/**/*.test.ts'];

/**
 * Three projects, one run (`npx vitest run` runs them all): `service`, the tests that run the real
 * app on a database (DATABASE_TESTS; `npm run test:pg` runs them again on PostgreSQL); `node`, the
 * domain and the screens' logic; `dom`, the kiosk's and console's flow tests in a DOM (happy-dom)
 * with the real components over a fake portal API (`*.test.tsx`, test/helpers/fake-portal-api.ts).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    // createTestApp (an app, its database copied, its OpenAPI document) takes seconds on a busy machine.
    hookTimeout: 30_000,
    pool: 'forks',
    // Two workers, also on two cores (Vitest's default is cores - 1): the database tests wait on
    // fsync, PostgreSQL and child processes much of the time, which a second worker fills.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'service',
          include: DATABASE_TESTS,
          environment: 'node',
          // Migrates the test apps' databases once per run (test/helpers/database-templates.ts).
          globalSetup: ['test/helpers/database-templates.ts'],
          // One module graph for all these files: each file re-importing the service (fastify, zod,
          // the routes) and reading the OpenAPI document anew cost about 2 s. They share no module
          // state that matters: every app, database and clock is a test's own.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: DATABASE_TESTS, environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'dom', include: ['test/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
});
