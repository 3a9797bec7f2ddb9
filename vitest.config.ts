import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    // createTestApp (migrations, fixture, OpenAPI document) takes seconds on a busy machine.
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
