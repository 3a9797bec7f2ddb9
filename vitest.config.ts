import { defineConfig } from 'vitest/config';

/**
 * Two projects, one run (`npx vitest run` runs both): the service, domain and logic tests in Node
 * (`*.test.ts`), and the kiosk's and console's flow tests in a DOM (happy-dom) with the real
 * components over a fake portal API (`*.test.tsx`, test/helpers/fake-portal-api.ts).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    // createTestApp (migrations, fixture, OpenAPI document) takes seconds on a busy machine.
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Migrates the test apps' databases once per run (test/helpers/database-templates.ts).
          globalSetup: ['test/helpers/database-templates.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'dom', include: ['test/**/*.test.tsx'], environment: 'happy-dom' },
      },
    ],
  },
});
